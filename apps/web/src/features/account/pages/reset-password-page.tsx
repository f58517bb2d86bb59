import { ACCOUNT_MAIL_MESSAGES, LIMITS, PATHS } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { NoticeCard } from '../../../components/ui/notice-card';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { resetPassword } from '../api/account-mail-api';

/**
 * /reset-password/{token}: the link a "Forgot password?" mailed. A new password (typed twice) signs in;
 * every other session of the account ends. A used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const token = useParams().token ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: (res) => {
      session.login(res.data.token, res.data.user);
      navigate(PATHS.dashboard, { replace: true });
      toast.success(res.message);
    },
  });

  if (reset.error instanceof ApiError && reset.error.status === 410)
    return (
      <NoticeCard
        icon={<MailX aria-hidden="true" className="size-10 text-muted" />}
        title={ACCOUNT_MAIL_MESSAGES.linkInvalid}
        footer={
          <Link to={PATHS.forgotPassword} className={buttonClasses('primary')}>
            Send a New Link
          </Link>
        }
      >
        It was used already, or it is more than 30 minutes old.
      </NoticeCard>
    );

  const change = (key: 'password' | 'confirm') => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.password) found.password = 'New password is required';
    else if (values.password.length < LIMITS.passwordMin)
      found.password = `New password must be at least ${LIMITS.passwordMin} characters long`;
    if (values.confirm !== values.password) found.confirm = 'The passwords do not match';
    setErrors(found);
    if (!found.password && !found.confirm) reset.mutate(values.password);
  };
  return (
    <NoticeCard
      icon={<KeyRound aria-hidden="true" className="size-10 text-brand" />}
      title="Choose a new password"
      footer={
        <form
          noValidate
          onSubmit={submit}
          aria-label="New password"
          className="flex w-full flex-col gap-4 text-left"
        >
          <TextField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
            required
            minLength={LIMITS.passwordMin}
          />
          <TextField
            label="Confirm New Password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={change('confirm')}
            error={errors.confirm}
            required
          />
          {reset.isError && (
            <p role="alert" className="rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error">
              {errorMessage(reset.error, 'That did not work. Please try again.')}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            loading={reset.isPending || reset.isSuccess}
            loadingText="Processing..."
          >
            Set Password and Sign In
          </Button>
        </form>
      }
    >
      Every other session of your account is signed out, and we mail you to say the password changed.
    </NoticeCard>
  );
}
