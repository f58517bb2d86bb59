import { api, MESSAGES, STORAGE_KEYS, type UploadLog } from '@insightra/contract';
import { ApiError, apiRequest, authHeaders } from '../../../lib/api-client';
import { fileNameFrom } from '../../../lib/file-name';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { saveBlob } from '../../../lib/save-blob';
import { pageToken } from '../../../lib/session/page-token';
import { storage } from '../../../lib/storage';

/** The viewer's upload history. */
export const activityKey = (viewer: Viewer) => queryKey(viewer, 'uploads', 'activity');

/** Thrown when there is no stored token: the page says so instead of calling the server. */
export class NoTokenError extends Error {
  constructor() {
    super(MESSAGES.activity.noToken);
  }
}

/** The page's token while one is stored: a token removed from storage (signed out elsewhere) is gone. */
const token = () => (storage.get(STORAGE_KEYS.token) ? pageToken() : null);

export const activityQuery = (viewer: Viewer) => ({
  queryKey: activityKey(viewer),
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<UploadLog[]> => {
    if (!token()) throw new NoTokenError();
    return (await apiRequest(api.uploads.activity, { signal })).data;
  },
});

export async function purgeUploads(ids: number[]): Promise<number> {
  if (!token()) throw new NoTokenError();
  const res = await apiRequest(api.uploads.purge, { params: { id: ids.join(',') } });
  return res.deletedCount;
}

export type FileKind = 'original' | 'rejected';

/**
 * Fetches a stored file with the bearer header and saves it from a blob, so the token never appears
 * in a URL. A 410 becomes the "no longer available" message.
 */
export async function downloadUploadFile(url: string, kind: FileKind, fallbackName: string): Promise<void> {
  if (!token()) throw new NoTokenError();
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders() });
  } catch {
    throw new Error(MESSAGES.activity.downloadFailed(kind));
  }
  if (response.status === 410) throw new ApiError(410, MESSAGES.activity.fileGone);
  if (!response.ok) throw new ApiError(response.status, MESSAGES.activity.downloadFailed(kind));
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('content-disposition'), fallbackName));
}
