import { api, DEFAULT_DASHBOARD_HEADER, LIMITS, MESSAGES, STORAGE_KEYS } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { storage } from '../../../lib/storage';
import { serverMessage } from '../api/server-message';

/** docs/PRODUCT.md#layout-and-actions: non-empty, at most 255 characters. Returns the message of the first rule broken. */
export function validateDashboardHeader(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return MESSAGES.auth.dashboardHeaderEmpty;
  if (trimmed.length > LIMITS.dashboardHeaderMax) return MESSAGES.auth.dashboardHeaderTooLong;
  return null;
}

/** The dashboard's title, editable in place and saved to the user's profile. */
export function EditableHeader() {
  const { user, setUser } = useSession();
  const toast = useToast();
  const current = user?.dashboardHeader || DEFAULT_DASHBOARD_HEADER;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const saveHeader = useMutation({
    mutationFn: async (dashboardHeader: string) => {
      const response = await apiRequest(api.auth.dashboardHeader, { body: { dashboardHeader } });
      if (!response?.data?.user) throw new Error(MESSAGES.auth.invalidResponse);
      return response.data.user;
    },
    onSuccess: (saved) => {
      setUser(saved);
      toast.success('Dashboard header updated successfully');
      setEditing(false);
    },
    onError: (err) => {
      const message =
        err instanceof Error && err.message === MESSAGES.auth.invalidResponse
          ? MESSAGES.auth.invalidResponse
          : (serverMessage(err) ?? MESSAGES.auth.dashboardHeaderFailed);
      toast.error(message);
    },
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDashboardHeader(draft);
    setError(invalid);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    if (!storage.get(STORAGE_KEYS.token)) {
      toast.error(MESSAGES.auth.noToken);
      return;
    }
    saveHeader.mutate(draft.trim());
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-xl font-semibold tracking-tight text-ink sm:text-2xl">{current}</h1>
        <button
          type="button"
          onClick={() => {
            setDraft(current);
            setError(null);
            setEditing(true);
          }}
          aria-label="Edit dashboard header"
          className="shrink-0 rounded-[var(--radius-control)] p-1.5 text-muted hover:bg-page hover:text-ink"
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={save} className="flex min-w-0 flex-1 flex-wrap items-start gap-2" noValidate>
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="dashboard-header" className="sr-only">
          Dashboard header
        </label>
        <input
          id="dashboard-header"
          value={draft}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field.
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'dashboard-header-error' : undefined}
          className="h-10 w-full rounded-[var(--radius-control)] border border-line bg-surface px-3 text-lg font-semibold text-ink"
        />
        {error && (
          <p id="dashboard-header-error" className="mt-1 text-sm text-error">
            {error}
          </p>
        )}
      </div>
      <Button
        type="submit"
        size="md"
        loading={saveHeader.isPending}
        loadingText="Saving..."
        icon={<Check aria-hidden="true" className="size-4" />}
      >
        Save
      </Button>
      <Button
        variant="ghost"
        size="md"
        disabled={saveHeader.isPending}
        onClick={() => setEditing(false)}
        icon={<X aria-hidden="true" className="size-4" />}
      >
        Cancel
      </Button>
    </form>
  );
}
