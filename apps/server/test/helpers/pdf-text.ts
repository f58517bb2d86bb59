import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text, page by page, each text run on a line of its own, as PDF.js reads a document. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((s) => s.trim() !== '')
        .join('\n'),
    );
  }
  await doc.destroy();
  return pages;
}
