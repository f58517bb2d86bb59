import { ACCOUNT_MAIL_MESSAGES, PATHS } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { NoticeCard } from '../../../components/ui/notice-card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { forgotPassword } from '../api/account-mail-api';

// A pragmatic shape check, as <input type="email"> does; the server checks it again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const backToSignIn = (
  <Link to={PATHS.login} className={buttonClasses('ghost')}>
    Back to Sign In
  </Link>
);

/**
 * /forgot-password, from the sign-in page: a reset link mailed to the account's confirmed address (the
 * same answer whether or not one has it). On a server that sends no mail, who resets it instead.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const config = usePublicConfig();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useMutation({ mutationFn: forgotPassword });

  if (!config.isLoaded)
    return (
      <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
        <Spinner text="Loading..." />
      </section>
    );
  if (!config.mail.enabled)
    return (
      <NoticeCard
        icon={<KeyRound aria-hidden="true" className="size-10 text-brand" />}
        title="Forgot your password?"
        footer={backToSignIn}
      >
        {ACCOUNT_MAIL_MESSAGES.resetByAdministrator}
      </NoticeCard>
    );
  if (request.isSuccess)
    return (
      <NoticeCard
        icon={<MailCheck aria-hidden="true" className="size-10 text-success" />}
        title="Check your inbox"
        footer={backToSignIn}
      >
        {request.data.message}
      </NoticeCard>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? 'Email is required' : EMAIL.test(value) ? undefined : 'Invalid email format';
    setError(problem);
    if (!problem) request.mutate(value);
  };
  return (
    <NoticeCard
      icon={<KeyRound aria-hidden="true" className="size-10 text-brand" />}
      title="Forgot your password?"
      footer={
        <form
          noValidate
          onSubmit={submit}
          aria-label="Reset password"
          className="flex w-full flex-col gap-4 text-left"
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
            error={error}
            required
          />
          {request.isError && (
            <p role="alert" className="rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error">
              {errorMessage(request.error, 'That did not work. Please try again.')}
            </p>
          )}
          <Button type="submit" size="lg" loading={request.isPending} loadingText="Sending...">
            Send Reset Link
          </Button>
          <div className="flex justify-center">{backToSignIn}</div>
        </form>
      }
    >
      Give the e-mail address of your account: if it is confirmed, we send it a link to choose a new password.
    </NoticeCard>
  );
}
