import { z } from 'zod';
import { REFRESH_STATES } from './constants';
import { defineRoute } from './http';
import { TierSchema } from './reports';

export const BI_PROVIDERS = ['builtin', 'powerbi'] as const;
export const EMBED_MODES = ['embed-token', 'secure-embed'] as const;

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

export const RefreshStartResponse = z.object({
  success: z.boolean(),
  status: z.enum(REFRESH_STATES),
  refreshId: z.string(),
  currentRefreshId: z.string(),
  estimatedDuration: z.string(),
  message: z.string(),
});
export const RefreshStatusResponse = z.object({
  status: z.enum(REFRESH_STATES),
  message: z.string(),
  isComplete: z.boolean(),
});
export const RefreshJob = z.object({
  refreshId: z.string(),
  status: z.enum(REFRESH_STATES),
  message: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});

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
    summary: "A short-lived embed token for the caller's reports of one tier",
    query: z.object({ tier: TierSchema }),
    response: EmbedTokenResponse,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/powerbi/api/refresh-powerbi',
    tag: 'bi',
    access: 'user',
    summary: "Queue a refresh of the caller's report data",
    response: RefreshStartResponse,
  }),
  refreshStatus: defineRoute({
    method: 'GET',
    path: '/api/powerbi/api/refresh-status/:id',
    tag: 'bi',
    access: 'user',
    summary: 'State of one refresh',
    params: z.object({ id: z.string().min(1).max(100) }),
    response: RefreshStatusResponse,
  }),
  refreshQueue: defineRoute({
    method: 'GET',
    path: '/api/powerbi/api/refresh-queue',
    tag: 'bi',
    access: 'user',
    summary: "The caller's queued and recent refreshes",
    response: z.object({
      success: z.literal(true),
      data: z.object({ jobs: z.array(RefreshJob), pendingUploads: z.number().int() }),
    }),
  }),
} as const;
