import {
  type ActiveOrganisation,
  type Invitation,
  type Member,
  ORGANISATION_MESSAGES,
  PATHS,
  type User,
} from '@insightra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LogOut, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSection } from '../../../components/ui/page-section';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { membersKey, membersQuery } from '../../../lib/organisations/members-query';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { usePermission } from '../../../lib/organisations/use-permission';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { changeRole, removeMember, revokeInvitation } from '../api/members-api';
import { InvitationsList } from '../components/invitations-list';
import { InviteForm } from '../components/invite-form';
import { MembersList } from '../components/members-list';
import { type Removal, RemovalDialog } from '../components/removal-dialog';
import { RenameForm } from '../components/rename-form';

/** /organisation: the active organisation's members, roles and invitations. */
export function OrganisationPage() {
  usePageTitle('Organisation');
  const { user } = useSession();
  // The route guard lets only a member of an organisation here.
  if (!user?.organisation) return null;
  return <OrganisationView user={user} organisation={user.organisation} />;
}

function OrganisationView({ user, organisation }: { user: User; organisation: ActiveOrganisation }) {
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = usePermission('members.manage').allowed;
  const canRename = usePermission('organisation.manage').allowed;
  const members = useQuery(membersQuery(user, organisation.id));
  const [removal, setRemoval] = useState<Removal | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: membersKey(user, organisation.id) });

  const roleChange = useMutation({
    mutationFn: (change: { member: Member; role: Member['role'] }) =>
      changeRole(organisation.id, change.member.userId, change.role),
    onSuccess: async (_answer, { member }) => {
      toast.success(ORGANISATION_MESSAGES.roleChanged);
      // One's own role sets what one may do here: the session learns it from the server.
      if (member.userId === user.id) await session.refresh();
      await reload();
    },
    onError: (err) => toast.error(errorMessage(err, 'The role could not be changed. Please try again.')),
  });

  const remove = useMutation({
    mutationFn: (r: Removal) => removeMember(organisation.id, r.kind === 'leave' ? user.id : r.member.userId),
    onSuccess: async (_answer, r) => {
      if (r.kind === 'leave') {
        // The session now works elsewhere (or nowhere): its user and token come from the server first.
        await session.refresh();
        navigate(PATHS.dashboard, { replace: true });
        toast.info(ORGANISATION_MESSAGES.left);
        return;
      }
      setRemoval(null);
      toast.success(ORGANISATION_MESSAGES.removed);
      await reload();
    },
  });

  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(organisation.id, invitation.id),
    onSuccess: async () => {
      toast.success(ORGANISATION_MESSAGES.revoked);
      await reload();
    },
    onError: (err) =>
      toast.error(errorMessage(err, 'The invitation could not be revoked. Please try again.')),
  });

  const openRemoval = (next: Removal) => {
    remove.reset();
    setRemoval(next);
  };

  let body: React.ReactNode;
  if (members.isPending) body = <Spinner text="Loading members..." className="py-12" />;
  else if (members.isError)
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-[var(--radius-control)] bg-error-soft p-8 text-center text-error"
      >
        <p>{errorMessage(members.error, 'The members could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void members.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (members.data.members.length === 0)
    body = <EmptyState icon={<Users className="size-10" />} message="No members to show yet." />;
  else
    body = (
      <MembersList
        members={members.data.members}
        selfId={user.id}
        canManage={canManage}
        busyId={roleChange.isPending ? (roleChange.variables?.member.userId ?? null) : null}
        onRoleChange={(member, role) => roleChange.mutate({ member, role })}
        onRemove={(member) => openRemoval({ kind: 'remove', member })}
      />
    );

  return (
    <section className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
              {organisation.name}
            </h1>
            <p className="mt-1 text-muted">
              Members, roles and invitations. You are {ROLE_LABELS[organisation.role].toLowerCase()} here.
            </p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
            <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
          </div>
        </div>

        {canRename && (
          <PageSection title="Name">
            <RenameForm
              organisationId={organisation.id}
              name={organisation.name}
              onRenamed={session.refresh}
            />
          </PageSection>
        )}

        <PageSection
          title="Members"
          action={
            <Button
              variant="ghost"
              size="sm"
              className="text-error"
              icon={<LogOut aria-hidden="true" className="size-4" />}
              onClick={() => openRemoval({ kind: 'leave' })}
            >
              Leave organisation
            </Button>
          }
        >
          {body}
        </PageSection>

        {canManage && (
          <PageSection title="Invitations">
            <InviteForm organisationId={organisation.id} onInvited={() => void reload()} />
            <h3 className="mt-6 mb-3 text-sm font-semibold tracking-wide text-muted uppercase">Pending</h3>
            {members.isSuccess ? (
              <InvitationsList
                invitations={members.data.invitations}
                revokingId={revoke.isPending ? (revoke.variables?.id ?? null) : null}
                onRevoke={(invitation) => revoke.mutate(invitation)}
              />
            ) : (
              <p className="text-sm text-muted">
                {members.isPending ? 'Loading invitations...' : 'Unavailable'}
              </p>
            )}
          </PageSection>
        )}
      </div>

      <RemovalDialog
        removal={removal}
        organisationName={organisation.name}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'That did not work. Please try again.') : null}
        onCancel={() => setRemoval(null)}
        onConfirm={(r) => remove.mutate(r)}
      />
    </section>
  );
}
