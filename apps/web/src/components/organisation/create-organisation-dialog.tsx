import { ORGANISATION_MESSAGES, OrganisationName } from '@insightra/contract';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { createOrganisation } from '../../lib/organisations/organisation-api';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';
import { useOrganisationSwitch } from './use-organisation-switch';

/** Names a new organisation; once created, the user is its owner and works in it. */
export function CreateOrganisationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { enter } = useOrganisationSwitch();

  const close = () => {
    setName('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal: its submit must not reach a form around the switcher that opened it.
    event.stopPropagation();
    const checked = OrganisationName.safeParse(name);
    if (!checked.success) {
      setError(name.trim() ? checked.error.issues[0]?.message : ORGANISATION_MESSAGES.nameRequired);
      return;
    }
    setSaving(true);
    try {
      const organisation = await createOrganisation(checked.data);
      setSaving(false);
      close();
      await enter(organisation.id, () => ORGANISATION_MESSAGES.created);
    } catch (err) {
      setSaving(false);
      setError(errorMessage(err, 'The organisation could not be created. Please try again.'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!saving}
      size="sm"
      title="Create organisation"
      description="You will be its owner, and can invite others once it is set up."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <TextField
          label="Organisation name"
          name="organisationName"
          autoComplete="organization"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          error={error}
          maxLength={100}
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={saving} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingText="Creating...">
            Create
          </Button>
        </div>
      </form>
    </Modal>
  );
}
