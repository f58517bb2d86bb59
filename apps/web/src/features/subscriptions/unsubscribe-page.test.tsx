import { SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../test/render';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('/unsubscribe/{token}', () => {
  it('unsubscribes with one button, without signing in, and says so', async () => {
    const { calls } = mockApi({
      [`POST /api/unsubscribe/${TOKEN}`]: () =>
        json({ success: true, message: SUBSCRIPTION_MESSAGES.unsubscribed }),
    });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    // Opening the link changes nothing: mail scanners open links.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(button);
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_MESSAGES.unsubscribed }),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new Headers(post.init.headers).get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says a used or unknown link is no longer valid', async () => {
    mockApi({
      [`POST /api/unsubscribe/${TOKEN}`]: () =>
        json({ success: false, message: SUBSCRIPTION_MESSAGES.unsubscribeInvalid }, 404),
    });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_MESSAGES.unsubscribeInvalid }),
    ).toBeInTheDocument();
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    mockApi({ [`POST /api/unsubscribe/${TOKEN}`]: () => Promise.reject(new TypeError('offline')) });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
