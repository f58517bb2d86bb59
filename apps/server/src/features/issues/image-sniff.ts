import type { SCREENSHOT_TYPES } from '@insightra/contract';

type ImageType = (typeof SCREENSHOT_TYPES)[number];

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

/** The image type of `buf` judged by its magic bytes, or null: a name or a declared type proves nothing. */
export function sniffImage(buf: Buffer): { type: ImageType; ext: string } | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61)
    return { type: 'image/gif', ext: 'gif' };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8))
    return { type: 'image/webp', ext: 'webp' };
  return null;
}
