import type { ChartScene, ScenePrimitive } from '@insightra/contract';

/** The PDF fonts' names as the document registers them (pdf-document.ts). */
export const PDF_FONTS = { regular: 'Sans', bold: 'Sans-Bold' } as const;

/** SVG's dominant-baseline as PDFKit names it. */
const BASELINES = { alphabetic: 'alphabetic', middle: 'middle', hanging: 'hanging' } as const;

function draw(doc: PDFKit.PDFDocument, p: ScenePrimitive) {
  switch (p.kind) {
    case 'rect':
      doc.rect(p.x, p.y, p.width, p.height).fill(p.fill);
      return;
    case 'line':
      doc.moveTo(p.x1, p.y1).lineTo(p.x2, p.y2).lineWidth(p.width).strokeColor(p.stroke);
      if (p.dash?.length) doc.dash(p.dash[0]!, { space: p.dash[1] ?? p.dash[0]! });
      doc.stroke().undash();
      return;
    case 'path':
      doc.path(p.d);
      if (p.stroke !== null)
        doc
          .lineWidth(p.width ?? 1)
          .strokeColor(p.stroke)
          .lineJoin('round')
          .lineCap('round');
      if (p.fill !== null && p.stroke !== null) doc.fillColor(p.fill).fillAndStroke();
      else if (p.fill !== null) doc.fill(p.fill);
      else if (p.stroke !== null) doc.stroke();
      return;
    case 'text': {
      doc.font(p.weight === 'bold' ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(p.size);
      const width = p.anchor === 'start' ? 0 : doc.widthOfString(p.text);
      const x = p.anchor === 'middle' ? p.x - width / 2 : p.anchor === 'end' ? p.x - width : p.x;
      doc.fillColor(p.fill).text(p.text, x, p.y, {
        lineBreak: false,
        baseline: BASELINES[p.baseline ?? 'alphabetic'],
      });
      return;
    }
  }
}

/**
 * Draws a chart's scene as PDF vector graphics — rectangles, lines, paths and real text, no image — at
 * (x, y) scaled to `width` points; answers the height it took.
 */
export function drawChartScene(
  doc: PDFKit.PDFDocument,
  scene: ChartScene,
  at: { x: number; y: number; width: number },
): number {
  const scale = at.width / scene.width;
  doc.save().translate(at.x, at.y).scale(scale);
  doc.rect(0, 0, scene.width, scene.height).fill(scene.background);
  for (const p of scene.primitives) draw(doc, p);
  doc.restore();
  return scene.height * scale;
}
