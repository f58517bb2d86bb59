import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../../test/render';

async function openContact(handler: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ 'POST /api/contact': handler });
  const view = renderRoute('/');
  const form = within(await screen.findByRole('form', { name: 'Contact us' }));
  return { ...view, form, calls: api.calls };
}

describe('contact section', () => {
  it('checks the fields, sends them, and shows the server message', async () => {
    const { user, form, calls } = await openContact(() =>
      json({ success: true, message: 'Thank you! We will get back to you within one business day.' }, 201),
    );
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByText('Please tell us your name')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/contact')).toHaveLength(0);

    await user.type(form.getByLabelText('Name'), 'Priya Nair');
    await user.type(form.getByLabelText('Work e-mail'), 'not-an-email');
    await user.type(form.getByLabelText('How can we help?'), 'Attendance dashboards');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByText('Invalid email format')).toBeInTheDocument();

    await user.clear(form.getByLabelText('Work e-mail'));
    await user.type(form.getByLabelText('Work e-mail'), 'priya@example.in');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    const section = within(document.getElementById('contact') as HTMLElement);
    expect(await section.findByText('Message sent')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/contact');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      name: 'Priya Nair',
      email: 'priya@example.in',
      message: 'Attendance dashboards',
    });
  });

  it("shows the server's error and keeps what was typed", async () => {
    const { user, form } = await openContact(() =>
      json({ success: false, message: 'Message is required' }, 400),
    );
    await user.type(form.getByLabelText('Name'), 'Priya');
    await user.type(form.getByLabelText('Work e-mail'), 'priya@example.in');
    await user.type(form.getByLabelText('How can we help?'), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message is required');
    expect(form.getByLabelText('Name')).toHaveValue('Priya');
  });
});
