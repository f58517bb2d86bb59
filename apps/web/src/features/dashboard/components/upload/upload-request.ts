import { api, MESSAGES, UPLOAD_FIELD } from '@insightra/contract';
import { type ApiAnswer, ApiError } from '../../../../lib/api-client';
import { apiUpload, type UploadProgress } from '../../../../lib/api-upload';

/** The answer of an accepted upload, as the contract declares it. */
export type UploadAnswer = ApiAnswer<typeof api.uploads.upload>;

/**
 * Sends the file with its progress (`onProgress` gets the bytes sent, then `onProcessing` fires once the
 * whole body is out and the server works). A failure reads as `uploadFailure` words it.
 */
export function sendUpload(
  file: File,
  handlers: UploadProgress,
): { done: Promise<UploadAnswer>; abort: () => void } {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return apiUpload(api.uploads.upload, form, handlers);
}

/** The docs/PRODUCT.md#upload-rules message for a failed upload: 'Upload failed: {message}' or '…: {status}'. */
export function uploadFailure(err: unknown): string {
  if (err instanceof ApiError)
    return MESSAGES.dashboard.uploadFailed(err.message || err.status || 'Network error');
  if (err instanceof DOMException && err.name === 'AbortError')
    return MESSAGES.dashboard.uploadFailed('cancelled');
  return MESSAGES.dashboard.uploadFailed('Network error');
}
