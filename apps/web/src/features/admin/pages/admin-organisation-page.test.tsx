import { MESSAGES, ORGANISATION_MESSAGES, STORAGE_KEYS } from '@insightra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testToken, testUser } from '../../../test/fixtures';
import { json, renderRoute } from '../../../test/render';
import { asAdmin, member, noReports, organisation, report } from '../test-utils';

const PATH = '/api/admin/organisations/5';
type Handler = Parameters<typeof asAdmin>[0][string];

function setup(handlers: Record<string, Handler> = {}) {
  const api = asAdmin({
    [`GET ${PATH}`]: () =>
      json({
        success: true,
        data: {
          organisation: organisation({ customerId: 1042 }),
          members: [
            member(),
            member({ userId: 12, username: 'ravi', fullName: null, email: null, role: 'viewer' }),
          ],
          reports: { ...noReports(), Alpha: [report(3, 'Alpha', 'Sales')] },
        },
      }),
    ...handlers,
  });
  return { ...renderRoute('/admin-dashboard/organisations/5'), api };
}

const details = () => screen.getByRole('region', { name: 'Organisation details' });
const sent = (api: ReturnType<typeof setup>['api'], method: string) =>
  JSON.parse(String(api.calls.find((c) => c.method === method && c.path === PATH)?.init.body));

describe('organisation page', () => {
  it('shows the organisation, its members with their roles, and its reports per tier', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme School' })).toBeInTheDocument();
    const card = details();
    expect(within(card).getByText('Customer number').nextElementSibling).toHaveTextContent('1042');
    expect(within(card).getByText('Sector').nextElementSibling).toHaveTextContent('Education');

    const members = within(screen.getByRole('region', { name: 'Members' })).getAllByRole('listitem');
    expect(within(members[0]!).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute(
      'href',
      '/admin-dashboard/users/11',
    );
    expect(within(members[0]!).getByText('Owner')).toBeInTheDocument();
    expect(within(members[1]!).getByRole('link', { name: 'ravi' })).toBeInTheDocument();
    expect(within(members[1]!).getByText('Viewer')).toBeInTheDocument();

    expect(within(screen.getByRole('region', { name: 'Alpha' })).getByText('Sales')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Beta' })).getByText(MESSAGES.admin.noReports),
    ).toBeInTheDocument();
  });

  it('renames the organisation', async () => {
    const { user, api } = setup({
      [`PATCH ${PATH}`]: () =>
        json({
          success: true,
          data: { organisation: organisation({ name: 'Acme High School', customerId: 1042 }) },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Rename organisation' }));
    const field = within(details()).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'A');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    // The name's rule is checked before asking the server.
    expect(field).toHaveAccessibleDescription('Organisation name must be at least 2 characters long');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(field, 'cme High School ');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme High School' })).toBeInTheDocument();
    expect(sent(api, 'PATCH')).toEqual({ name: 'Acme High School' });
    expect(await screen.findByText(ORGANISATION_MESSAGES.renamed)).toBeInTheDocument();
    expect(within(details()).getByRole('button', { name: 'Rename organisation' })).toHaveFocus();
  });

  it("sets the customer number and shows the server's refusal by the field", async () => {
    let calls = 0;
    const { user, api } = setup({
      [`PATCH ${PATH}`]: () => {
        calls += 1;
        return calls === 1
          ? json({ success: false, message: 'Customer number 77 is already in use' }, 409)
          : json({ success: true, data: { organisation: organisation({ customerId: 78 }) } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit customer number' }));
    const field = within(details()).getByRole('textbox', { name: 'Customer number' });
    await user.clear(field);
    await user.type(field, 'abc{Enter}');
    expect(field).toHaveAccessibleDescription('Customer number must be a whole number, 0 or more');

    await user.clear(field);
    await user.type(field, '77{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Customer number 77 is already in use'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent(api, 'PATCH')).toEqual({ customerId: 77 });

    await user.clear(field);
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.type(field, '78{Enter}');
    await waitFor(() =>
      expect(within(details()).getByText('Customer number').nextElementSibling).toHaveTextContent('78'),
    );
    expect(within(details()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('adds a report to the organisation with the shared Add Report form', async () => {
    const { user, api } = setup({
      [`POST ${PATH}/reports`]: () =>
        json(
          {
            success: true,
            message: MESSAGES.admin.reportAdded,
            data: { id: 9, tier: 'Beta', report_type: 'Revenue', report_uuid: 'f3a1-22bc' },
          },
          201,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Report' });
    await user.type(within(dialog).getByLabelText('Report Type'), 'Revenue');
    await user.type(within(dialog).getByLabelText('Report UUID'), 'f3a1-22bc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Beta' })).getByText('Revenue')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls.find((c) => c.path === `${PATH}/reports`)?.init.body))).toEqual({
      tier: 'Beta',
      report_type: 'Revenue',
      report_uuid: 'f3a1-22bc',
    });
  });

  it('opens the organisation as an editor: the new token is stored and the dashboard opens', async () => {
    const inAcme = testUser({
      id: 1,
      role: 'admin',
      fullName: 'Ada Admin',
      organisation: { id: 5, name: 'Acme School', role: 'editor' },
    });
    const token = testToken(inAcme);
    const { user, router, api } = setup({
      'POST /api/organisations/5/switch': () => json({ success: true, data: { token, user: inAcme } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Open as editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(await screen.findByText(ORGANISATION_MESSAGES.switched('Acme School'))).toBeInTheDocument();
    const switched = api.calls.find((c) => c.path === '/api/organisations/5/switch');
    expect(switched?.method).toBe('POST');
  });

  it('says when the organisation does not exist, without a retry', async () => {
    asAdmin({ [`GET ${PATH}`]: () => json({ success: false, message: 'Organisation not found' }, 404) });
    renderRoute('/admin-dashboard/organisations/5');
    expect(await screen.findByText('Failed to load organisation')).toBeInTheDocument();
    expect(screen.getByText(ORGANISATION_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open as editor' })).toBeDisabled();
  });
});
