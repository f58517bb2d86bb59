import { MESSAGES } from '@insightra/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../../test/render';

async function openForm() {
  const calls = mockApi({
    'POST /api/server/report-issue': () => json({ success: true, message: MESSAGES.issue.submitted }),
  });
  const view = renderRoute('/report-issue');
  await screen.findByRole('heading', { name: 'Report an Issue' });
  return { ...view, calls: calls.calls };
}

const field = (name: RegExp) => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: 'Submit Issue' });
const errorToast = () => screen.findByRole('alert');

describe('report issue form', () => {
  it('has Back to Dashboard, the default type Bug, and Specify Type only for Other', async () => {
    const { user } = await openForm();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(field(/issue type/i)).toHaveValue('Bug');
    expect(screen.queryByLabelText(/specify type/i)).not.toBeInTheDocument();
    await user.selectOptions(field(/issue type/i), 'Other');
    expect(field(/specify type/i)).toBeInTheDocument();
    await user.selectOptions(field(/issue type/i), 'Feature Request');
    expect(screen.queryByLabelText(/specify type/i)).not.toBeInTheDocument();
    expect(field(/description/i)).toHaveAttribute('rows', '6');
    expect(field(/screenshot/i)).toHaveAttribute('accept', 'image/*');
  });

  it('checks the rules in the order of docs/PRODUCT.md#issue-reports and shows only the first failure', async () => {
    const { user, calls } = await openForm();
    const expectFirst = async (message: string) => {
      await user.click(submit());
      const toasts = await screen.findAllByRole('alert');
      expect(toasts.at(-1)).toHaveTextContent(message);
      for (const t of toasts) t.querySelector('button')?.click();
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    };
    // Everything wrong at once: each fix reveals the next rule, in order.
    await user.selectOptions(field(/issue type/i), 'Other');
    await user.type(field(/email/i), 'not-an-email');
    await expectFirst(MESSAGES.issue.nameRequired);
    await user.type(field(/name/i), '   ');
    await expectFirst(MESSAGES.issue.nameRequired);
    await user.type(field(/name/i), 'Asha');
    await expectFirst(MESSAGES.issue.subjectRequired);
    await user.type(field(/subject/i), 'Blank chart');
    await expectFirst(MESSAGES.issue.descriptionRequired);
    await user.type(field(/description/i), 'The donut stays empty.');
    await expectFirst(MESSAGES.issue.specifyType);
    await user.type(field(/specify type/i), 'Data');
    await expectFirst(MESSAGES.issue.invalidEmail);
    expect(calls).toHaveLength(calls.filter((c) => c.path !== '/api/server/report-issue').length);
  });

  it('refuses a screenshot that is not an image', async () => {
    await openForm();
    // As if the browser's file picker let a PDF through (the accept attribute is only a hint).
    const user = userEvent.setup({ applyAccept: false });
    const input = field(/screenshot/i) as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }));
    expect(await errorToast()).toHaveTextContent('Screenshot must be an image file');
    expect(input.files?.length ?? 0).toBe(0);
  });

  it('sends the multipart form, shows Submitting..., then the success toast and resets', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let sent: FormData | null = null;
    mockApi({
      'POST /api/server/report-issue': async (_url, init) => {
        sent = init.body as FormData;
        await gate;
        return json({ success: true, message: MESSAGES.issue.submitted });
      },
    });
    const { user } = renderRoute('/report-issue');
    await screen.findByRole('heading', { name: 'Report an Issue' });
    await user.type(field(/name/i), 'Asha Rao');
    await user.type(field(/subject/i), 'Blank chart');
    await user.type(field(/description/i), 'The donut stays empty.');
    await user.upload(
      field(/screenshot/i) as HTMLInputElement,
      new File([new Uint8Array([0x89, 0x50])], 'shot.png', { type: 'image/png' }),
    );
    await user.click(submit());
    expect(await screen.findByRole('button', { name: MESSAGES.other.submitting })).toBeDisabled();
    release();
    expect(await screen.findByText(MESSAGES.issue.submitted)).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('name')).toBe('Asha Rao');
    expect(form.get('issueType')).toBe('Bug');
    expect(form.has('email')).toBe(false);
    expect(form.has('issueTypeOther')).toBe(false);
    expect((form.get('screenshot') as File).name).toBe('shot.png');
    expect(field(/name/i)).toHaveValue('');
    expect(field(/subject/i)).toHaveValue('');
    expect(field(/issue type/i)).toHaveValue('Bug');
  });

  it("shows the server's message on failure, else 'Submission failed'", async () => {
    mockApi({
      'POST /api/server/report-issue': () =>
        json({ success: false, message: 'The screenshot is larger than 5 MB' }, 413),
    });
    const { user } = renderRoute('/report-issue');
    await screen.findByRole('heading', { name: 'Report an Issue' });
    await user.type(field(/name/i), 'Asha');
    await user.type(field(/subject/i), 'S');
    await user.type(field(/description/i), 'D');
    await user.click(submit());
    expect(await errorToast()).toHaveTextContent('The screenshot is larger than 5 MB');
    expect(field(/name/i)).toHaveValue('Asha');

    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    screen.getByRole('button', { name: 'Dismiss notification' }).click();
    await user.click(submit());
    expect(await errorToast()).toHaveTextContent(MESSAGES.issue.submissionFailed);
  });
});
