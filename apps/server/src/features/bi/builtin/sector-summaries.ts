import type { EmbedReportResponse, SectorDeclaration, SectorReport } from '@insightra/contract';
import type { Database, Tx } from '../../../db/client';
import { organisationDeclaration } from '../../sectors/repository';
import {
  clearSummaries,
  type RefreshedSummaries,
  readReportData,
  replaceSummaries,
} from './report-state-repository';
import { buildView, summaryRowCount } from './sector-view';
import { computeDemoSummaries, type SummaryRow } from './summary-repository';
import { computeSummaries, storedSummaryRowCount } from './upload-summary-repository';

type Query = Pick<Database, 'query'>;

/**
 * Recomputes an organisation's sector summaries from its current rows (the active uploads `uploadIds`,
 * newest first), in the refresh's transaction; the caller records the answer in the refresh state.
 */
export async function refreshSectorSummaries(
  tx: Tx,
  organisationId: number,
  declaration: SectorDeclaration,
  uploadIds: number[],
): Promise<RefreshedSummaries> {
  // One active upload (the common case): its stored summary is the organisation's, read in place.
  const [only] = uploadIds;
  if (only !== undefined && uploadIds.length === 1) {
    const rowCount = await storedSummaryRowCount(tx, declaration, only);
    if (rowCount !== null) {
      await clearSummaries(tx, organisationId);
      return { rowCount, inPlace: { uploadId: only, sector: declaration.industry } };
    }
  }
  const rows = await computeSummaries(tx, organisationId, declaration, uploadIds);
  await replaceSummaries(tx, organisationId, declaration.industry, rows);
  return { rowCount: summaryRowCount(rows), inPlace: null };
}

/** Demo datasets are fixed by the migrations: each sector's summaries are computed once per process. */
const demoCache = new WeakMap<Query, Map<string, Promise<SummaryRow[]>>>();

export function demoSummaries(db: Query, declaration: SectorDeclaration): Promise<SummaryRow[]> {
  let perDb = demoCache.get(db);
  if (!perDb) {
    perDb = new Map();
    demoCache.set(db, perDb);
  }
  let rows = perDb.get(declaration.slug);
  if (!rows) {
    rows = computeDemoSummaries(db, declaration);
    const cache = perDb;
    rows.catch(() => cache.delete(declaration.slug));
    perDb.set(declaration.slug, rows);
  }
  return rows;
}

/**
 * A template's answer for a member: over their own summaries when the template is of their sector,
 * else over the template's sector's demo dataset.
 */
export async function readSectorReport(
  db: Database,
  organisationId: number,
  declaration: SectorDeclaration,
  report: SectorReport,
): Promise<Omit<EmbedReportResponse, 'success'>> {
  const head = {
    uuid: report.uuid,
    template: report.key,
    name: report.name,
    description: report.description,
    sector: declaration.industry,
  };
  if ((await organisationDeclaration(db, organisationId)) !== declaration) {
    const rows = await demoSummaries(db, declaration);
    return {
      report: head,
      source: 'demo',
      refreshedAt: null,
      rowCount: summaryRowCount(rows),
      view: buildView(declaration, report, rows),
    };
  }
  const { rows, state } = await readReportData(db, organisationId, declaration.industry);
  return {
    report: head,
    source: 'own',
    refreshedAt: state ? state.refreshedAt.toISOString() : null,
    rowCount: state?.rowCount ?? 0,
    view: buildView(declaration, report, rows),
  };
}
