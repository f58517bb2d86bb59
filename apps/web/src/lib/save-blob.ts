/**
 * Saves a fetched file through a temporary link. Files are fetched with the bearer header and saved from a
 * blob, so no session token ever travels in a URL.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
