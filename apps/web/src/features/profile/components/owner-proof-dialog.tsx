import { MESSAGES } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { reauthenticate } from '../api/profile-api';

// Google's script loads only when an account without a password is asked to confirm.
const GoogleCredentialButton = lazy(() =>
  import('./google-credential-button').then((m) => ({ default: m.GoogleCredentialButton })),
);

export interface OwnerProofDialogProps {
  hasPassword: boolean;
  googleClientId: string | null;
  onProved: () => void;
  onCancel: () => void;
}

/**
 * "Confirm it's you": the account's password, or for an account without one a fresh Google sign-in,
 * sent to POST /auth/reauthenticate. A refusal stays in the dialog; Cancel and Escape give up.
 */
export function OwnerProofDialog({ hasPassword, googleClientId, onProved, onCancel }: OwnerProofDialogProps) {
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: reauthenticate,
    onMutate: () => setError(null),
    onSuccess: () => onProved(),
    onError: (err) => {
      setPassword('');
      setError(errorMessage(err, MESSAGES.auth.unexpected));
      passwordRef.current?.focus();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password) confirm.mutate({ password });
  }

  const alert = error && (
    <p id={`${id}-error`} role="alert" className="text-sm text-error">
      {error}
    </p>
  );

  return (
    <Modal
      open
      onClose={onCancel}
      dismissible={!confirm.isPending}
      size="sm"
      title="Confirm it's you"
      description={
        hasPassword
          ? 'For your security, enter your password to change how you sign in.'
          : 'For your security, sign in again with the Google account connected to this account.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
          {hasPassword && (
            <Button
              type="submit"
              form={`${id}-form`}
              disabled={!password}
              loading={confirm.isPending}
              loadingText="Confirming..."
            >
              Confirm
            </Button>
          )}
        </>
      }
    >
      {hasPassword ? (
        <form id={`${id}-form`} noValidate onSubmit={submit} className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-ink">
            Password
          </label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`h-10 w-full rounded-[var(--radius-control)] border bg-surface px-3 text-ink focus:border-brand focus:outline-none ${error ? 'border-error' : 'border-line'}`}
          />
          {alert}
        </form>
      ) : (
        <div className="flex flex-col items-center gap-3">
          {googleClientId ? (
            <Suspense fallback={<span className="text-sm text-muted">{MESSAGES.other.loading}</span>}>
              <GoogleCredentialButton
                clientId={googleClientId}
                onCredential={(idToken) => confirm.mutate({ idToken })}
                onFailure={() => setError(MESSAGES.auth.googleLoginFailedRetry)}
              />
            </Suspense>
          ) : (
            <p className="text-sm text-muted">Google sign-in is not available at the moment.</p>
          )}
          {confirm.isPending && <span className="text-sm text-muted">Confirming...</span>}
          {alert}
        </div>
      )}
    </Modal>
  );
}
