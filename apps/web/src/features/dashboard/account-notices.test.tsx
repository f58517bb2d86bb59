import { ACCOUNT_MAIL_MESSAGES, type Report } from '@insightra/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testConfig, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { dashboardApi } from './testing/dashboard-fixtures';

configure({ asyncUtilTimeout: 5000 });

const beta: Report = { id: 1, tier: 'Beta', report_type: 'Grades', report_uuid: 'uuid-1' };
const MB = 1024 * 1024;

/** The dashboard of a member whose address is not confirmed, on a server that sends mail or not. */
function open(mail: boolean, resend = () => json({ success: true, message: 'sent' })) {
  const member = testUser({ emailVerified: false });
  signIn(member);
  const { calls } = mockApi(
    dashboardApi([beta], {
      'GET /api/auth/me': () => json({ success: true, data: { user: member } }),
      'GET /api/config': () => json(testConfig({ mail: { enabled: mail } })),
      'GET /api/server/storage': () =>
        json({ success: true, data: { usedBytes: 1900 * MB, limitBytes: 2048 * MB } }),
      'POST /api/auth/verify-email/resend': resend,
    }).handlers,
  );
  return { ...renderRoute('/dashboard'), calls };
}

describe('the dashboard of a member whose address is not confirmed', () => {
  it('says so, with "Send the link again", on a server that sends mail', async () => {
    const { user, calls } = open(true, () =>
      json({ success: true, message: ACCOUNT_MAIL_MESSAGES.verificationSent('asha@example.com') }),
    );
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner).toHaveTextContent('We sent a link to asha@example.com');
    await user.click(within(banner).getByRole('button', { name: 'Send the link again' }));
    expect(
      await within(banner).findByText(ACCOUNT_MAIL_MESSAGES.verificationSent('asha@example.com')),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('says why another link is not sent yet', async () => {
    const { user } = open(true, () =>
      json({ success: false, message: ACCOUNT_MAIL_MESSAGES.tooManyVerificationMails(60) }, 429),
    );
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    await user.click(within(banner).getByRole('button', { name: 'Send the link again' }));
    expect(
      await within(banner).findByText(ACCOUNT_MAIL_MESSAGES.tooManyVerificationMails(60)),
    ).toBeInTheDocument();
  });

  it('asks nothing on a server without mail', async () => {
    open(false);
    expect(await screen.findByRole('tab', { name: 'Grades' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).not.toBeInTheDocument();
  });
});

describe("the organisation's storage", () => {
  it('shows what its uploads store and the limit to those who upload', async () => {
    open(false);
    expect(await screen.findByText('Storage: 1,900 MB of 2,048 MB')).toBeInTheDocument();
  });
});
