import { api, MESSAGES, STORAGE_KEYS, UPLOAD_FIELD, type UploadStats } from '@insightra/contract';
import { storage } from '../../../../lib/storage';

export interface UploadAnswer extends UploadStats {
  uploadId: number;
  message: string;
}

export class UploadError extends Error {}

/**
 * Sends the file with XMLHttpRequest, because fetch cannot report upload progress: `onProgress`
 * gets the bytes sent, then `onProcessing` fires once the whole body is out and the server works.
 * Rejects with the docs/PRODUCT.md#upload-rules message ('Upload failed: {message}' or 'Upload failed: {status}').
 */
export function sendUpload(
  file: File,
  handlers: { onProgress: (sent: number, total: number) => void; onProcessing: () => void },
): { done: Promise<UploadAnswer>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve, reject) => {
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.open('POST', api.uploads.upload.path);
    const token = storage.get(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => handlers.onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => handlers.onProcessing();
    xhr.onload = () => {
      let body: { success?: boolean; message?: string } & Partial<UploadAnswer> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        // not JSON: fall back to the status
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.success) {
        resolve(body as UploadAnswer);
        return;
      }
      reject(
        new UploadError(
          MESSAGES.dashboard.uploadFailed(
            typeof body.message === 'string' && body.message ? body.message : xhr.status,
          ),
        ),
      );
    };
    // A connection dropped mid-body (e.g. the size limit answered early) has no status to show.
    xhr.onerror = () =>
      reject(new UploadError(MESSAGES.dashboard.uploadFailed(xhr.status || 'Network error')));
    xhr.onabort = () => reject(new UploadError(MESSAGES.dashboard.uploadFailed('cancelled')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
