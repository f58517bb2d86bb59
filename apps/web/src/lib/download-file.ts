import type { RouteDef } from '@insightra/contract/public';
import { apiFetch, type RequestOptions } from './api-client';
import { fileNameFrom } from './file-name';
import { saveBlob } from './save-blob';

/**
 * Fetches a file route with the bearer header and saves the answer under the name the server gave it
 * (`fallbackName` when it gave none). A refusal throws the ApiError with the server's message.
 */
export async function downloadFile<R extends RouteDef>(
  route: R,
  options: RequestOptions<R>,
  fallbackName: string,
): Promise<void> {
  const response = await apiFetch(route, options);
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('content-disposition'), fallbackName));
}
