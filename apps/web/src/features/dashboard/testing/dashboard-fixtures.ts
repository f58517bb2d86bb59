import type { EmbedTokenResponse, Report, Tier, User } from '@insightra/contract';
import { json } from '../../../test/render';

export const testUser: User = {
  id: 7,
  user_id: 7,
  username: 'meera',
  fullName: 'Meera Iyer',
  full_name: 'Meera Iyer',
  email: 'meera@example.com',
  password: true,
  role: 'member',
  region: null,
  location: null,
  mobileNumber: null,
  mobile_number: null,
  customerId: 0,
  sectorId: 1,
  sector_id: 1,
  sector: { id: 1, name: 'Education' },
  providers: ['local'],
  permissions: {},
  created_date: '2025-01-01T00:00:00.000Z',
  updated_date: '2025-01-01T00:00:00.000Z',
  dashboardHeader: 'Academic Analytics',
  dashboard_header: 'Academic Analytics',
};

/** Signs the test user in: an (unsigned) token with their claims in storage, as the session reads it. */
export function signIn(user: User = testUser) {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const token = `${b64({ alg: 'HS256' })}.${b64({ ...user, sub: String(user.id), exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
  window.localStorage.setItem('token', token);
  return token;
}

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
      'GET /api/auth/me': () => json({ success: true, data: { user: testUser } }),
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
