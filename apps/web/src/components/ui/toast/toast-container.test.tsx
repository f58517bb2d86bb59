import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOAST_ENTER_DELAY_MS } from './admin-toast';
import { ToastContainer } from './toast-container';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Report added successfully')}>
      Notify
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Trigger />
            <ToastContainer />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const notify = () => fireEvent.click(screen.getByRole('button', { name: 'Notify' }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts outside the admin area (default behaviour)', () => {
  it('appear at once and leave at once on the close button', () => {
    renderAt('/dashboard');
    notify();
    expect(screen.getByRole('status')).toHaveTextContent('Report added successfully');
    fireEvent.click(screen.getByRole('status'));
    expect(screen.getByRole('status')).toBeInTheDocument(); // a click on the body does nothing here
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('remove themselves after 3000 ms', () => {
    renderAt('/');
    notify();
    advance(2999);
    expect(screen.getByRole('status')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('toasts in the admin area', () => {
  it('appear after a short delay', () => {
    renderAt('/admin-dashboard');
    notify();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    advance(ADMIN_TOAST_ENTER_DELAY_MS);
    expect(screen.getByRole('status')).toHaveTextContent('Report added successfully');
  });

  it('close on a click with a 300 ms exit', () => {
    renderAt('/admin-dashboard/users/7');
    notify();
    advance(ADMIN_TOAST_ENTER_DELAY_MS);
    fireEvent.click(screen.getByText('Report added successfully'));
    expect(screen.getByRole('status')).toHaveAttribute('data-phase', 'leaving');
    advance(299);
    expect(screen.getByRole('status')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('close on the close button with a 300 ms exit', () => {
    renderAt('/admin-dashboard');
    notify();
    advance(ADMIN_TOAST_ENTER_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status')).toHaveAttribute('data-phase', 'leaving');
    advance(300);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('still leave by themselves within their duration, exiting for the last 300 ms', () => {
    renderAt('/admin-dashboard');
    notify();
    advance(2700);
    expect(screen.getByRole('status')).toHaveAttribute('data-phase', 'leaving');
    advance(300);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not treat other paths that merely start alike as admin', () => {
    renderAt('/admin-dashboardx');
    notify();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
