import { MESSAGES, PATHS, type User } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { loginRequest } from '../api/auth-api';
import { type LoginValues, validateLogin } from '../validation';

export function LoginForm({ onSuccess }: { onSuccess: (token: string, user: User) => void }) {
  const toast = useToast();
  const { values, errors, onChange, check } = useFormFields<LoginValues>(
    { username: '', password: '' },
    validateLogin,
  );
  const login = useMutation({
    mutationFn: (v: LoginValues) => loginRequest(v.username, v.password),
    onSuccess: (res) => {
      // Signed in first: signing in as someone else clears the last user's toasts, not this one.
      onSuccess(res.data.token, res.data.user);
      toast.success(MESSAGES.auth.loginSuccess);
    },
    onError: (err) => toast.error(errorMessage(err, MESSAGES.auth.loginFailed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(check()).length) return;
    login.mutate(values);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Login">
      <TextField
        label="Username or Email"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={onChange('username')}
        error={errors.username}
        required
        minLength={3}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
        required
        minLength={6}
      />
      <Link
        to={PATHS.forgotPassword}
        className="-mt-2 self-end rounded text-sm font-medium text-brand hover:underline focus-visible:outline-3 focus-visible:outline-highlight"
      >
        Forgot password?
      </Link>
      <Button
        type="submit"
        size="lg"
        loading={login.isPending || login.isSuccess}
        loadingText={MESSAGES.other.processing}
      >
        Login
      </Button>
    </form>
  );
}
