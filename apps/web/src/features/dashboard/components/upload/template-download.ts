import { api } from '@insightra/contract';
import { authHeaders } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/save-blob';

/** Fetches the upload template (with the bearer header, like every member-area call) and saves it. */
export async function downloadTemplate(format: 'xlsx' | 'csv'): Promise<void> {
  const route = format === 'xlsx' ? api.uploads.templateXlsx : api.uploads.templateCsv;
  const response = await fetch(route.path, { headers: authHeaders() });
  if (!response.ok) throw new Error(`Template download failed: ${response.status}`);
  saveBlob(await response.blob(), `insightra-upload-template.${format}`);
}
