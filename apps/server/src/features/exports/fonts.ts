import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The typeface of every exported file: DejaVu Sans, from its npm package, so a PDF's text and a PNG's
 * labels need no font of the machine's and show every character a report may hold (₹ among them).
 */
export const EXPORT_FONT_FAMILY = 'DejaVu Sans';

const packages = createRequire(import.meta.url);
let files: { regular: string; bold: string } | null = null;
let bytes: { regular: Buffer; bold: Buffer } | null = null;

/** The font files' paths, resolved on first use. */
export function exportFontFiles(): { regular: string; bold: string } {
  files ??= {
    regular: packages.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: packages.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  return files;
}

/** The font files' bytes, read once per thread. */
export function exportFonts(): { regular: Buffer; bold: Buffer } {
  if (!bytes) {
    const { regular, bold } = exportFontFiles();
    bytes = { regular: readFileSync(regular), bold: readFileSync(bold) };
  }
  return bytes;
}
