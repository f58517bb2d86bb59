import type { RouteDef } from '@insightra/contract/public';
import { type ApiAnswer, ApiError, authHeaders, reportConflict, reportUnauthorized } from './api-client';
import { pageToken } from './session/page-token';

/** What an upload reports while it runs. */
export interface UploadProgress {
  /** Bytes of the body sent so far, of `total`. */
  onProgress: (sent: number, total: number) => void;
  /** The whole body is out; the server is working on it. */
  onProcessing: () => void;
}

/**
 * Sends a multipart route's form with XMLHttpRequest, because fetch cannot report upload progress, and
 * answers it typed by the contract like `apiRequest`. Rejects with an ApiError whose `message` is the
 * server's (empty when it sent none; `status` 0 when the connection dropped), or with an AbortError.
 */
export function apiUpload<R extends RouteDef & { multipart: true }>(
  route: R,
  form: FormData,
  handlers: UploadProgress,
): { done: Promise<ApiAnswer<R>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ApiAnswer<R>>((resolve, reject) => {
    xhr.open(route.method, route.path);
    const token = pageToken();
    for (const [name, value] of Object.entries(authHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    const size = [...form.values()].reduce((n, v) => n + (typeof v === 'string' ? v.length : v.size), 0);
    xhr.upload.onprogress = (e) => handlers.onProgress(e.loaded, e.lengthComputable ? e.total : size);
    xhr.upload.onload = () => handlers.onProcessing();
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        // not JSON: the status tells what happened
      }
      const answer =
        body && typeof body === 'object' ? (body as { success?: unknown; message?: unknown }) : {};
      // Every JSON answer of the contract says `success: true`; anything else (an HTML page) is a failure.
      if (xhr.status >= 200 && xhr.status < 300 && answer.success === true) {
        resolve(body as ApiAnswer<R>);
        return;
      }
      const message = typeof answer.message === 'string' ? answer.message : '';
      reportUnauthorized(token, xhr.status, message);
      reportConflict(token, xhr.status, message);
      reject(new ApiError(xhr.status, message, body));
    };
    // A connection dropped mid-body (e.g. the size limit answered early) has no answer to read.
    xhr.onerror = () => reject(new ApiError(xhr.status, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
