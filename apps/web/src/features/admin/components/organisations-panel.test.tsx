import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderRoute } from '../../../test/render';
import { asAdmin, deferred, organisation } from '../test-utils';

const LIST = 'GET /api/admin/organisations';
const page = (organisations: unknown[], total = organisations.length) =>
  json({ success: true, data: { organisations, total } });
const noUsers = () => json({ success: true, data: [], pagination: { total: 0, page: 1, pageSize: 24 } });

describe('admin dashboard: organisations', () => {
  it('is a tab beside Users, loads, then lists name, members, sector and customer number with links', async () => {
    const pending = deferred();
    asAdmin({ 'GET /api/admin/users': noUsers, [LIST]: () => pending.promise });
    const { user, router } = renderRoute('/admin-dashboard');
    const tab = await screen.findByRole('tab', { name: 'Organisations' });
    await user.click(tab);
    expect(router.state.location.pathname).toBe('/admin-dashboard/organisations');
    // The organisations' path is a route of its own, loaded on first use.
    expect(
      await screen.findByRole('tab', { name: 'Organisations', selected: true }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Loading organisations...')).toBeInTheDocument();

    pending.resolve(
      page([
        organisation({ id: 5, name: 'Acme School', memberCount: 3, customerId: 1042 }),
        organisation({ id: 6, name: 'Bright Motors', sector: null, sectorId: null, memberCount: 1 }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Organisations' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Members', 'Sector', 'Customer number']);
    const [, acme, bright] = within(table).getAllByRole('row');
    expect(
      within(acme!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'Education', '1042']);
    expect(
      within(bright!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'NA', '0']);
    expect(within(acme!).getByRole('link', { name: 'Acme School' })).toHaveAttribute(
      'href',
      '/admin-dashboard/organisations/5',
    );
    expect(screen.getByText('Showing 1–2 of 2 organisations')).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    asAdmin({ 'GET /api/admin/users': noUsers, [LIST]: () => page([]) });
    const { user, router } = renderRoute('/admin-dashboard');
    (await screen.findByRole('tab', { name: 'Users' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/admin-dashboard/organisations');
    expect(await screen.findByRole('tab', { name: 'Organisations' })).toHaveFocus();
  });

  it('searches by name on the server after typing stops, and says when none match', async () => {
    const api = asAdmin({
      [LIST]: (url) => {
        const search = url.searchParams.get('search');
        if (!search) return page([organisation()]);
        return search === 'bright' ? page([organisation({ id: 6, name: 'Bright Motors' })]) : page([]);
      },
    });
    const { router } = renderRoute('/admin-dashboard/organisations');
    await screen.findByRole('link', { name: 'Acme School' });
    const box = screen.getByRole('searchbox', { name: 'Search organisations by name' });
    for (const value of ['b', ' br', ' bri', ' bright ']) fireEvent.change(box, { target: { value } });
    expect(await screen.findByRole('link', { name: 'Bright Motors' }, { timeout: 3000 })).toBeInTheDocument();
    const searches = api.calls.filter((c) => c.path === '/api/admin/organisations');
    expect(searches).toHaveLength(2);
    expect(router.state.location.search).toBe('?q=bright');

    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(
      await screen.findByText('No organisations found', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing matches “nobody”.')).toBeInTheDocument();
  });

  it('pages with limit and offset', async () => {
    const offsets: (string | null)[] = [];
    asAdmin({
      [LIST]: (url) => {
        offsets.push(url.searchParams.get('offset'));
        const n = Number(url.searchParams.get('offset')) / 25 + 1;
        expect(url.searchParams.get('limit')).toBe('25');
        return page([organisation({ id: n, name: `Organisation on page ${n}` })], 30);
      },
    });
    const { user, router } = renderRoute('/admin-dashboard/organisations');
    expect(await screen.findByText('Organisation on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Organisation on page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Showing 26–30 of 30 organisations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(offsets).toEqual(['0', '25']);
  });

  it('says when the list cannot load and tries again', async () => {
    let calls = 0;
    asAdmin({
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? json({ success: false, message: 'Internal server error' }, 500) : page([]);
      },
    });
    const { user } = renderRoute('/admin-dashboard/organisations');
    expect(await screen.findByText('Failed to load organisations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No organisations found')).toBeInTheDocument();
  });
});
