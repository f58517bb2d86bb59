import type { EmbedTokenResponse, Report, Tier } from '@insightra/contract';
import { testUser } from '../../../test/fixtures';
import { json } from '../../../test/render';

export function tokenResponse(
  tier: Tier,
  reports: Report[],
  expiresInMs = 30 * 60_000,
  token = `embed-${tier}`,
): EmbedTokenResponse {
  return {
    success: true,
    tier,
    provider: 'builtin',
    embedMode: 'embed-token',
    accessToken: token,
    tokenId: 'token-id',
    expiration: new Date(Date.now() + expiresInMs).toISOString(),
    reports: reports.map((r) => ({
      id: r.id,
      report_uuid: r.report_uuid,
      report_type: r.report_type,
      embedUrl: `/embed/${r.report_uuid}`,
      available: true,
    })),
  };
}

/** The API of a signed-in member with `reports`; override any handler. */
export function dashboardApi(
  reports: Report[],
  overrides: Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>> = {},
) {
  const list = [...reports];
  return {
    list,
    handlers: {
      'GET /api/auth/me': () => json({ success: true, data: { user: testUser() } }),
      'GET /api/powerbi/health': () =>
        json({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' }),
      'GET /api/reports': (url: URL) =>
        json({ success: true, data: list.filter((r) => r.tier === url.searchParams.get('tier')) }),
      'GET /api/powerbi/get-powerbi-token': (url: URL) => {
        const tier = url.searchParams.get('tier') as Tier;
        return json(
          tokenResponse(
            tier,
            list.filter((r) => r.tier === tier),
          ),
        );
      },
      'GET /api/powerbi/api/refresh-queue': () =>
        json({ success: true, data: { jobs: [], pendingUploads: 0 } }),
      ...overrides,
    },
  };
}
