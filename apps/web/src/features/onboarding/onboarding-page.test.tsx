import { api, MESSAGES, ORGANISATION_MESSAGES, type User } from '@insightra/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

const SECTORS = ['Education', 'Automobile', 'Real-Estate', 'Healthcare', 'Retail', 'Hotels'].map(
  (name, i) => ({
    id: i + 1,
    sector_id: i + 1,
    name,
    sector_name: name,
    slug: name.toLowerCase(),
  }),
);

function setup(
  handlers: Record<string, () => Response | Promise<Response>> = {},
  user: User = testUser({ sectorId: null }),
) {
  signIn(user);
  return mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    [`GET ${api.sectors.list.path}`]: () => json({ success: true, data: { sectors: SECTORS } }),
    ...handlers,
  });
}

describe('onboarding', () => {
  it('enables Continue only after a sector is chosen with the keyboard, saves it and goes to /dashboard', async () => {
    const chosen = testUser({ sectorId: 3 });
    const { calls } = setup({
      [`PATCH ${api.sectors.setMine.path}`]: () =>
        json({ success: true, message: 'Sector saved', data: { user: chosen, token: testToken(chosen) } }),
    });
    const { user, router } = renderRoute('/onboarding');
    const combo = await screen.findByRole('button', { name: /Industry sector/ });
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    combo.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combo).toHaveTextContent('Real-Estate');
    expect(combo).toHaveFocus();
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(body).toEqual({ sectorId: 3 });
  });

  it('chooses with the mouse and closes on Escape', async () => {
    setup();
    const { user } = renderRoute('/onboarding');
    const combo = await screen.findByRole('button', { name: /Industry sector/ });
    await user.click(combo);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'Hotels' }));
    expect(combo).toHaveTextContent('Hotels');
  });

  it("says 'Failed to load sectors' when the list cannot load", async () => {
    setup({ [`GET ${api.sectors.list.path}`]: () => json({ success: false, message: 'down' }, 500) });
    renderRoute('/onboarding');
    expect(await screen.findByText(MESSAGES.data.loadSectorsFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it.each([
    [
      'the server refuses',
      () => json({ success: false, message: 'Sector not found' }, 404),
      MESSAGES.data.setSectorFailed,
    ],
    [
      'the member has active uploads (the server’s 409 message)',
      () => json({ success: false, message: MESSAGES.data.sectorLocked }, 409),
      MESSAGES.data.sectorLocked,
    ],
    [
      'the network fails',
      () => Promise.reject(new TypeError('Failed to fetch')),
      MESSAGES.data.saveSectorFailed,
    ],
  ])('shows the right message when %s', async (_name, answer, message) => {
    setup({ [`PATCH ${api.sectors.setMine.path}`]: answer as () => Response });
    const { user, router } = renderRoute('/onboarding');
    await user.click(await screen.findByRole('button', { name: /Industry sector/ }));
    await user.click(screen.getByRole('option', { name: 'Education' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('asks a member with no organisation to name one as well, and sends the name', async () => {
    const created = testUser({ sectorId: 2, organisation: { id: 5, name: 'Verma Motors', role: 'owner' } });
    const { calls } = setup(
      {
        [`PATCH ${api.sectors.setMine.path}`]: () =>
          json({
            success: true,
            message: 'Sector saved',
            data: { user: created, token: testToken(created) },
          }),
      },
      testUser({ sectorId: null, organisation: null }),
    );
    const { user, router } = renderRoute('/onboarding');
    const nameField = await screen.findByLabelText('Organisation name');
    await user.click(await screen.findByRole('button', { name: /Industry sector/ }));
    await user.click(screen.getByRole('option', { name: 'Automobile' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(ORGANISATION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(nameField).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(nameField, '  Verma Motors ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(body).toEqual({ sectorId: 2, organisationName: 'Verma Motors' });
  });

  it('asks no organisation name of a member who has one', async () => {
    setup();
    renderRoute('/onboarding');
    expect(await screen.findByRole('button', { name: /Industry sector/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Organisation name')).not.toBeInTheDocument();
  });

  it("tells an editor or viewer that the owner has not chosen the organisation's sector yet", async () => {
    const { calls } = setup({}, testUser({ sectorId: null, organisation: { ...ACME, role: 'editor' } }));
    renderRoute('/onboarding');
    expect(await screen.findByText(ORGANISATION_MESSAGES.ownerChoosesSector)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Industry sector/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    // They may still work in another organisation meanwhile.
    expect(screen.getByRole('button', { name: /Organisation: Acme School/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path === api.sectors.list.path)).toBe(false);
  });
});
