import { ORGANISATION_MESSAGES, OrganisationName } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { renameOrganisation } from '../api/members-api';

/** Owners rename the organisation; the new name shows everywhere once the session has it. */
export function RenameForm({
  organisationId,
  name,
  onRenamed,
}: {
  organisationId: number;
  name: string;
  onRenamed: () => Promise<void>;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (next: string) => renameOrganisation(organisationId, next),
    onSuccess: async () => {
      await onRenamed();
      toast.success(ORGANISATION_MESSAGES.renamed);
    },
    onError: (err) => setError(errorMessage(err, 'The organisation could not be renamed. Please try again.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = OrganisationName.safeParse(draft);
    if (!checked.success) {
      setError(draft.trim() ? checked.error.issues[0]?.message : ORGANISATION_MESSAGES.nameRequired);
      return;
    }
    rename.mutate(checked.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Rename organisation"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        className="min-w-0 flex-1"
        label="Organisation name"
        name="organisationName"
        autoComplete="organization"
        value={draft}
        maxLength={100}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        error={error}
        required
      />
      <Button
        type="submit"
        variant="secondary"
        className="h-11 sm:mt-7"
        disabled={draft.trim() === name}
        loading={rename.isPending}
        loadingText="Saving..."
      >
        Rename
      </Button>
    </form>
  );
}
