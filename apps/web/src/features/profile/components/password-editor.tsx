import { LIMITS, MESSAGES } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { updatePassword } from '../api/profile-api';
import { ProofAbandoned, useOwnerProof } from './owner-proof-context';

/** docs/PRODUCT.md#profile: the new passwords must match and be at least 6 long; the current one only if set. */
export function passwordProblem(
  values: { current: string; next: string; confirm: string },
  hasPassword: boolean,
) {
  if (hasPassword && !values.current) return 'Current password is required';
  if (values.next !== values.confirm) return MESSAGES.profile.newPasswordsMismatch;
  if (values.next.length < LIMITS.passwordMin) return MESSAGES.profile.newPasswordTooShort;
  return null;
}

const EMPTY = { current: '', next: '', confirm: '' };

export function PasswordEditor({ hasPassword, onSaved }: { hasPassword: boolean; onSaved: () => void }) {
  const id = useId();
  const toast = useToast();
  const { withProof } = useOwnerProof();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    // A first password is a new way in: the server may first want "Confirm it's you".
    mutationFn: (v: typeof EMPTY) =>
      hasPassword ? updatePassword(v.next, v.current) : withProof(() => updatePassword(v.next)),
    onSuccess: (res) => {
      toast.success(res.message);
      setValues(EMPTY);
      setEditing(false);
      onSaved();
    },
    onError: (err) => {
      if (!(err instanceof ProofAbandoned)) toast.error(errorMessage(err, MESSAGES.profile.passwordFailed));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(values, hasPassword);
    setError(problem);
    if (problem) return;
    save.mutate(values);
  }

  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-muted">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete={autoComplete}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        className="h-10 rounded-[var(--radius-control)] border border-line bg-surface px-3 text-ink focus:border-brand focus:outline-none"
      />
    </div>
  );

  if (!editing) {
    return (
      <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
        <dt className="text-sm font-medium text-muted">Password</dt>
        <dd className="flex items-center gap-2 sm:justify-end">
          <span className="text-ink">{hasPassword ? 'Set' : 'Not set'}</span>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <KeyRound aria-hidden="true" className="size-4" />
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </dd>
      </div>
    );
  }
  return (
    <div className="py-3">
      <dt className="text-sm font-medium text-muted">Password</dt>
      <dd>
        <form noValidate onSubmit={submit} aria-label="Change password" className="mt-2 grid gap-3">
          {hasPassword && field('current', 'Current Password', 'current-password')}
          {field('next', 'New Password', 'new-password')}
          {field('confirm', 'Confirm New Password', 'new-password')}
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending} loadingText="Saving...">
              Save Password
            </Button>
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => {
                setValues(EMPTY);
                setError(null);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </dd>
    </div>
  );
}
