import type { ChartScene, ScenePrimitive } from './scene';

/** A standalone picture's typeface: the product's Inter where installed, else any sans-serif. */
const FONT = 'Inter, Helvetica, Arial, sans-serif';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an XML element or a double-quoted attribute. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A hover tooltip for a mark, when it has a label. */
function tooltip(label: string | undefined): string {
  return label === undefined ? '' : `<title>${escapeXml(label)}</title>`;
}

function element(p: ScenePrimitive): string {
  switch (p.kind) {
    case 'rect': {
      const attributes = `x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" fill="${escapeXml(p.fill)}"`;
      return p.label === undefined
        ? `<rect ${attributes}/>`
        : `<rect ${attributes}>${tooltip(p.label)}</rect>`;
    }
    case 'line': {
      const dash = p.dash ? ` stroke-dasharray="${p.dash.join(' ')}"` : '';
      return `<line x1="${p.x1}" y1="${p.y1}" x2="${p.x2}" y2="${p.y2}" stroke="${escapeXml(p.stroke)}" stroke-width="${p.width}"${dash}/>`;
    }
    case 'path': {
      const stroke = p.stroke === null ? 'none' : escapeXml(p.stroke);
      const width = p.stroke !== null && p.width !== undefined ? ` stroke-width="${p.width}"` : '';
      const joins = p.fill === null ? ' stroke-linejoin="round" stroke-linecap="round"' : '';
      const attributes = `d="${escapeXml(p.d)}" fill="${p.fill === null ? 'none' : escapeXml(p.fill)}" stroke="${stroke}"${width}${joins}`;
      return p.label === undefined
        ? `<path ${attributes}/>`
        : `<path ${attributes}>${tooltip(p.label)}</path>`;
    }
    case 'text': {
      const weight = p.weight === 'bold' ? ' font-weight="bold"' : '';
      const baseline = p.baseline && p.baseline !== 'alphabetic' ? ` dominant-baseline="${p.baseline}"` : '';
      return `<text x="${p.x}" y="${p.y}" font-size="${p.size}" fill="${escapeXml(p.fill)}" text-anchor="${p.anchor}"${weight}${baseline}>${escapeXml(p.text)}</text>`;
    }
  }
}

/** A scene as a standalone SVG document (for a PNG, an e-mail or a file), named by its title. */
export function sceneToSvg(scene: ChartScene): string {
  const { width, height } = scene;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img" aria-label="${escapeXml(scene.title)}">`,
    `<title>${escapeXml(scene.title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${escapeXml(scene.background)}"/>`,
    ...scene.primitives.map(element),
    '</svg>',
  ].join('\n');
}
