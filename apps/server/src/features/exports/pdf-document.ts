import { chartScene, type EmbedReportResponse, formatValue, type ReportKpi } from '@insightra/contract';
import { dataAsOf } from './as-of';
import { chartColumns, formattedPoint } from './chart-table';
import { exportFonts } from './fonts';
import { drawChartScene, PDF_FONTS } from './pdf-chart';
import { CONTENT_WIDTH, INK, PAGE, PageFlow } from './pdf-layout';
import { drawTable } from './pdf-table';

/** What a report's PDF is made of: the tab's and its organisation's names, and the report's answer. */
export interface ReportDocument {
  reportName: string;
  organisationName: string;
  answer: Omit<EmbedReportResponse, 'success'>;
  /** The document's creation date; the same input and date give the same bytes. */
  createdAt: Date;
}

/** The scene a chart is drawn from in a PDF: 16:9, scaled to the content width (text ≈ 9 pt). */
const SCENE = { width: 960, height: 540 };
const CARDS_PER_ROW = 3;
const CARD = { gap: 10, height: 58 };

function heading(doc: PDFKit.PDFDocument, flow: PageFlow, text: string, size: number, room: number) {
  flow.ensure(size * 1.6 + room);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size)
    .fillColor(INK.text)
    .text(text, PAGE.margin, flow.y, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
  flow.y += size * 1.6;
}

function title(doc: PDFKit.PDFDocument, flow: PageFlow, input: ReportDocument) {
  heading(doc, flow, input.reportName, 20, 0);
  const lines = [
    { text: input.organisationName, size: 12, colour: INK.text },
    { text: `${input.answer.report.name} · ${input.answer.report.sector}`, size: 9, colour: INK.muted },
    { text: dataAsOf(input.answer), size: 9, colour: INK.muted },
  ];
  for (const line of lines) {
    doc
      .font(PDF_FONTS.regular)
      .fontSize(line.size)
      .fillColor(line.colour)
      .text(line.text, PAGE.margin, flow.y, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
    flow.y += line.size * 1.5;
  }
  flow.y += 10;
}

function kpiCards(doc: PDFKit.PDFDocument, flow: PageFlow, kpis: ReportKpi[]) {
  const width = (CONTENT_WIDTH - CARD.gap * (CARDS_PER_ROW - 1)) / CARDS_PER_ROW;
  for (let start = 0; start < kpis.length; start += CARDS_PER_ROW) {
    flow.ensure(CARD.height);
    kpis.slice(start, start + CARDS_PER_ROW).forEach((kpi, i) => {
      const x = PAGE.margin + i * (width + CARD.gap);
      doc.roundedRect(x, flow.y, width, CARD.height, 6).fillAndStroke(INK.card, INK.line);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(8.5)
        .fillColor(INK.muted)
        .text(kpi.label, x + 10, flow.y + 10, { width: width - 20, lineBreak: false, ellipsis: true });
      doc
        .font(PDF_FONTS.bold)
        .fontSize(16)
        .fillColor(INK.text)
        .text(formatValue(kpi.value, kpi.format), x + 10, flow.y + 26, {
          width: width - 20,
          lineBreak: false,
          ellipsis: true,
        });
    });
    flow.y += CARD.height + CARD.gap;
  }
  flow.y += 8;
}

/** Every page's foot: the report and organisation, and "Page n of m". */
function pageNumbers(doc: PDFKit.PDFDocument, input: ReportDocument) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin - 10;
    doc.font(PDF_FONTS.regular).fontSize(8).fillColor(INK.muted);
    doc.text(`${input.reportName} · ${input.organisationName}`, PAGE.margin, y, {
      width: CONTENT_WIDTH * 0.75,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${i - start + 1} of ${count}`, PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}

/**
 * A report as an A4 PDF: its title, organisation and data date, the KPI cards, every chart as vector
 * graphics drawn from the chart's scene (the page's drawing), then every chart's table, paginated with
 * its header repeated. Pure: the same input gives the same bytes.
 */
export async function reportPdf(input: ReportDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    compress: true,
    info: {
      Title: input.reportName,
      Author: input.organisationName,
      Subject: input.answer.report.name,
      CreationDate: input.createdAt,
      ModDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = exportFonts();
  doc.registerFont(PDF_FONTS.regular, fonts.regular);
  doc.registerFont(PDF_FONTS.bold, fonts.bold);

  const flow = new PageFlow(doc);
  const { view } = input.answer;
  title(doc, flow, input);
  kpiCards(doc, flow, view.kpis);
  const chartHeight = (SCENE.height * CONTENT_WIDTH) / SCENE.width;
  for (const chart of view.charts) {
    heading(doc, flow, chart.title, 12, chartHeight);
    flow.y += drawChartScene(doc, chartScene(chart, SCENE), {
      x: PAGE.margin,
      y: flow.y,
      width: CONTENT_WIDTH,
    });
    flow.y += 16;
  }
  for (const chart of view.charts) {
    heading(doc, flow, `${chart.title}: table`, 11, 30);
    drawTable(
      doc,
      flow,
      chartColumns(chart),
      chart.rows.map((row) => formattedPoint(chart, row)),
    );
    flow.y += 14;
  }
  pageNumbers(doc, input);
  doc.end();
  return done;
}
