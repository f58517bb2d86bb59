import { MESSAGES, type User } from '@insightra/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { loginRequest } from '../api/auth-api';
import { type FieldErrors, type LoginValues, validateLogin } from '../validation';
import { TextField } from './text-field';

export function LoginForm({ onSuccess }: { onSuccess: (token: string, user: User) => void }) {
  const toast = useToast();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof LoginValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((er) => ({ ...er, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const res = await loginRequest(values.username, values.password);
      toast.success(MESSAGES.auth.loginSuccess);
      onSuccess(res.data.token, res.data.user);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.auth.loginFailed));
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Login">
      <TextField
        label="Username or Email"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
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
        onChange={set('password')}
        error={errors.password}
        required
        minLength={6}
      />
      <Button type="submit" size="lg" loading={submitting} loadingText={MESSAGES.other.processing}>
        Login
      </Button>
    </form>
  );
}
