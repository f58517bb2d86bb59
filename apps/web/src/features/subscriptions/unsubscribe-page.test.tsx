import { SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../test/render';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const URL_ = `/api/unsubscribe/${TOKEN}`;

/** What the link is for, as the server answers it. */
const info =
  (overrides: object = {}) =>
  () =>
    json({
      success: true,
      data: {
        reportName: 'Grades',
        organisationName: 'Acme School',
        unsubscribed: false,
        organisationUnsubscribed: false,
        ...overrides,
      },
    });

describe('/unsubscribe/{token}', () => {
  it('names the report and the organisation, and unsubscribes with one button, without signing in', async () => {
    const { calls } = mockApi({
      [`GET ${URL_}`]: info(),
      [`POST ${URL_}`]: () => json({ success: true, message: SUBSCRIPTION_MESSAGES.unsubscribed }),
    });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Unsubscribe from Grades' })).toBeInTheDocument();
    expect(screen.getByText('Acme School')).toBeInTheDocument();
    // Opening the link changes nothing: mail scanners open links.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_MESSAGES.unsubscribed }),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new Headers(post.init.headers).get('authorization')).toBeNull();
    expect(post.init.body).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says "already unsubscribed" on a used link, and offers everything from the organisation', async () => {
    const { calls } = mockApi({
      [`GET ${URL_}`]: info({ unsubscribed: true }),
      [`POST ${URL_}`]: () =>
        json({ success: true, message: SUBSCRIPTION_MESSAGES.unsubscribedOrganisation('Acme School') }),
    });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'You have already unsubscribed from Grades' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByText(/Want no more e-mail of any kind from/)).toHaveTextContent('Acme School');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from everything' }));
    expect(
      await screen.findByRole('heading', {
        name: SUBSCRIPTION_MESSAGES.unsubscribedOrganisation('Acme School'),
      }),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ scope: 'organisation' });
  });

  it('says when the address already receives nothing from the organisation', async () => {
    mockApi({ [`GET ${URL_}`]: info({ unsubscribed: true, organisationUnsubscribed: true }) });
    renderRoute(`/unsubscribe/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'You receive no more e-mail from Acme School' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unsubscribe/ })).not.toBeInTheDocument();
  });

  it('says an unknown link is no longer valid', async () => {
    mockApi({
      [`GET ${URL_}`]: () => json({ success: false, message: SUBSCRIPTION_MESSAGES.unsubscribeInvalid }, 404),
    });
    renderRoute(`/unsubscribe/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_MESSAGES.unsubscribeInvalid }),
    ).toBeInTheDocument();
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    mockApi({
      [`GET ${URL_}`]: info(),
      [`POST ${URL_}`]: () => Promise.reject(new TypeError('offline')),
    });
    const { user } = renderRoute(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
