import { EXPORT_LIMITS, EXPORT_MESSAGES } from '@insightra/contract';
import { PDF_FONTS } from './pdf-chart';
import { CONTENT_WIDTH, INK, PAGE, type PageFlow } from './pdf-layout';

const ROW_HEIGHT = 15;
const FONT_SIZE = 8.5;

/** Column widths: the first (the labels) gets two parts, each value column one, within the content width. */
function widths(count: number): number[] {
  const part = CONTENT_WIDTH / (count + 1);
  return Array.from({ length: count }, (_, i) => (i === 0 ? part * 2 : part));
}

function drawRow(doc: PDFKit.PDFDocument, cells: string[], y: number, bold: boolean) {
  const columns = widths(cells.length);
  let x = PAGE.margin;
  doc
    .font(bold ? PDF_FONTS.bold : PDF_FONTS.regular)
    .fontSize(FONT_SIZE)
    .fillColor(INK.text);
  cells.forEach((cell, i) => {
    const width = columns[i]!;
    // Labels read from the left, figures from the right; a text too long for its column ends in '…'.
    doc.text(cell, x + 4, y + 4, {
      width: width - 8,
      height: ROW_HEIGHT,
      align: i === 0 ? 'left' : 'right',
      lineBreak: false,
      ellipsis: true,
    });
    x += width;
  });
  doc
    .moveTo(PAGE.margin, y + ROW_HEIGHT)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y + ROW_HEIGHT)
    .lineWidth(bold ? 0.8 : 0.4)
    .strokeColor(bold ? INK.muted : INK.line)
    .stroke();
}

/**
 * A table of `columns` and `rows` from the flow's position, its header repeated on every page it runs
 * onto; it stops at EXPORT_LIMITS.pdfTableRows rows and says how many more the XLSX holds.
 */
export function drawTable(doc: PDFKit.PDFDocument, flow: PageFlow, columns: string[], rows: string[][]) {
  const shown = rows.slice(0, EXPORT_LIMITS.pdfTableRows);
  flow.ensure(ROW_HEIGHT * 2);
  drawRow(doc, columns, flow.y, true);
  flow.y += ROW_HEIGHT;
  for (const row of shown) {
    if (flow.ensure(ROW_HEIGHT)) {
      drawRow(doc, columns, flow.y, true);
      flow.y += ROW_HEIGHT;
    }
    drawRow(doc, row, flow.y, false);
    flow.y += ROW_HEIGHT;
  }
  const note =
    rows.length === 0
      ? 'No rows yet.'
      : rows.length > shown.length
        ? EXPORT_MESSAGES.moreRows(shown.length, rows.length)
        : null;
  if (note) {
    flow.ensure(ROW_HEIGHT * 1.5);
    doc
      .font(PDF_FONTS.regular)
      .fontSize(FONT_SIZE)
      .fillColor(INK.muted)
      .text(note, PAGE.margin, flow.y + 5, { width: CONTENT_WIDTH, lineBreak: false });
    flow.y += ROW_HEIGHT * 1.5;
  }
}
