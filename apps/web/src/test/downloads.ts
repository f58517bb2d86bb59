import { vi } from 'vitest';

/**
 * Catches the files the app saves (lib/save-blob.ts) instead of letting jsdom navigate: the names they
 * were saved under, in order.
 */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/saved');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
