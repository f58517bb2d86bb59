import { api, EXPORT_MESSAGES, type Member, type Report, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads';
import { ACME, signIn, testConfig, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { dashboardApi } from './testing/dashboard-fixtures';

// The route's lazy page and its queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const grades: Report = { id: 1, tier: 'Beta', report_type: 'Grades', report_uuid: 'uuid-1' };
const PDF_NAME = 'Grades – 12 May 2026.pdf';
const file = (body: string, name: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Grades.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

const member = (userId: number, fullName: string): Member => ({
  userId,
  username: fullName.toLowerCase(),
  fullName,
  email: `${fullName.toLowerCase()}@example.com`,
  role: 'editor',
  joinedAt: '2026-01-01T00:00:00.000Z',
});
const MEMBERS = [member(7, 'Asha Verma'), member(8, 'Ravi Kumar')];

/** The dashboard of `user` with Grades open; `handlers` add to or replace its API. */
function dashboard(handlers: Parameters<typeof dashboardApi>[1] = {}, user = testUser()) {
  signIn(user);
  return mockApi(
    dashboardApi([grades], {
      'GET /api/auth/me': () => json({ success: true, data: { user } }),
      [`GET /api/organisations/${ACME.id}/members`]: () =>
        json({ success: true, data: { members: MEMBERS, invitations: [] } }),
      'GET /api/subscriptions': () =>
        json({ success: true, data: { subscriptions: [], emailEnabled: true } }),
      ...handlers,
    }).handlers,
  );
}

describe('a report tab’s Export menu', () => {
  it('saves the PDF under the server’s name, showing progress while it is prepared', async () => {
    const saved = catchDownloads();
    let answer!: (response: Response) => void;
    const { calls } = dashboard({
      'GET /api/reports/1/export': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const menu = screen.getByRole('menu', { name: 'Export Grades' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['PDF', 'Excel (XLSX)', 'Subscribe by e-mail']);
    await user.click(within(menu).getByRole('menuitem', { name: 'PDF' }));

    const preparing = await within(menu).findByRole('menuitem', { name: 'Preparing PDF...' });
    expect(preparing).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Excel (XLSX)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-busy', 'true');
    const call = calls.find((c) => c.path === '/api/reports/1/export')!;
    expect(new Headers(call.init.headers).get('authorization')).toMatch(/^Bearer /);

    answer(file('%PDF', PDF_NAME));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(saved).toEqual([PDF_NAME]);
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('says why an export was refused, in the server’s words', async () => {
    const saved = catchDownloads();
    dashboard({
      'GET /api/reports/1/export': (url) =>
        url.searchParams.get('format') === 'xlsx'
          ? new Response(JSON.stringify({ success: false, message: EXPORT_MESSAGES.busy }), {
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '5' },
            })
          : json({ success: false, message: EXPORT_MESSAGES.notExportable }, 400),
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.busy);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
    expect(await screen.findByText(EXPORT_MESSAGES.notExportable)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('offers only PDF and PNG with Power BI, and is reachable by keyboard', async () => {
    dashboard({
      [`GET ${api.config.get.path}`]: () =>
        json(testConfig({ bi: { provider: 'powerbi', embedMode: 'embed-token' } })),
    });
    const { user } = renderRoute('/dashboard');
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(screen.getAllByRole('tab').length).toBe(1));
    button.focus();
    await user.keyboard('{ArrowDown}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    expect(items.map((i) => i.textContent)).toEqual(['PDF', 'PNG', 'Subscribe by e-mail']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('subscribing from a report', () => {
  it('subscribes the open tab, weekly on Monday at 09:00 India time to oneself, in three clicks', async () => {
    let sent: unknown = null;
    dashboard({
      'POST /api/subscriptions': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return json({ success: true, message: SUBSCRIPTION_MESSAGES.created, data: {} }, 201);
      },
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Subscribe by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe by e-mail' });
    expect(within(dialog).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: /Day of the week/ })).toHaveTextContent('Monday');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Asia/Kolkata');
    expect(await within(dialog).findByRole('checkbox', { name: /Asha Verma \(you\)/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Ravi Kumar/ })).not.toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: /Skip when there is no new data/ }),
    ).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(sent).toEqual({
        reportId: 1,
        recipients: [7],
        cadence: 'weekly',
        weekday: 1,
        monthDay: null,
        time: '09:00',
        timeZone: 'Asia/Kolkata',
        skipWithoutNewData: false,
      }),
    );
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.created)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a monthly schedule to several members with the chosen day, time and zone', async () => {
    let sent: Record<string, unknown> = {};
    dashboard({
      'POST /api/subscriptions': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return json({ success: false, message: SUBSCRIPTION_MESSAGES.recipientOutside }, 400);
      },
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Subscribe by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    const day = within(dialog).getByLabelText('Day of the month');
    await user.clear(day);
    await user.type(day, '15');
    const zone = within(dialog).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Europe/London');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ravi Kumar/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Skip when there is no new data/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    // The server's refusal stays in the dialog, which stays open.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      SUBSCRIPTION_MESSAGES.recipientOutside,
    );
    expect(sent).toMatchObject({
      cadence: 'monthly',
      weekday: null,
      monthDay: 15,
      timeZone: 'Europe/London',
      recipients: [7, 8],
      skipWithoutNewData: true,
    });
  });

  it('lets a viewer subscribe only themselves, saying why the others are unavailable', async () => {
    dashboard({}, testUser({ organisation: { ...ACME, role: 'viewer' } }));
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Subscribe by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    const other = await within(dialog).findByRole('checkbox', { name: /Ravi Kumar/ });
    expect(other).toBeDisabled();
    expect(other).toHaveAccessibleDescription(SUBSCRIPTION_MESSAGES.othersNeedEditor);
    expect(within(dialog).getByRole('checkbox', { name: /Asha Verma \(you\)/ })).toBeEnabled();
  });

  it('says e-mail is not set up and cannot subscribe without it', async () => {
    const { calls } = dashboard({
      'GET /api/subscriptions': () =>
        json({ success: true, data: { subscriptions: [], emailEnabled: false } }),
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Subscribe by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(SUBSCRIPTION_MESSAGES.noSmtp)).toBeInTheDocument();
    const subscribe = within(dialog).getByRole('button', { name: 'Subscribe' });
    expect(subscribe).toBeDisabled();
    expect(subscribe).toHaveAccessibleDescription(SUBSCRIPTION_MESSAGES.noSmtp);
    await user.click(subscribe);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
