import {
  type AdminUserDetails,
  type AdminUserSummary,
  api,
  type Member,
  type Organisation,
  type PublicConfig,
  type Report,
  type ReportsByTier,
} from '@insightra/contract';
import { signIn, testUser } from '../../test/fixtures';
import { json, mockApi } from '../../test/render';

type Handler = Parameters<typeof mockApi>[0][string];

export const CONFIG: PublicConfig = {
  siteName: 'Insightra',
  salesEmail: 'sales@insightra.in',
  salesPhone: '+91 22 4000 5000',
  officeAddress: 'Mumbai',
  google: { enabled: false, clientId: null },
  bi: { provider: 'builtin', embedMode: 'embed-token' },
  uploads: { maxBytes: 50 * 1024 * 1024 },
  mail: { enabled: false },
};

export function summary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  const id = overrides.id ?? 11;
  const fullName = overrides.full_name === undefined ? 'Priya Sharma' : overrides.full_name;
  return {
    id,
    user_id: id,
    username: 'priya',
    full_name: fullName,
    fullName,
    email: 'priya@example.com',
    role: 'member',
    sector_id: 1,
    sector_name: 'Education',
    created_date: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function details(overrides: Partial<AdminUserDetails> = {}): AdminUserDetails {
  return {
    ...summary(overrides),
    location: 'Pune',
    mobile_number: '+91 98200 00000',
    mobileNumber: '+91 98200 00000',
    region: null,
    organisations: [],
    ...overrides,
  };
}

export function organisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: 5,
    name: 'Acme School',
    sectorId: 1,
    sector: 'Education',
    customerId: 0,
    memberCount: 2,
    createdAt: '2026-01-10T09:30:00.000Z',
    ...overrides,
  };
}

export function member(overrides: Partial<Member> = {}): Member {
  return {
    userId: 11,
    username: 'priya',
    fullName: 'Priya Sharma',
    email: 'priya@example.com',
    role: 'owner',
    joinedAt: '2026-01-10T09:30:00.000Z',
    ...overrides,
  };
}

export const noReports = (): ReportsByTier => ({ Beta: [], Alpha: [], 'Alpha+': [] });

export const report = (id: number, tier: Report['tier'], report_type: string): Report => ({
  id,
  tier,
  report_type,
  report_uuid: `uuid-${id}`,
});

/** Signs the browser in as an administrator and mocks the API with `handlers` on top of me and config. */
export function asAdmin(handlers: Record<string, Handler>, config: PublicConfig = CONFIG) {
  const admin = testUser({ id: 1, role: 'admin', sectorId: null, fullName: 'Ada Admin' });
  signIn(admin);
  return mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: admin } }),
    [`GET ${api.config.get.path}`]: () => json(config),
    ...handlers,
  });
}

/** A response that arrives only when `resolve` is called. */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
