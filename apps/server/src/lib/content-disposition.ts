/**
 * The `Content-Disposition` of a download: an ASCII `filename` for old clients (other characters, quotes
 * and backslashes as `_`) and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
