import { chartScene, type ReportChart, sceneToSvg } from '@insightra/contract';
import { EXPORT_FONT_FAMILY, exportFontFiles } from './fonts';

/** A chart's PNG: 1280×720 pixels, its title on top. */
export const PNG_SIZE = { width: 1280, height: 720 } as const;

/**
 * One chart as a PNG: its scene (the page's drawing) as SVG, rasterised by resvg with the bundled font
 * for every family the SVG names, so the picture does not depend on the machine's fonts.
 */
export async function chartPng(chart: ReportChart): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js'); // a native module, loaded on first use
  const fonts = exportFontFiles();
  const svg = sceneToSvg(chartScene(chart, PNG_SIZE, { title: true }));
  // Rasterised on libuv's thread pool: the event loop goes on meanwhile.
  const picture = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: {
      fontFiles: [fonts.regular, fonts.bold],
      loadSystemFonts: false,
      defaultFontFamily: EXPORT_FONT_FAMILY,
      sansSerifFamily: EXPORT_FONT_FAMILY,
    },
  });
  return picture.asPng();
}
