import { MESSAGES, type User } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { useFormFields } from '../../../lib/use-form-fields';
import { registerRequest } from '../api/auth-api';
import { passwordMatchMessage, type RegisterValues, validateRegister } from '../validation';

const EMPTY: RegisterValues = { fullName: '', username: '', email: '', password: '', confirmPassword: '' };

export interface RegisterFormProps {
  /** Registering through an invitation: the invited address prefilled, and the account joins its organisation. */
  invitation?: { token: string; email: string };
  onSuccess: (token: string, user: User) => void;
}

export function RegisterForm({ invitation, onSuccess }: RegisterFormProps) {
  const toast = useToast();
  const { siteName } = usePublicConfig();
  const { values, errors, onChange, check } = useFormFields(
    invitation ? { ...EMPTY, email: invitation.email } : EMPTY,
    validateRegister,
  );
  const register = useMutation({
    mutationFn: (body: RegisterValues) => registerRequest(body, invitation?.token),
    onSuccess: (res) => {
      // Signed in first: signing in as someone else clears the last user's toasts, not this one.
      onSuccess(res.data.token, res.data.user);
      toast.success(MESSAGES.auth.registrationSuccess(siteName));
    },
    onError: (err) => toast.error(errorMessage(err, MESSAGES.auth.registrationFailed)),
  });
  const match = passwordMatchMessage(values.password, values.confirmPassword);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(check()).length) return;
    if (values.password !== values.confirmPassword) {
      toast.error(MESSAGES.auth.passwordsDoNotMatch);
      return;
    }
    register.mutate(values);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Register">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onChange={onChange('fullName')}
        error={errors.fullName}
        required
        minLength={2}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={onChange('username')}
        error={errors.username}
        required
        minLength={3}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={onChange('email')}
        error={errors.email}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={onChange('password')}
          error={errors.password}
          required
          minLength={6}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={onChange('confirmPassword')}
          error={errors.confirmPassword}
          hint={match}
          hintTone={match === MESSAGES.auth.passwordsMatched ? 'success' : 'error'}
          required
          minLength={6}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        loading={register.isPending || register.isSuccess}
        loadingText={MESSAGES.other.processing}
      >
        Register
      </Button>
    </form>
  );
}
