import { MESSAGES, reportTemplatesFor } from '@insightra/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderRoute } from '../../../test/render';
import { asAdmin, CONFIG, deferred, details, noReports, report } from '../test-utils';

const USER_PATH = '/api/admin/users/11';

function setup(postHandler: () => Response | Promise<Response>, config = CONFIG) {
  const api = asAdmin(
    {
      [`GET ${USER_PATH}`]: () =>
        json({
          success: true,
          data: { user: details(), reports: { ...noReports(), Beta: [report(1, 'Beta', 'Overview')] } },
        }),
      [`POST ${USER_PATH}/reports`]: postHandler,
    },
    config,
  );
  const view = renderRoute('/admin-dashboard/users/11');
  return { ...view, api };
}

async function openModal(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Report' }));
  return screen.getByRole('dialog', { name: 'Add Report' });
}

const column = (tier: string) => screen.getByTestId(`tier-column-${tier}`);

describe('Add Report modal', () => {
  it('enables Save only when tier, report type and report UUID are all filled', async () => {
    const { user } = setup(() => json({}));
    const dialog = await openModal(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(within(dialog).getByLabelText('Tier')).toHaveValue('Beta');
    expect(within(dialog).getByRole('option', { name: 'Alpha+' })).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Report Type'), 'Revenue');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Report UUID'), '   ');
    expect(save).toBeDisabled(); // white space is not a value
    await user.type(within(dialog).getByLabelText('Report UUID'), 'abc-1');
    expect(save).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Report Type'));
    expect(save).toBeDisabled();
  });

  it('cannot be closed while saving, then adds the report to its column, says so, closes and resets', async () => {
    const pending = deferred();
    const { user, api } = setup(() => pending.promise);
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByLabelText('Tier'), 'Alpha+');
    await user.type(within(dialog).getByLabelText('Report Type'), '  Revenue ');
    await user.type(within(dialog).getByLabelText('Report UUID'), 'f3a1-22bc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const saving = within(dialog).getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    // Escape, the overlay, Cancel and the close button all leave it open.
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Add Report' })).toBeInTheDocument();

    const post = api.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      tier: 'Alpha+',
      report_type: 'Revenue',
      report_uuid: 'f3a1-22bc',
    });
    expect(new Headers(post?.init.headers).get('authorization')).toMatch(/^Bearer /);

    pending.resolve(
      json(
        {
          success: true,
          message: MESSAGES.admin.reportAdded,
          data: { id: 9, tier: 'Alpha+', report_type: 'Revenue', report_uuid: 'f3a1-22bc' },
        },
        201,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(column('Alpha+')).getByText('Revenue')).toBeInTheDocument();
    expect(within(column('Alpha+')).getByText('1')).toBeInTheDocument();
    expect(within(column('Alpha')).getByText(MESSAGES.admin.noReports)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.admin.reportAdded)).toBeInTheDocument();

    const reopened = await openModal(user);
    expect(within(reopened).getByLabelText('Tier')).toHaveValue('Beta');
    expect(within(reopened).getByLabelText('Report Type')).toHaveValue('');
    expect(within(reopened).getByLabelText('Report UUID')).toHaveValue('');
  });

  it("shows the server's message and keeps the form when the server refuses", async () => {
    const { user } = setup(() =>
      json({ success: false, message: 'Report UUID may contain only letters, digits and dashes' }, 400),
    );
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Report Type'), 'Revenue');
    await user.type(within(dialog).getByLabelText('Report UUID'), 'bad');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Report UUID may contain only letters, digits and dashes'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Report Type')).toHaveValue('Revenue');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("says 'Failed to add report' when the server cannot be reached", async () => {
    const { user } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Report Type'), 'Revenue');
    await user.type(within(dialog).getByLabelText('Report UUID'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.admin.addReportFailed)).toBeInTheDocument();
  });

  it('closes by Cancel, the close button and Escape when not saving, and then resets', async () => {
    const { user } = setup(() => json({}));
    let dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Report Type'), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openModal(user);
    expect(within(dialog).getByLabelText('Report Type')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openModal(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the built-in report templates when the built-in provider is active', async () => {
    const { user } = setup(() => json({}));
    const dialog = await openModal(user);
    // Score Distribution is an Alpha and Alpha+ template: Beta does not offer it.
    expect(within(dialog).queryByRole('option', { name: 'Score Distribution' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Tier'), 'Alpha');
    const picker = await within(dialog).findByLabelText(/Built-in report/);
    await user.selectOptions(picker, 'Score Distribution');
    expect(within(dialog).getByLabelText('Report Type')).toHaveValue('Score Distribution');
    expect(within(dialog).getByLabelText('Report UUID')).toHaveValue('6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c03');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("offers the templates of the user's sector", async () => {
    const api = asAdmin({
      [`GET ${USER_PATH}`]: () =>
        json({
          success: true,
          data: { user: details({ sector_id: 6, sector_name: 'Hotels' }), reports: noReports() },
        }),
    });
    const { user } = renderRoute('/admin-dashboard/users/11');
    const dialog = await openModal(user);
    const picker = await within(dialog).findByLabelText(/Built-in report/);
    const names = (tier: string) =>
      reportTemplatesFor('Hotels')
        .filter((t) => (t.tiers as readonly string[]).includes(tier))
        .map((t) => t.name);
    const options = () =>
      within(picker)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent);
    expect(options()).toEqual(names('Beta'));
    await user.selectOptions(within(dialog).getByLabelText('Tier'), 'Alpha+');
    expect(options()).toEqual(names('Alpha+'));
    expect(names('Alpha+').length).toBeGreaterThan(names('Beta').length);
    await user.selectOptions(picker, 'Room Revenue');
    expect(within(dialog).getByLabelText('Report UUID')).toHaveValue(
      reportTemplatesFor('Hotels').find((t) => t.name === 'Room Revenue')?.uuid,
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers no templates with the Power BI provider', async () => {
    const { user } = setup(() => json({}), {
      ...CONFIG,
      bi: { provider: 'powerbi', embedMode: 'embed-token' },
    });
    const dialog = await openModal(user);
    await screen.findByRole('heading', { name: 'Priya Sharma' });
    expect(within(dialog).queryByLabelText(/Built-in report/)).not.toBeInTheDocument();
  });
});
