import { INDUSTRIES } from '@insightra/contract';
import type { ExportTarget } from '../exports/export-file';

/*
 * A built-in report frame's URL names what it shows (`?report=12`, a report tab, or `?sector=retail`, a
 * sector page's report), so that the frame and the undocked window can offer its exports. Only that
 * goes there: the session stays in storage and the embed token in messages.
 */

export function frameUrlOf(embedUrl: string, target: ExportTarget): string {
  const param = target.kind === 'report' ? `report=${target.id}` : `sector=${target.sector}`;
  return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}${param}`;
}

/** What a frame's URL names, called `name`; null when it names nothing exportable. */
export function frameTargetOf(search: URLSearchParams, name: string): ExportTarget | null {
  const id = Number(search.get('report'));
  if (Number.isInteger(id) && id > 0) return { kind: 'report', id, name };
  const sector = INDUSTRIES.find((i) => i.slug === search.get('sector'));
  return sector ? { kind: 'sector', sector: sector.slug, name } : null;
}
