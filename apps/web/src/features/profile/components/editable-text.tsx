import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

export interface EditableTextProps {
  label: string;
  value: string;
  /** The first rule the draft breaks, or null. */
  validate: (draft: string) => string | null;
  /** Saves the draft; resolves when saved, rejects with the message to show. */
  save: (draft: string) => Promise<void>;
  autoComplete?: string;
}

/** A profile value with a view mode and an edit mode (docs/PRODUCT.md#profile, Profile). */
export function EditableText({ label, value, validate, save, autoComplete }: EditableTextProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const saveDraft = useMutation({
    mutationFn: save,
    onSuccess: () => setEditing(false),
    // On failure the caller has shown the error toast; stay in edit mode so the draft is not lost.
  });

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(draft);
    setError(problem);
    if (problem) return;
    saveDraft.mutate(draft);
  }

  if (!editing) {
    return (
      <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <dt className="text-sm font-medium text-muted">{label}</dt>
        <dd className="flex min-w-0 items-center gap-2 sm:justify-end">
          <span className="min-w-0 break-words text-ink">{value || '—'}</span>
          <Button variant="ghost" size="sm" onClick={start} aria-label={`Edit ${label.toLowerCase()}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        </dd>
      </div>
    );
  }
  return (
    <div className="py-3">
      <dt>
        <label htmlFor={id} className="text-sm font-medium text-muted">
          {label}
        </label>
      </dt>
      <dd>
        <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <input
              id={id}
              value={draft}
              autoComplete={autoComplete}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field.
              autoFocus
              className={`h-10 w-full rounded-[var(--radius-control)] border bg-surface px-3 text-ink focus:border-brand focus:outline-none ${error ? 'border-error' : 'border-line'}`}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-error">
                {error}
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="md" loading={saveDraft.isPending} loadingText="Saving...">
              Save
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saveDraft.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </dd>
    </div>
  );
}
