import type {
  EmbedTokenResponse,
  RefreshJob,
  RefreshStart,
  RefreshStatus,
  Report,
  Tier,
} from '@insightra/contract';

/**
 * The BI provider behind the dashboard's report frame (docs/PRODUCT.md#built-in-provider). `builtin` renders reports from
 * the organisation's own data; `powerbi` talks to the Power BI REST API. Routes call only this interface.
 */
/** Who an embed token is for: the organisation whose data it opens, and whether an administrator asks. */
export interface ReportViewer {
  organisationId: number;
  admin: boolean;
  /**
   * The session asking (an embed token): a built-in report's token works only while that session lasts
   * and its user may still work in the organisation.
   */
  session?: { userId: number; sessionId: string };
}

/** What of a report an export covers. */
export interface ExportOptions {
  /** Only its first page (Power BI exports a PNG of several pages as a ZIP of one PNG per page). */
  firstPage?: boolean;
}

export interface BiProvider {
  readonly name: 'builtin' | 'powerbi';
  /**
   * Why no export (download or mail) may run, when none may: Power BI in secure-embed mode without an
   * identity to export as (POWERBI_RLS_ROLES) or the operator's word that none is needed
   * (POWERBI_SHARED_DATASET=true). Undefined when exports run.
   */
  readonly exportsRefused?: string;
  /** Whether the provider's credentials and endpoints work; providers cache this themselves. */
  checkHealth(): Promise<'ok' | 'error'>;
  /** An embed token for `reports` (the organisation's reports of `tier`), never wider than it may see. */
  embedToken(viewer: ReportViewer, tier: Tier, reports: Report[]): Promise<EmbedTokenResponse>;
  /** Refreshes the organisation's report data, started by `by.userId`. */
  startRefresh(by: { userId: number; organisationId: number }): Promise<RefreshStart>;
  refreshStatus(organisationId: number, refreshId: string): Promise<RefreshStatus | null>;
  refreshQueue(organisationId: number): Promise<RefreshJob[]>;
  /**
   * Power BI only: a report as a PDF or PNG from Power BI's export API, seen with the viewer's
   * organisation's effective identity; null when the viewer may not open the report.
   */
  exportReport?(
    viewer: ReportViewer,
    reportUuid: string,
    format: 'pdf' | 'png',
    options?: ExportOptions,
  ): Promise<Buffer | null>;
  /**
   * Power BI only: when the dataset's newest refresh completed (its refresh history); null when that is
   * not known (no POWERBI_DATASET_ID, none completed yet, or Power BI did not answer).
   */
  dataRefreshedAt?(): Promise<Date | null>;
  /** Power BI only: whether exportReport would export the report for the viewer. */
  exportable?(viewer: ReportViewer, reportUuid: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bi: BiProvider;
  }
}
