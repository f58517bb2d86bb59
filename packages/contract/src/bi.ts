import { z } from 'zod';
import { BI_PROVIDERS, EMBED_MODES, REFRESH_STATES } from './constants';
import { defineRoute } from './http';
import { CHART_KINDS, VALUE_FORMATS } from './industries/declaration';
import { TierSchema } from './reports';

export const HealthResponse = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  provider: z.enum(BI_PROVIDERS),
  database: z.enum(['ok', 'error']),
  bi: z.enum(['ok', 'error', 'unchecked']),
});

export const EmbedReport = z.object({
  id: z.number().int(),
  report_uuid: z.string(),
  report_type: z.string(),
  /** The frame's URL, without any token. */
  embedUrl: z.string(),
  /** False when the report is not available to the caller (unknown, or not granted). */
  available: z.boolean(),
  datasetId: z.string().nullable().optional(),
});

export const EmbedTokenResponse = z.object({
  success: z.literal(true),
  tier: TierSchema,
  provider: z.enum(BI_PROVIDERS),
  embedMode: z.enum(EMBED_MODES),
  accessToken: z.string().nullable(),
  tokenId: z.string().nullable(),
  expiration: z.string().nullable(),
  reports: z.array(EmbedReport),
});
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponse>;

/** A refresh asked for: the job started (or the one already running) and how long it should take. */
export const RefreshStart = z.object({
  status: z.enum(REFRESH_STATES),
  refreshId: z.string(),
  currentRefreshId: z.string(),
  estimatedDuration: z.string(),
  message: z.string(),
});
export type RefreshStart = z.infer<typeof RefreshStart>;
export const RefreshStartResponse = RefreshStart.extend({ success: z.boolean() });
export const RefreshStatusResponse = z.object({
  status: z.enum(REFRESH_STATES),
  message: z.string(),
  isComplete: z.boolean(),
});
export type RefreshStatus = z.infer<typeof RefreshStatusResponse>;
export const RefreshJob = z.object({
  refreshId: z.string(),
  status: z.enum(REFRESH_STATES),
  message: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Who started it (null where the provider does not say, or once that account is removed). */
  startedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RefreshJob = z.infer<typeof RefreshJob>;

/** How the BI provider is set up, for administrators (the warnings of the admin dashboard). */
export const BiSettings = z.object({
  provider: z.enum(BI_PROVIDERS),
  embedMode: z.enum(EMBED_MODES),
  /**
   * Whether Power BI embed tokens carry an effective identity (POWERBI_RLS_ROLES), so that the
   * dataset's row-level security shows each member only their rows; null where it does not apply
   * (built-in reports, or secure embed where viewers sign in themselves).
   */
  rowLevelSecurity: z.boolean().nullable(),
  rlsRoles: z.array(z.string()),
  /** Embed token lifetime asked of Power BI (POWERBI_TOKEN_MINUTES). */
  tokenMinutes: z.number().int(),
  /** Least time between dataset refreshes (POWERBI_REFRESH_MIN_INTERVAL_MIN); 0: no cooldown. */
  refreshMinIntervalMin: z.number().int(),
});
export type BiSettings = z.infer<typeof BiSettings>;

/** Messages between the dashboard and its report frame (or undocked window); same origin only. */
export const EMBED_MESSAGES = {
  /** Parent → frame: `{ type, token }`, a renewed embed token; the frame keeps its report open. */
  token: 'insightra:embed-token',
  /** Parent → frame: the data was refreshed; fetch the report again. */
  refresh: 'insightra:embed-refresh',
  /** Frame → parent: the frame is listening (the parent then sends the token). */
  ready: 'insightra:embed-ready',
} as const;

/** A KPI card: a measure over all of the rows; null when there is nothing to divide by (no rows). */
export const ReportKpi = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(VALUE_FORMATS),
  value: z.number().nullable(),
});
export type ReportKpi = z.infer<typeof ReportKpi>;

/**
 * A chart and its table: one row per point (a value of the dimension, already ordered and limited),
 * one value per series (a measure, or a value of the split dimension); null where a ratio or an
 * average has nothing to divide by.
 */
export const ReportChart = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(CHART_KINDS),
  dimension: z.object({ key: z.string(), label: z.string() }),
  series: z.array(z.object({ key: z.string(), label: z.string(), format: z.enum(VALUE_FORMATS) })),
  rows: z.array(z.object({ label: z.string(), values: z.array(z.number().nullable()) })),
});
export type ReportChart = z.infer<typeof ReportChart>;

/** Any template's figures, generic over templates: the KPI cards and charts of its declaration. */
export const ReportView = z.object({ kpis: z.array(ReportKpi), charts: z.array(ReportChart) });
export type ReportView = z.infer<typeof ReportView>;

export const REPORT_SOURCES = ['own', 'demo'] as const;

export const EmbedReportResponse = z.object({
  success: z.literal(true),
  report: z.object({
    uuid: z.string(),
    /** The template's key within its sector's declaration. */
    template: z.string(),
    name: z.string(),
    description: z.string(),
    /** The sector (industry name) whose data the template reads. */
    sector: z.string(),
  }),
  /**
   * `own`: the member's data (a template of their own sector); `demo`: the seeded demo dataset of the
   * template's sector (another sector's report, e.g. on that sector's page).
   */
  source: z.enum(REPORT_SOURCES),
  /** When the member's summary tables were last refreshed; null before the first refresh (and for demo). */
  refreshedAt: z.string().nullable(),
  rowCount: z.number().int(),
  view: ReportView,
});
export type EmbedReportResponse = z.infer<typeof EmbedReportResponse>;

export const biRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/powerbi/health',
    tag: 'bi',
    access: 'none',
    summary: 'Health of the database and the BI provider (503 when unhealthy)',
    response: HealthResponse,
  }),
  embedToken: defineRoute({
    method: 'GET',
    path: '/api/powerbi/get-powerbi-token',
    tag: 'bi',
    access: 'user',
    permission: 'reports.view',
    summary: "A short-lived embed token for the caller's reports of one tier",
    query: z.object({ tier: TierSchema }),
    response: EmbedTokenResponse,
  }),
  sectorToken: defineRoute({
    method: 'GET',
    path: '/api/powerbi/sector-token/:sector',
    tag: 'bi',
    access: 'user',
    permission: 'reports.view',
    summary: "An embed token for a sector page's report (the built-in sector overview unless configured)",
    params: z.object({ sector: z.string().min(1).max(50) }),
    response: EmbedTokenResponse,
  }),
  embedData: defineRoute({
    method: 'GET',
    path: '/api/embed/reports/:reportUuid',
    tag: 'bi',
    access: 'embed',
    summary: "A built-in report's data, for the embed token's own user and reports only",
    params: z.object({ reportUuid: z.string().min(1).max(100) }),
    response: EmbedReportResponse,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/powerbi/api/refresh-powerbi',
    tag: 'bi',
    access: 'user',
    permission: 'refresh.start',
    summary: "Queue a refresh of the caller's report data",
    response: RefreshStartResponse,
  }),
  refreshStatus: defineRoute({
    method: 'GET',
    path: '/api/powerbi/api/refresh-status/:id',
    tag: 'bi',
    access: 'user',
    permission: 'reports.view',
    summary: 'State of one refresh',
    params: z.object({ id: z.string().min(1).max(100) }),
    response: RefreshStatusResponse,
  }),
  refreshQueue: defineRoute({
    method: 'GET',
    path: '/api/powerbi/api/refresh-queue',
    tag: 'bi',
    access: 'user',
    permission: 'reports.view',
    summary: "The caller's queued and recent refreshes",
    response: z.object({
      success: z.literal(true),
      data: z.object({ jobs: z.array(RefreshJob), pendingUploads: z.number().int() }),
    }),
  }),
} as const;
