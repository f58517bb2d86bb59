import type { ContactBody } from '@insightra/contract';
import { apiRefs, LIMITS } from '@insightra/contract/public';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { type FieldErrors, useFormFields } from '../../../lib/use-form-fields';

type Fields = { name: string; email: string; company: string; message: string };
const EMPTY: Fields = { name: '', email: '', company: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem per field, checked before sending (the server checks the same rules again). */
function validate(f: Fields): FieldErrors<keyof Fields> {
  const errors: FieldErrors<keyof Fields> = {};
  if (!f.name.trim()) errors.name = 'Please tell us your name';
  if (!f.email.trim()) errors.email = 'Please give an e-mail address we can reply to';
  else if (!EMAIL.test(f.email.trim())) errors.email = 'Invalid email format';
  if (!f.message.trim()) errors.message = 'Please write a short message';
  return errors;
}

const inputClass =
  'mt-1.5 block w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 py-2.5 text-ink shadow-xs transition-colors duration-150 placeholder:text-slate-500 hover:border-slate-400 focus:border-brand aria-[invalid=true]:border-error';

export function ContactForm() {
  const toast = useToast();
  const id = useId();
  const { values: fields, errors, onChange: set, check, reset } = useFormFields(EMPTY, validate);
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: ContactBody) => apiRequest(apiRefs.issues.contact, { body }),
    onSuccess: (answer) => {
      setSent(answer.message);
      toast.success(answer.message);
      reset();
    },
    onError: (err) =>
      toast.error(errorMessage(err, 'Your message could not be sent. Please try again or e-mail us.')),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = check();
    const firstBad = (Object.keys(found) as (keyof Fields)[])[0];
    if (firstBad) {
      document.getElementById(`${id}-${firstBad}`)?.focus();
      return;
    }
    send.mutate({
      name: fields.name.trim(),
      email: fields.email.trim(),
      message: fields.message.trim(),
      ...(fields.company.trim() ? { company: fields.company.trim() } : {}),
    });
  };

  if (sent) {
    return (
      <div
        role="status"
        className="flex h-full flex-col items-start justify-center rounded-[var(--radius-card)] border border-success/30 bg-success-soft p-8"
      >
        <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
        <h3 className="mt-4 text-xl font-semibold text-ink">Message sent</h3>
        <p className="mt-2 leading-7 text-ink">{sent}</p>
        <Button variant="secondary" className="mt-6" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  const field = (key: keyof Fields, label: string, input: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold text-ink">
        {label}
        {hint && <span className="ml-1 font-normal text-muted">{hint}</span>}
      </label>
      {input}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="mt-1.5 text-sm font-medium text-error">
          {errors[key]}
        </p>
      )}
    </div>
  );
  const aria = (key: keyof Fields) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Contact us"
      className="grid grid-cols-1 gap-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field(
          'name',
          'Name',
          <input
            {...aria('name')}
            className={inputClass}
            autoComplete="name"
            maxLength={LIMITS.issueNameMax}
            value={fields.name}
            onChange={set('name')}
          />,
        )}
        {field(
          'email',
          'Work e-mail',
          <input
            {...aria('email')}
            type="email"
            className={inputClass}
            autoComplete="email"
            maxLength={LIMITS.emailMax}
            value={fields.email}
            onChange={set('email')}
          />,
        )}
      </div>
      {field(
        'company',
        'Organisation',
        <input
          {...aria('company')}
          className={inputClass}
          autoComplete="organization"
          maxLength={200}
          value={fields.company}
          onChange={set('company')}
        />,
        '(optional)',
      )}
      {field(
        'message',
        'How can we help?',
        <textarea
          {...aria('message')}
          rows={5}
          className={inputClass}
          maxLength={LIMITS.issueDescriptionMax}
          value={fields.message}
          onChange={set('message')}
        />,
      )}
      <Button
        type="submit"
        size="lg"
        loading={send.isPending}
        loadingText="Sending..."
        className="w-full sm:w-fit"
      >
        Send message
      </Button>
    </form>
  );
}
