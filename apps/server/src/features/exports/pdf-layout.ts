/** A4 in points, its margins, and the room between the content and the page numbers. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48, footer: 24 } as const;
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;

export const INK = { text: '#0F172A', muted: '#475569', line: '#E2E8F0', card: '#F8FAFC' } as const;

/** Where the next block goes: down the page, onto a new page when the block does not fit. */
export class PageFlow {
  y: number = PAGE.margin;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  get bottom() {
    return PAGE.height - PAGE.margin - PAGE.footer;
  }

  /** Makes room for `height` points, on a new page if this one has too little; true when it turned. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }
}
