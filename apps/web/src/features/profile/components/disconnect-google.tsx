import { SESSION_MESSAGES, type User } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { Unlink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { unlinkGoogle } from '../api/profile-api';
import { ProofAbandoned, useOwnerProof } from './owner-proof-context';

export interface DisconnectGoogleProps {
  hasPassword: boolean;
  /** The new user and the fresh token (the server has ended the other sessions). */
  onDisconnected: (user: User, token?: string) => void;
}

/**
 * The connected Google account and the way to disconnect it, after "Confirm it's you". Without a
 * password Google is the only way in, so the button is off until one is set.
 */
export function DisconnectGoogle({ hasPassword, onDisconnected }: DisconnectGoogleProps) {
  const hintId = useId();
  const toast = useToast();
  const { withProof } = useOwnerProof();
  const disconnect = useMutation({
    mutationFn: () => withProof(unlinkGoogle),
    onSuccess: (res) => {
      onDisconnected(res.data.user, res.data.token);
      toast.success(res.message);
    },
    onError: (err) => {
      if (!(err instanceof ProofAbandoned))
        toast.error(errorMessage(err, SESSION_MESSAGES.googleUnlinkFailed));
    },
  });

  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <dt className="text-sm font-medium text-muted">Google</dt>
      <dd className="flex flex-col gap-1 sm:items-end">
        <span className="flex items-center gap-2">
          <span className="text-ink">Connected</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={!hasPassword}
            aria-describedby={hasPassword ? undefined : hintId}
            loading={disconnect.isPending}
            loadingText="Disconnecting..."
            onClick={() => disconnect.mutate()}
          >
            <Unlink aria-hidden="true" className="size-4" />
            Disconnect Google
          </Button>
        </span>
        {!hasPassword && (
          <span id={hintId} className="text-sm text-muted">
            Set a password first
          </span>
        )}
      </dd>
    </div>
  );
}
