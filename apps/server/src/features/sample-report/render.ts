import { donut, formatInt, formatPct, groupedBars, PALETTE } from './charts';
import type { SectorFigures } from './repository';

/**
 * Fixed metadata: PDFKit derives the document ID from the creation date, so a fixed date (the demo
 * dataset's as-of date) makes two renders of the same data byte-for-byte identical.
 */
export const REPORT_DATE = new Date('2025-10-01T00:00:00Z');

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;

const SECTOR_TITLES: Record<string, { title: string; unit: string; blurb: string }> = {
  education: {
    title: 'Education',
    unit: 'students',
    blurb:
      'A school group of Grades 6 to 12. The question the board asked: are project submissions and outcomes even across grades and genders, and where should mentoring time go next term?',
  },
  automobile: {
    title: 'Automobile',
    unit: 'trainees',
    blurb:
      'A motor-vehicle technical-training institute across four semesters. The question: where do trainees drop their practical projects, and does it differ for women and men on the shop floor?',
  },
};

const titleOf = (sector: string) =>
  SECTOR_TITLES[sector] ?? {
    title: sector.replace(/^\w/, (c) => c.toUpperCase()),
    unit: 'records',
    blurb: '',
  };

const avg = (n: number | null) => (n === null ? 'n/a' : n.toFixed(1));

/** Renders the sample report to a PDF buffer. Pure: same figures and site name, same bytes. */
export async function renderSampleReport(sectors: SectorFigures[], siteName: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit'); // on first use: ~150 ms off every start-up
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: true,
    autoFirstPage: false,
    info: {
      Title: `${siteName} sample report: student analytics`,
      Author: siteName,
      Subject: 'Sample analytics report drawn from the demo dataset',
      Keywords: 'analytics, business intelligence, sample report',
      Creator: `${siteName} report builder`,
      Producer: `${siteName} report builder`,
      CreationDate: REPORT_DATE,
      ModDate: REPORT_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  cover(doc, sectors, siteName);
  for (const s of sectors) sectorPage(doc, s, siteName);
  methodology(doc, sectors, siteName);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, siteName: string, label: string) {
  doc.addPage();
  doc.rect(0, 0, PAGE.width, 6).fillColor(PALETTE.brand).fill();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(PALETTE.brand)
    .text(siteName.toUpperCase(), PAGE.margin, 24, { characterSpacing: 1.5, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PALETTE.muted)
    .text(label, PAGE.margin, 24, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  doc
    .moveTo(PAGE.margin, 42)
    .lineTo(PAGE.width - PAGE.margin, 42)
    .lineWidth(0.5)
    .strokeColor(PALETTE.line)
    .stroke();
  doc.y = 64;
}

function cover(doc: PDFKit.PDFDocument, sectors: SectorFigures[], siteName: string) {
  header(doc, siteName, 'Sample report');
  doc.font('Helvetica-Bold').fontSize(30).fillColor(PALETTE.ink).text('Student Analytics', PAGE.margin, 120);
  doc
    .font('Helvetica')
    .fontSize(16)
    .fillColor(PALETTE.muted)
    .text('Sample report drawn from the demo dataset', { paragraphGap: 24 });
  doc
    .fontSize(11)
    .fillColor(PALETTE.ink)
    .text(
      `This is the kind of report ${siteName} hands over at the end of a business intelligence engagement: a handful of figures a leadership team can act on, each traced back to the rows behind it. Every number below is computed from the demo dataset that powers the public charts on our website.`,
      { width: CONTENT_WIDTH, lineGap: 3, paragraphGap: 24 },
    );
  const total = sectors.reduce((n, s) => n + s.total, 0);
  const female = sectors.reduce((n, s) => n + s.female, 0);
  const male = sectors.reduce((n, s) => n + s.male, 0);
  const submitted = sectors.reduce((n, s) => n + s.submitted, 0);
  const kpis = [
    { label: 'Students and trainees', value: formatInt(total) },
    { label: 'Female / male', value: `${formatInt(female)} / ${formatInt(male)}` },
    { label: 'Projects submitted', value: formatInt(submitted) },
    { label: 'Submission rate', value: formatPct(submitted, total) },
  ];
  const cardW = (CONTENT_WIDTH - 12) / 2;
  kpis.forEach((k, i) => {
    const x = PAGE.margin + (i % 2) * (cardW + 12);
    const y = 330 + Math.floor(i / 2) * 84;
    doc.roundedRect(x, y, cardW, 72, 8).lineWidth(0.8).strokeColor(PALETTE.line).stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PALETTE.muted)
      .text(k.label, x + 14, y + 14, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor(PALETTE.ink)
      .text(k.value, x + 14, y + 32, { lineBreak: false });
  });
  doc.font('Helvetica-Bold').fontSize(12).fillColor(PALETTE.ink).text('Contents', PAGE.margin, 530);
  doc.font('Helvetica').fontSize(10).fillColor(PALETTE.muted);
  sectors.forEach((s, i) => {
    doc.text(`${i + 2}.  ${titleOf(s.sector).title}: enrolment, gender balance and project submissions`, {
      lineGap: 4,
    });
  });
  doc.text(`${sectors.length + 2}.  Method and data notes`);
  doc
    .fontSize(8)
    .text(
      `Figures as of ${REPORT_DATE.toISOString().slice(0, 10)}. Names in the dataset are fictitious.`,
      PAGE.margin,
      PAGE.height - 80,
      {
        lineBreak: false,
      },
    );
}

function sectorPage(doc: PDFKit.PDFDocument, s: SectorFigures, siteName: string) {
  const t = titleOf(s.sector);
  header(doc, siteName, `${t.title} sector`);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(PALETTE.ink).text(t.title, PAGE.margin, 64);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(PALETTE.muted)
    .text(t.blurb, { width: CONTENT_WIDTH, lineGap: 2 });
  const facts = [
    `Total ${t.unit}: ${formatInt(s.total)}`,
    `Female: ${formatInt(s.female)}`,
    `Male: ${formatInt(s.male)}`,
    `Gender ratio (female/male): ${formatPct(s.female, s.male)}`,
    `Average score: ${avg(s.averageScore)}`,
  ];
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(PALETTE.ink)
    .text(facts.join('   ·   '), PAGE.margin, 150, { width: CONTENT_WIDTH });

  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(PALETTE.ink)
    .text(`${t.title}: ${t.unit} by grade and gender`, PAGE.margin, 180);
  groupedBars(
    doc,
    { x: PAGE.margin, y: 202, width: CONTENT_WIDTH, height: 230 },
    s.grades.map((g) => g.grade),
    [
      { label: 'Female', color: PALETTE.female, values: s.grades.map((g) => g.female) },
      { label: 'Male', color: PALETTE.male, values: s.grades.map((g) => g.male) },
    ],
  );

  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(PALETTE.ink)
    .text('Project submissions', PAGE.margin, 456);
  donut(doc, PAGE.margin + 70, 550, 62, [
    { label: 'Submitted', color: PALETTE.submitted, value: s.submitted },
    { label: 'Not Submitted', color: PALETTE.notSubmitted, value: s.total - s.submitted },
  ]);
  gradeTable(doc, s, PAGE.margin + 180, 480);
  takeaways(doc, s, t.unit);
}

/** Three sentences a reader can act on, computed from the same figures as the charts. */
function takeaways(doc: PDFKit.PDFDocument, s: SectorFigures, unit: string) {
  const rate = (g: { submitted: number; female: number; male: number }) =>
    g.female + g.male ? g.submitted / (g.female + g.male) : 0;
  const byRate = [...s.grades].sort((a, b) => rate(a) - rate(b));
  const lowest = byRate[0];
  const highest = byRate[byRate.length - 1];
  const points = [
    `Overall, ${formatPct(s.submitted, s.total)} of ${unit} submitted their final project (${formatInt(s.submitted)} of ${formatInt(s.total)}).`,
  ];
  if (lowest && highest && lowest !== highest)
    points.push(
      `Submission is lowest in ${lowest.grade} (${formatPct(lowest.submitted, lowest.female + lowest.male)}) and highest in ${highest.grade} (${formatPct(highest.submitted, highest.female + highest.male)}): the place to start mentoring.`,
    );
  points.push(
    `Women are ${formatPct(s.female, s.total)} of ${unit}; the gender ratio (female/male) is ${formatPct(s.female, s.male)}.`,
  );
  doc.font('Helvetica-Bold').fontSize(12).fillColor(PALETTE.ink).text('What stands out', PAGE.margin, 680);
  doc.font('Helvetica').fontSize(10).fillColor(PALETTE.ink);
  for (const p of points) doc.text(`•  ${p}`, PAGE.margin, doc.y + 6, { width: CONTENT_WIDTH, lineGap: 2 });
}

function gradeTable(doc: PDFKit.PDFDocument, s: SectorFigures, x: number, y: number) {
  const cols = [
    { label: 'Grade', width: 76, align: 'left' as const },
    { label: 'Female', width: 50, align: 'right' as const },
    { label: 'Male', width: 50, align: 'right' as const },
    { label: 'Submitted', width: 60, align: 'right' as const },
    { label: 'Avg score', width: 63, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean, yy: number) => {
    let cx = x;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(PALETTE.ink);
    cells.forEach((c, i) => {
      const col = cols[i]!;
      doc.text(c, cx, yy, { width: col.width, align: col.align, lineBreak: false });
      cx += col.width;
    });
  };
  row(
    cols.map((c) => c.label),
    true,
    y,
  );
  let yy = y + 16;
  for (const g of s.grades) {
    doc
      .moveTo(x, yy - 4)
      .lineTo(x + 299, yy - 4)
      .lineWidth(0.4)
      .strokeColor(PALETTE.line)
      .stroke();
    row(
      [g.grade, formatInt(g.female), formatInt(g.male), formatInt(g.submitted), avg(g.averageScore)],
      false,
      yy,
    );
    yy += 15;
  }
  doc
    .moveTo(x, yy - 4)
    .lineTo(x + 299, yy - 4)
    .lineWidth(0.8)
    .strokeColor(PALETTE.ink)
    .stroke();
  row(
    ['Total', formatInt(s.female), formatInt(s.male), formatInt(s.submitted), avg(s.averageScore)],
    true,
    yy,
  );
}

function methodology(doc: PDFKit.PDFDocument, sectors: SectorFigures[], siteName: string) {
  header(doc, siteName, 'Method and data notes');
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(PALETTE.ink)
    .text('Method and data notes', PAGE.margin, 64, { paragraphGap: 12 });
  const notes = [
    `Source. One table of ${formatInt(sectors.reduce((n, s) => n + s.total, 0))} anonymised records across ${sectors.length} sectors, each with a gender, a grade or semester, whether the final project was submitted, a score and an enrolment date.`,
    'Counting. Each record counts once. Grades are ordered by their number, so Grade 6 comes before Grade 10. Percentages are rounded to one decimal; the gender ratio is female students per hundred male students.',
    'Scores. The average score is the mean of the records that have one; records without a score are left out of that mean, never counted as zero.',
    'Colours. Charts use the Okabe-Ito palette, which stays distinct for readers with colour-vision deficiencies: blue and orange for female and male, green and vermillion for submitted and not submitted.',
    `Reproducibility. The report is generated from the database on request. The same data always gives the same document, so a figure quoted in a meeting can be traced back to the rows behind it.`,
  ];
  doc.font('Helvetica').fontSize(10.5).fillColor(PALETTE.ink);
  for (const n of notes) doc.text(n, { width: CONTENT_WIDTH, lineGap: 3, paragraphGap: 12 });
  doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(PALETTE.brand)
    .text(`Want this for your own data? Talk to ${siteName}.`, { width: CONTENT_WIDTH });
}
