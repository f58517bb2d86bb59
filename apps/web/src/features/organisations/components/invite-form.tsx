import { Email, ORGANISATION_MESSAGES, ORGANISATION_ROLES, type OrganisationRole } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Listbox } from '../../../components/ui/listbox';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { inviteMember } from '../api/members-api';

/** The invitation link just created, to copy: it is also mailed when the server can send mail. */
function CreatedLink({ email, link }: { email: string; link: string }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      toast.error('Copying was not allowed: select the link and copy it by hand');
    }
  };
  return (
    <div className="rounded-[var(--radius-control)] border border-line bg-page p-4">
      <p className="text-sm text-ink">
        Send this link to <span className="font-medium">{email}</span>. It works once, for 7 days.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={link}
          aria-label={`Invitation link for ${email}`}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-[var(--radius-control)] border border-line bg-surface px-3 text-sm text-ink"
        />
        <Button
          variant="secondary"
          icon={
            copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )
          }
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? 'Link copied' : ''}
      </p>
    </div>
  );
}

/** Owners invite an e-mail address with a role; the link is shown to copy. */
export function InviteForm({ organisationId, onInvited }: { organisationId: number; onInvited: () => void }) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: (body: { email: string; role: OrganisationRole }) =>
      inviteMember(organisationId, body.email, body.role),
    onSuccess: () => {
      toast.success(ORGANISATION_MESSAGES.invited);
      setEmail('');
      onInvited();
    },
    onError: (err) => setError(errorMessage(err, 'The invitation could not be created. Please try again.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = Email.safeParse(email);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    invite.mutate({ email: checked.data, role });
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        onSubmit={submit}
        aria-label="Invite someone"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          className="min-w-0 flex-1"
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <Listbox
          label="Role"
          className="h-11 sm:mt-7"
          value={role}
          options={ORGANISATION_ROLES}
          optionLabel={(r) => ROLE_LABELS[r]}
          onChange={setRole}
        />
        <Button
          type="submit"
          className="h-11 sm:mt-7"
          icon={<Send aria-hidden="true" className="size-4" />}
          loading={invite.isPending}
          loadingText="Inviting..."
        >
          Invite
        </Button>
      </form>
      {invite.data && <CreatedLink email={invite.data.invitation.email} link={invite.data.link} />}
    </div>
  );
}
