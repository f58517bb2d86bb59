import { api, STORAGE_KEYS } from '@insightra/contract';
import { storage } from '../../../../lib/storage';

/** Fetches the upload template (with the bearer header, like every member-area call) and saves it. */
export async function downloadTemplate(format: 'xlsx' | 'csv'): Promise<void> {
  const route = format === 'xlsx' ? api.uploads.templateXlsx : api.uploads.templateCsv;
  const token = storage.get(STORAGE_KEYS.token);
  const response = await fetch(route.path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Template download failed: ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `insightra-upload-template.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
