import type { APIRequestContext } from '@playwright/test';
import { type E2eSession, type E2eUser, expect, registerUser, setSector } from './fixtures';

/** The user object's organisation fields (docs/PRODUCT.md, "Organisations"). */
export interface E2eOrganisation {
  id: number;
  name: string;
  role: 'owner' | 'editor' | 'viewer';
}
export type E2eMember = E2eSession & { user: E2eUser & { organisation: E2eOrganisation } };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function data<T>(answer: Promise<import('@playwright/test').APIResponse>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()).data as T;
}

/** Sector ids (the contract's INDUSTRIES, in order, from 1). */
export const SECTORS = { education: 1, hotels: 6 } as const;

/**
 * A member who owns an organisation of their own, renamed to `name`, in `sectorId`: a fresh
 * registration, as a new client's first person.
 */
export async function organisationOwner(
  request: APIRequestContext,
  name: string,
  { fullName, sectorId = SECTORS.education }: { fullName?: string; sectorId?: number } = {},
): Promise<E2eMember> {
  const session = await registerUser(request, fullName ? { fullName } : {});
  const id = (session.user.organisation as E2eOrganisation).id;
  await data(request.patch(`/api/organisations/${id}`, { headers: bearer(session.token), data: { name } }));
  const user = await setSector(request, session.token, sectorId);
  return { ...session, user: user as E2eMember['user'] };
}

/** Uploads a CSV through the API, as the dashboard's Load Data does. */
export async function uploadCsv(request: APIRequestContext, token: string, fileName: string, csv: string) {
  const res = await request.post('/api/server/upload-excel', {
    headers: bearer(token),
    multipart: { excelFile: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Adds a Beta report tab to the caller's active organisation. */
export async function addReportTab(request: APIRequestContext, token: string, name: string, uuid: string) {
  await data(
    request.post('/api/reports', {
      headers: bearer(token),
      data: { tier: 'Beta', report_type: name, report_uuid: uuid },
    }),
    201,
  );
}

/** An owner's invitation of `email` with `role`: the token of its `/invite/{token}` link. */
export async function invite(
  request: APIRequestContext,
  owner: E2eMember,
  email: string,
  role: E2eOrganisation['role'],
): Promise<string> {
  const { link } = await data<{ link: string }>(
    request.post(`/api/organisations/${owner.user.organisation.id}/invitations`, {
      headers: bearer(owner.token),
      data: { email, role },
    }),
    201,
  );
  return link.split('/invite/')[1]!;
}

/** Accepts an invitation: the member's session now works in the inviting organisation. */
export async function accept(
  request: APIRequestContext,
  token: string,
  invitation: string,
): Promise<{ token: string; user: E2eMember['user'] }> {
  return data(request.post(`/api/invitations/${invitation}/accept`, { headers: bearer(token) }));
}

/** Refreshes the caller's organisation's reports and waits until the refresh has completed. */
export async function refreshReports(request: APIRequestContext, token: string) {
  const started = await request.post('/api/powerbi/api/refresh-powerbi', { headers: bearer(token) });
  expect(started.ok(), await started.text()).toBe(true);
  const id = (await started.json()).refreshId as string;
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/api/powerbi/api/refresh-status/${id}`, { headers: bearer(token) })
          ).json()
        ).status,
      { intervals: [100] },
    )
    .toBe('completed');
}

/** The file names in the caller's active organisation's upload history. */
export async function uploadedFiles(request: APIRequestContext, token: string): Promise<string[]> {
  const logs = await data<{ file_name: string }[]>(
    request.get('/api/server/activity', { headers: bearer(token) }),
  );
  return logs.map((log) => log.file_name);
}

/** Makes organisation `id` the session's active one: the session's fresh token. */
export async function switchOrganisation(request: APIRequestContext, token: string, id: number) {
  return (
    await data<{ token: string }>(request.post(`/api/organisations/${id}/switch`, { headers: bearer(token) }))
  ).token;
}

/**
 * `member` joins `owner`'s organisation with `role` (invited and accepted through the API) and keeps
 * working in their own: the session's token, back in the member's own organisation.
 */
export async function join(
  request: APIRequestContext,
  owner: E2eMember,
  member: E2eMember,
  role: E2eOrganisation['role'],
): Promise<string> {
  const joined = await accept(request, member.token, await invite(request, owner, member.user.email!, role));
  return switchOrganisation(request, joined.token, member.user.organisation.id);
}

/** A new session of `member` (signing in through the API), working in organisation `id`. */
export async function sessionIn(request: APIRequestContext, member: E2eMember, id: number) {
  const { token } = await data<{ token: string }>(
    request.post('/api/auth/login', { data: { username: member.user.username, password: member.password } }),
  );
  return switchOrganisation(request, token, id);
}
