import { type EmbedTokenResponse, EXPORT_MESSAGES, type Report, type Tier } from '@insightra/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { BiProvider, ReportViewer } from '../provider';
import { AadTokenSource } from './aad';
import { availableReportUuids, powerBiIdentity } from './availability-repository';
import { PowerBiError, powerBiErrors } from './errors';
import type { HttpOptions } from './http';
import { powerBiRefreshes } from './refreshes';
import { type PbiReport, PowerBiRestClient } from './rest-client';

export interface PowerBiProviderOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  /** Extra CA to trust (tests' stand-in); the default trust store otherwise. */
  ca?: string;
  timeoutMs?: number;
  retry?: { attempts: number; maxDelayMs: number };
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch; injected so the health cache can be tested without waiting. */
  now?: () => number;
}

/** The health probe's answer is reused this long (docs/PRODUCT.md#server-health: "at most once a minute"). */
export const HEALTH_CACHE_MS = 60_000;
/** How long an export may take in Power BI, polls included, before the member is told it failed. */
export const EXPORT_DEADLINE_MS = 180_000;
/** Report ids in Power BI are GUIDs; anything else cannot be a report there. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `powerbi` BI provider: the Power BI REST API with a service principal (docs/PRODUCT.md#power-bi-provider). */
export function createPowerBiProvider(options: PowerBiProviderOptions): BiProvider {
  const { config, db, log } = options;
  const pbi = config.bi.powerbi;
  // config.ts already stopped start-up if one of these is missing.
  const tenantId = pbi.tenantId as string;
  const http: HttpOptions = { ca: options.ca, timeoutMs: options.timeoutMs ?? 15_000 };
  const aad = new AadTokenSource({
    tenantId,
    clientId: pbi.clientId as string,
    clientSecret: pbi.clientSecret as string,
    authorityHost: pbi.authorityHost,
    http,
    log,
  });
  const rest = new PowerBiRestClient({
    apiUrl: pbi.apiUrl,
    workspaceId: pbi.workspaceId as string,
    http,
    aad,
    log,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const now = options.now ?? Date.now;
  // USERNAME() in the dataset's DAX filters names the organisation, `org:{id}` (decision 074).
  const identityOf = (organisationId: number) =>
    pbi.rlsRoles.length > 0 ? { username: powerBiIdentity(organisationId), roles: pbi.rlsRoles } : null;

  /** The report as Power BI knows it, when the viewer's organisation may open it; null otherwise. */
  async function exportableReport(viewer: ReportViewer, reportUuid: string): Promise<PbiReport | null> {
    if (!GUID.test(reportUuid) || !(await availableReportUuids(db, viewer, [reportUuid])).has(reportUuid))
      return null;
    return rest.getReport(reportUuid);
  }

  /** The name of the report's first page; null when Power BI lists none. */
  async function firstPageName(reportUuid: string): Promise<string | null> {
    const pages = await rest.reportPages(reportUuid);
    const [first] = pages.sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
    return first?.name ?? null;
  }

  let health: { at: number; value: 'ok' | 'error' } | null = null;
  let probing: Promise<'ok' | 'error'> | null = null;

  async function probe(): Promise<'ok' | 'error'> {
    try {
      await aad.token({ fresh: true });
      return (await rest.workspaceVisible()) ? 'ok' : 'error';
    } catch (err) {
      log.warn(
        { failure: err instanceof PowerBiError ? err.kind : 'unexpected' },
        'Power BI health probe failed',
      );
      return 'error';
    }
  }

  const refreshes = powerBiRefreshes({
    rest,
    log,
    datasetId: pbi.datasetId,
    minIntervalMs: pbi.refreshMinIntervalMin * 60_000,
    now,
  });

  // Secure-embed exports with no identity to run as, and no word that none is needed, do not run.
  const exportsOff =
    config.bi.embedMode === 'secure-embed' && pbi.rlsRoles.length === 0 && !pbi.sharedDataset;

  return {
    name: 'powerbi',
    ...(exportsOff ? { exportsRefused: EXPORT_MESSAGES.noIdentity } : {}),

    async checkHealth() {
      if (health && now() - health.at < HEALTH_CACHE_MS) return health.value;
      // Concurrent callers share one probe.
      probing ??= probe().then((value) => {
        health = { at: now(), value };
        probing = null;
        return value;
      });
      return probing;
    },

    async embedToken(viewer: ReportViewer, tier: Tier, reports: Report[]): Promise<EmbedTokenResponse> {
      const uuids = [...new Set(reports.map((r) => r.report_uuid))];
      const granted = await availableReportUuids(db, viewer, uuids);
      const base = {
        success: true as const,
        tier,
        provider: 'powerbi' as const,
        embedMode: config.bi.embedMode,
      };

      if (config.bi.embedMode === 'secure-embed') {
        // Each viewer signs in to Power BI themselves; the frame URL of docs/PRODUCT.md#power-bi-provider, no token from us.
        return {
          ...base,
          accessToken: null,
          tokenId: null,
          expiration: null,
          reports: reports.map((r) => {
            const available = granted.has(r.report_uuid) && GUID.test(r.report_uuid);
            return {
              id: r.id,
              report_uuid: r.report_uuid,
              report_type: r.report_type,
              available,
              embedUrl: available
                ? `https://app.powerbi.com/reportEmbed?reportId=${encodeURIComponent(r.report_uuid)}&autoAuth=true&ctid=${encodeURIComponent(tenantId)}`
                : '',
              datasetId: null,
            };
          }),
        };
      }

      const found = new Map<string, { embedUrl: string; datasetId: string | null }>();
      for (const uuid of uuids) {
        if (!granted.has(uuid) || !GUID.test(uuid)) continue;
        const report = await rest.getReport(uuid);
        if (report?.embedUrl)
          found.set(uuid, { embedUrl: report.embedUrl, datasetId: report.datasetId ?? null });
      }
      const datasets = [
        ...new Set([...found.values()].map((r) => r.datasetId).filter((d): d is string => !!d)),
      ];
      const token =
        found.size > 0
          ? await rest.generateToken({
              reportIds: [...found.keys()],
              datasetIds: datasets,
              identity: identityOf(viewer.organisationId),
              lifetimeInMinutes: pbi.tokenMinutes,
            })
          : null;
      return {
        ...base,
        accessToken: token?.token ?? null,
        tokenId: token?.tokenId ?? null,
        expiration: token?.expiration ?? null,
        reports: reports.map((r) => {
          const hit = found.get(r.report_uuid);
          return {
            id: r.id,
            report_uuid: r.report_uuid,
            report_type: r.report_type,
            available: hit !== undefined,
            embedUrl: hit?.embedUrl ?? '',
            datasetId: hit?.datasetId ?? null,
          };
        }),
      };
    },

    startRefresh: () => refreshes.start(),
    refreshStatus: (_organisationId: number, refreshId: string) => refreshes.status(refreshId),
    refreshQueue: () => refreshes.queue(),
    dataRefreshedAt: () => refreshes.lastCompletedAt().catch(() => null),

    exportable: async (viewer, reportUuid) =>
      !exportsOff && (await exportableReport(viewer, reportUuid)) !== null,

    // Only a report the organisation may open is exported, and seen as the organisation sees it.
    async exportReport(viewer, reportUuid, format, options = {}) {
      if (exportsOff) return null;
      const report = await exportableReport(viewer, reportUuid);
      if (!report) return null;
      const file = await rest.exportToFile({
        reportId: reportUuid,
        format: format === 'pdf' ? 'PDF' : 'PNG',
        datasetIds: report.datasetId ? [report.datasetId] : [],
        identity: identityOf(viewer.organisationId),
        pageName: options.firstPage ? await firstPageName(reportUuid) : null,
        deadlineMs: EXPORT_DEADLINE_MS,
      });
      if (!file) throw powerBiErrors.exportFailed();
      return file;
    },
  };
}
