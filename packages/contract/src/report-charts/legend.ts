import { CHART_INK } from './colours';
import type { ScenePrimitive } from './scene';
import { round, textWidth, truncate } from './text';

export interface LegendEntry {
  text: string;
  colour: string;
}

/**
 * Legend entries (a swatch, then its text) in rows centred across a width from a top, wrapping where
 * a row is full; the primitives and the height they take.
 */
export function legendBlock(
  entries: readonly LegendEntry[],
  box: { left: number; width: number; top: number },
  size: number,
): { primitives: ScenePrimitive[]; height: number } {
  const swatch = round(size * 0.85);
  const gap = size * 0.4;
  const spacing = size * 1.4;
  const rowHeight = size * 1.7;
  const items = entries.map((e) => {
    const text = truncate(e.text, box.width - swatch - gap, size);
    return { ...e, text, width: swatch + gap + textWidth(text, size) };
  });
  const rows: (typeof items)[] = [];
  let used = 0;
  for (const item of items) {
    const row = rows[rows.length - 1];
    if (row && used + spacing + item.width <= box.width) {
      row.push(item);
      used += spacing + item.width;
    } else {
      rows.push([item]);
      used = item.width;
    }
  }
  const primitives: ScenePrimitive[] = [];
  rows.forEach((row, r) => {
    const width = row.reduce((n, item) => n + item.width, 0) + spacing * (row.length - 1);
    let x = box.left + (box.width - width) / 2;
    const middle = box.top + rowHeight * r + rowHeight / 2;
    for (const item of row) {
      primitives.push(
        {
          kind: 'rect',
          x: round(x),
          y: round(middle - swatch / 2),
          width: swatch,
          height: swatch,
          fill: item.colour,
        },
        {
          kind: 'text',
          x: round(x + swatch + gap),
          y: round(middle),
          text: item.text,
          size,
          fill: CHART_INK.text,
          anchor: 'start',
          baseline: 'middle',
        },
      );
      x += item.width + spacing;
    }
  });
  return { primitives, height: rows.length * rowHeight };
}
