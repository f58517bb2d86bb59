import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

interface EditableFieldProps {
  label: string;
  value: string;
  /** The edit button's text ('Rename', 'Edit') and its accessible name ('Rename organisation'). */
  actionText: string;
  actionLabel: string;
  /** The first rule the draft breaks, or null. */
  validate(draft: string): string | null;
  /** Saves the draft; a refusal's message is shown by the field, which stays open. */
  save(draft: string): Promise<unknown>;
  inputMode?: 'text' | 'numeric';
}

/**
 * A value of a details list that the administrator can change in place. Its message, the rule's or the
 * server's, is shown under the field; Cancel and Escape leave the value as it was.
 */
export function EditableField({
  label,
  value,
  actionText,
  actionLabel,
  validate,
  save,
  inputMode = 'text',
}: EditableFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useMutation({ mutationFn: save, onSuccess: () => setEditing(false) });
  const message =
    problem ?? (saving.error ? errorMessage(saving.error, `Failed to save ${label.toLowerCase()}`) : null);

  // Leaving edit mode gives focus back to the button that opened it.
  const action = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) action.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    setDraft(value);
    setProblem(null);
    saving.reset();
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setProblem(found);
    saving.reset();
    if (!found) saving.mutate(draft);
  };

  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
        {editing ? <label htmlFor={id}>{label}</label> : label}
      </dt>
      <dd className="mt-0.5">
        {editing ? (
          <form
            noValidate
            onSubmit={submit}
            onKeyDown={(e) => e.key === 'Escape' && !saving.isPending && setEditing(false)}
            className="flex flex-col gap-2"
          >
            <input
              id={id}
              value={draft}
              inputMode={inputMode}
              autoComplete="off"
              onChange={(e) => {
                // Editing clears the message, the rule's or the server's.
                setDraft(e.target.value);
                setProblem(null);
                if (saving.isError) saving.reset();
              }}
              disabled={saving.isPending}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              // biome-ignore lint/a11y/noAutofocus: the administrator just asked to edit this value.
              autoFocus
              className={`h-10 w-full rounded-[var(--radius-control)] border bg-surface px-3 text-ink focus:border-brand disabled:bg-page ${message ? 'border-error' : 'border-line'}`}
            />
            {message && (
              <p id={`${id}-error`} role="alert" className="text-sm text-error">
                {message}
              </p>
            )}
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={saving.isPending} loadingText="Saving...">
                Save
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing(false)}
                disabled={saving.isPending}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-words text-ink">{value}</span>
            <button
              ref={action}
              type="button"
              onClick={start}
              aria-label={actionLabel}
              className={buttonClasses('ghost', 'sm')}
            >
              <Pencil aria-hidden="true" className="size-3.5" />
              {actionText}
            </button>
          </span>
        )}
      </dd>
    </div>
  );
}
