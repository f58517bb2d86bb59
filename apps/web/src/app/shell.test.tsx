import { MESSAGES } from '@insightra/contract';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastContainer } from '../components/ui/toast/toast-container';
import { useToast } from '../components/ui/toast/toast-context';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { json, mockApi, renderRoute } from '../test/render';

describe('application shell', () => {
  it('shows the not-found page for an unknown path', async () => {
    mockApi({});
    renderRoute('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MESSAGES.other.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Report Problem' })).toHaveAttribute('href', '/');
  });

  it('shows the access-denied page with its two buttons', async () => {
    mockApi({});
    renderRoute('/access-denied');
    expect(await screen.findByText(MESSAGES.other.accessDenied)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('shows the footer with the configured contact details on every page', async () => {
    mockApi({
      'GET /api/config': () =>
        json({
          siteName: 'Insightra',
          salesEmail: 'hello@example.org',
          salesPhone: '+91 1',
          officeAddress: 'Nariman Point, Mumbai',
          google: { enabled: false, clientId: null },
          bi: { provider: 'builtin', embedMode: 'embed-token' },
        }),
    });
    renderRoute('/access-denied');
    expect(await screen.findByText('hello@example.org')).toBeInTheDocument();
    expect(screen.getByText('Nariman Point, Mumbai')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.other.footerTagline)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('hides the navigation bar on /login and shows it on public pages', async () => {
    mockApi({});
    const { router } = renderRoute('/access-denied');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

function Trigger({ type, duration }: { type: 'info' | 'error'; duration?: number }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(`a ${type} message`, type, duration)}>
      show
    </button>
  );
}

describe('toasts', () => {
  it('removes a toast after the default 3000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger type="info" />
        <ToastContainer />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('a info message');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('a info message')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('a info message')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('announces errors as alerts and honours a custom duration', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger type="error" duration={1500} />
        <ToastContainer />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('a error message');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
