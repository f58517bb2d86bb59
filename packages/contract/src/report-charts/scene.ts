/**
 * A chart as a list of drawing primitives in pixels, origin top left: the one description from which
 * the page (inline SVG), the PDF (pdfkit), the PNG (the SVG rasterised) and the e-mail are drawn.
 * The title is not drawn unless asked for: the page, the PDF and the e-mail set it as a heading.
 */
export type ScenePrimitive =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: string; label?: string }
  | {
      kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: string;
      width: number;
      dash?: number[];
    }
  /** SVG path data with M, L, A and Z commands only (absolute coordinates). */
  | { kind: 'path'; d: string; fill: string | null; stroke: string | null; width?: number; label?: string }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      anchor: 'start' | 'middle' | 'end';
      weight?: 'normal' | 'bold';
      baseline?: 'alphabetic' | 'middle' | 'hanging';
    };

export interface ChartScene {
  width: number;
  height: number;
  /** The chart's title: the accessible name of the drawing, and its heading where the host shows one. */
  title: string;
  background: string;
  primitives: ScenePrimitive[];
  /** The series (or, for a donut, the slices) and their colours, as drawn in the legend primitives. */
  legend: { label: string; colour: string }[];
}
