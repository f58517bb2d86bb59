import { SUBSCRIPTION_MESSAGES, type Subscription } from '@insightra/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, signIn, testDelivery, testSubscription, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { NO_SUBSCRIPTIONS } from './pages/subscriptions-page';

configure({ asyncUtilTimeout: 5000 });

type Handlers = Parameters<typeof mockApi>[0];

/** /subscriptions for `user`, listing `list`; `handlers` add to its API. */
function page(list: Subscription[], handlers: Handlers = {}, user = testUser()) {
  signIn(user);
  const api = mockApi({
    'GET /api/auth/me': () => json({ success: true, data: { user } }),
    'GET /api/subscriptions': () =>
      json({ success: true, data: { subscriptions: list, emailEnabled: true } }),
    [`GET /api/organisations/${ACME.id}/members`]: () =>
      json({ success: true, data: { members: [], invitations: [] } }),
    ...handlers,
  });
  return { ...api, ...renderRoute('/subscriptions') };
}

const failing = testSubscription({
  id: 4,
  reportName: 'Attendance',
  cadence: 'monthly',
  weekday: null,
  monthDay: 15,
  time: '18:30',
  timeZone: 'Europe/London',
  recipients: [
    { id: 7, name: 'Asha Verma', email: 'asha@example.com' },
    { id: 8, name: 'Ravi Kumar', email: 'ravi@example.com' },
  ],
  lastError: 'Mailbox unavailable',
});

describe('/subscriptions', () => {
  it('lists each subscription’s schedule in words, next run, recipients and status', async () => {
    page([testSubscription(), failing]);
    const grades = await screen.findByRole('article', { name: 'Grades' });
    expect(within(grades).getByText('Every Monday at 09:00 (Asia/Kolkata)')).toBeInTheDocument();
    const nextRun = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-05-18T03:30:00.000Z'),
    );
    expect(within(grades).getByText(nextRun)).toBeInTheDocument();
    expect(within(grades).getByText('Not sent yet')).toBeInTheDocument();
    const attendance = screen.getByRole('article', { name: 'Attendance' });
    expect(
      within(attendance).getByText('On the 15th of every month at 18:30 (Europe/London)'),
    ).toBeInTheDocument();
    expect(within(attendance).getByText('Asha Verma, Ravi Kumar')).toBeInTheDocument();
    expect(within(attendance).getByText(/Mailbox unavailable/)).toBeInTheDocument();
  });

  it('pauses, sends now and deletes after asking, each with the server’s message', async () => {
    const list = [testSubscription()];
    const { user, calls } = page(list, {
      'PATCH /api/subscriptions/3': (_url, init) => {
        list[0] = { ...list[0]!, ...JSON.parse(String(init.body)) };
        return json({
          success: true,
          message: SUBSCRIPTION_MESSAGES.updated,
          data: { subscription: list[0] },
        });
      },
      'POST /api/subscriptions/3/send-now': () =>
        json({ success: true, message: SUBSCRIPTION_MESSAGES.queued }),
      'DELETE /api/subscriptions/3': () => {
        list.pop();
        return json({ success: true, message: SUBSCRIPTION_MESSAGES.deleted });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pause Grades' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.updated)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init.body))).toEqual({ paused: true });
    expect(await screen.findByRole('button', { name: 'Resume Grades' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send now Grades' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.queued)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Grades' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete subscription?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NO_SUBSCRIPTIONS)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a subscription in the same dialog, prefilled with its settings', async () => {
    const { user, calls } = page([failing], {
      'PATCH /api/subscriptions/4': () =>
        json({ success: true, message: SUBSCRIPTION_MESSAGES.updated, data: { subscription: failing } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Attendance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change subscription' });
    expect(within(dialog).getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(within(dialog).getByLabelText('Day of the month')).toHaveValue(15);
    await user.click(within(dialog).getByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init.body))).toEqual({
      recipients: [7, 8],
      cadence: 'daily',
      weekday: null,
      monthDay: null,
      time: '18:30',
      timeZone: 'Europe/London',
      skipWithoutNewData: false,
    });
  });

  it('shows a subscription’s deliveries, failed ones with their reason', async () => {
    const { user } = page([failing], {
      'GET /api/subscriptions/4/deliveries': () =>
        json({
          success: true,
          data: {
            deliveries: [
              testDelivery({
                id: 2,
                status: 'failed',
                attempts: 5,
                error: 'Mailbox unavailable',
                sentAt: null,
              }),
              testDelivery(),
            ],
          },
        }),
    });
    const toggle = await screen.findByRole('button', { name: 'Deliveries Attendance' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    const [failed, sent] = within(list).getAllByRole('listitem');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('5 attempts');
    expect(failed).toHaveTextContent('Mailbox unavailable');
    expect(sent).toHaveTextContent('Sent');
  });

  it('lets a recipient read but not change someone else’s subscription', async () => {
    page(
      [testSubscription({ createdBy: { id: 9, name: 'Meera Iyer' } })],
      {},
      testUser({ organisation: { ...ACME, role: 'editor' } }),
    );
    expect(await screen.findByText(/Made by Meera Iyer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Grades' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Grades' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deliveries Grades' })).toBeInTheDocument();
  });

  it('says how to subscribe when there is none, and why when the list fails', async () => {
    page([]);
    expect(await screen.findByText(NO_SUBSCRIPTIONS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the server’s error with a retry', async () => {
    let fail = true;
    const { user } = page([], {
      'GET /api/subscriptions': () =>
        fail
          ? json({ success: false, message: 'Database unavailable' }, 500)
          : json({ success: true, data: { subscriptions: [], emailEnabled: false } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.noSmtp)).toBeInTheDocument();
  });
});
