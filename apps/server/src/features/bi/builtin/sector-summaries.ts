import {
  EDUCATION,
  type EmbedReportResponse,
  REPORT_TEMPLATE_KEYS,
  type ReportTemplateKey,
  type SectorDeclaration,
  type SectorReport,
} from '@insightra/contract';
import type { Database, Tx } from '../../../db/client';
import { memberDeclaration } from '../../sectors/repository';
import { readReport } from './report-data';
import { currentRowsSql, demoRowsSql, type SummaryRow, summaryPlan, toSummaryRows } from './sector-sql';
import { buildView, summaryRowCount } from './sector-view';

type Query = Pick<Database, 'query'>;

/**
 * Recomputes a member's sector summaries from their current rows (the active uploads `uploadIds`,
 * newest first), in the refresh's transaction; returns the number of current rows.
 */
export async function refreshSectorSummaries(
  tx: Tx,
  userId: number,
  declaration: SectorDeclaration,
  uploadIds: number[],
): Promise<number> {
  let rows: SummaryRow[] = [];
  if (uploadIds.length) {
    const older = uploadIds.length > 1;
    const plan = summaryPlan(declaration, currentRowsSql(declaration, older));
    const params = older ? [userId, uploadIds[0], uploadIds, uploadIds.slice(1)] : [userId, uploadIds[0]];
    rows = toSummaryRows(plan, (await tx.query<Record<string, unknown>>(plan.sql, params)).rows);
  }
  await tx.query('DELETE FROM sector_summaries WHERE user_id = $1', [userId]);
  await tx.query(
    `INSERT INTO sector_summaries (user_id, sector, grouping, d1, d2, terms)
     SELECT $1, $2, x.grouping, x.d1, x.d2, x.terms
       FROM jsonb_to_recordset($3::jsonb) AS x(grouping text, d1 text, d2 text, terms jsonb)`,
    [userId, declaration.industry, JSON.stringify(rows)],
  );
  return summaryRowCount(rows);
}

async function ownSummaries(
  db: Query,
  userId: number,
  declaration: SectorDeclaration,
): Promise<SummaryRow[]> {
  const { rows } = await db.query<SummaryRow>(
    'SELECT grouping, d1, d2, terms FROM sector_summaries WHERE user_id = $1 AND sector = $2',
    [userId, declaration.industry],
  );
  return rows.map((r) => ({ ...r, terms: typeof r.terms === 'string' ? JSON.parse(r.terms) : r.terms }));
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
    const plan = summaryPlan(declaration, demoRowsSql(declaration));
    rows = db.query<Record<string, unknown>>(plan.sql).then((r) => toSummaryRows(plan, r.rows));
    const cache = perDb;
    rows.catch(() => cache.delete(declaration.slug));
    perDb.set(declaration.slug, rows);
  }
  return rows;
}

const isLegacy = (key: string): key is ReportTemplateKey =>
  (REPORT_TEMPLATE_KEYS as readonly string[]).includes(key);

/**
 * A template's answer for a member: over their own summaries when the template is of their sector,
 * else over the template's sector's demo dataset.
 */
export async function readSectorReport(
  db: Database,
  userId: number,
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
  if ((await memberDeclaration(db, userId)) !== declaration) {
    const rows = await demoSummaries(db, declaration);
    return {
      report: head,
      source: 'demo',
      refreshedAt: null,
      rowCount: summaryRowCount(rows),
      view: buildView(declaration, report, rows),
      data: null,
    };
  }
  const [rows, state] = await Promise.all([
    ownSummaries(db, userId, declaration),
    db.query<{ refreshed_at: Date; row_count: number }>(
      'SELECT refreshed_at, row_count FROM report_refresh_state WHERE user_id = $1',
      [userId],
    ),
  ]);
  const legacy =
    declaration === EDUCATION && isLegacy(report.key) ? await readReport(db, userId, report.key) : null;
  return {
    report: head,
    source: 'own',
    refreshedAt: state.rows[0] ? new Date(state.rows[0].refreshed_at).toISOString() : null,
    rowCount: Number(state.rows[0]?.row_count ?? 0),
    view: buildView(declaration, report, rows),
    data: legacy?.data ?? null,
  };
}
