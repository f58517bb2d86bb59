/** Vector charts for the sample report, drawn with PDFKit's path operators (no images). */

export const PALETTE = {
  ink: '#0F172A',
  muted: '#475569',
  line: '#E2E8F0',
  brand: '#0F766E',
  female: '#0072B2',
  male: '#E69F00',
  submitted: '#009E73',
  notSubmitted: '#D55E00',
} as const;

export const formatInt = (n: number) => new Intl.NumberFormat('en-IN').format(n);
export const formatPct = (part: number, whole: number) =>
  whole ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rounded step (1, 2, 5 × 10^n) so the axis reads in whole numbers. */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(max, 1) / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

export interface BarSeries {
  label: string;
  color: string;
  values: number[];
}

/** Grouped vertical bars with a y axis, faint gridlines, category labels and a legend. */
export function groupedBars(
  doc: PDFKit.PDFDocument,
  box: Box,
  categories: string[],
  series: BarSeries[],
  format: (n: number) => string = formatInt,
) {
  const max = Math.max(...series.flatMap((s) => s.values), 1);
  const step = niceStep(max, 4);
  const top = Math.ceil(max / step) * step;
  const plot = { x: box.x + 40, y: box.y + 24, width: box.width - 48, height: box.height - 60 };
  const yOf = (v: number) => plot.y + plot.height - (v / top) * plot.height;

  doc.font('Helvetica').fontSize(8);
  for (let v = 0; v <= top + 1e-9; v += step) {
    const y = yOf(v);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.5)
      .strokeColor(PALETTE.line)
      .stroke();
    doc
      .fillColor(PALETTE.muted)
      .text(format(v), box.x, y - 4, { width: 34, align: 'right', lineBreak: false });
  }
  const groupWidth = plot.width / categories.length;
  const barWidth = Math.min(18, (groupWidth * 0.7) / series.length);
  categories.forEach((cat, i) => {
    const start = plot.x + i * groupWidth + (groupWidth - barWidth * series.length) / 2;
    series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const y = yOf(v);
      doc
        .rect(start + j * barWidth, y, barWidth - 1, plot.y + plot.height - y)
        .fillColor(s.color)
        .fill();
      doc
        .fillColor(PALETTE.ink)
        .fontSize(6.5)
        .text(format(v), start + j * barWidth - 6, y - 9, {
          width: barWidth + 11,
          align: 'center',
          lineBreak: false,
        });
    });
    doc
      .fillColor(PALETTE.ink)
      .fontSize(8)
      .text(cat, plot.x + i * groupWidth, plot.y + plot.height + 6, {
        width: groupWidth,
        align: 'center',
        lineBreak: false,
      });
  });
  legend(doc, box.x + 40, box.y, series);
}

export function legend(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  items: { label: string; color: string }[],
) {
  let cx = x;
  doc.font('Helvetica').fontSize(8);
  for (const item of items) {
    doc
      .rect(cx, y + 1, 8, 8)
      .fillColor(item.color)
      .fill();
    doc.fillColor(PALETTE.ink).text(item.label, cx + 12, y + 1, { lineBreak: false });
    cx += 20 + doc.widthOfString(item.label);
  }
}

/** A donut of two or more slices with a 60% cutout and the total in the middle. */
export function donut(
  doc: PDFKit.PDFDocument,
  cx: number,
  cy: number,
  radius: number,
  slices: { label: string; color: string; value: number }[],
) {
  const total = slices.reduce((n, s) => n + s.value, 0);
  const inner = radius * 0.6;
  let angle = -Math.PI / 2;
  for (const s of slices) {
    if (!s.value) continue;
    const sweep = (s.value / total) * Math.PI * 2;
    const end = angle + sweep;
    const large = sweep > Math.PI ? 1 : 0;
    const p = (r: number, a: number) =>
      `${(cx + r * Math.cos(a)).toFixed(3)} ${(cy + r * Math.sin(a)).toFixed(3)}`;
    // A full circle cannot be one arc: split it in two halves.
    const path =
      sweep >= Math.PI * 2 - 1e-6
        ? `M ${p(radius, 0)} A ${radius} ${radius} 0 1 1 ${p(radius, Math.PI)} A ${radius} ${radius} 0 1 1 ${p(radius, 0)} Z M ${p(inner, 0)} A ${inner} ${inner} 0 1 0 ${p(inner, Math.PI)} A ${inner} ${inner} 0 1 0 ${p(inner, 0)} Z`
        : `M ${p(radius, angle)} A ${radius} ${radius} 0 ${large} 1 ${p(radius, end)} L ${p(inner, end)} A ${inner} ${inner} 0 ${large} 0 ${p(inner, angle)} Z`;
    doc.path(path).fillColor(s.color).fill('even-odd');
    angle = end;
  }
  doc.font('Helvetica-Bold').fontSize(14).fillColor(PALETTE.ink);
  doc.text(formatInt(total), cx - radius, cy - 10, { width: radius * 2, align: 'center', lineBreak: false });
  doc.font('Helvetica').fontSize(7).fillColor(PALETTE.muted);
  doc.text('projects', cx - radius, cy + 6, { width: radius * 2, align: 'center', lineBreak: false });
  let ly = cy + radius + 12;
  for (const s of slices) {
    doc
      .rect(cx - radius, ly, 8, 8)
      .fillColor(s.color)
      .fill();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PALETTE.ink)
      .text(`${s.label}: ${formatInt(s.value)} (${formatPct(s.value, total)})`, cx - radius + 12, ly, {
        lineBreak: false,
      });
    ly += 13;
  }
}
