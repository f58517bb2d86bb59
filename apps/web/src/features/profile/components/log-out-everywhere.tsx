import { PATHS, SESSION_MESSAGES } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { logoutEverywhere } from '../api/profile-api';

/** Ends every session of the account on the server (other devices too), then logs out here. */
export function LogOutEverywhere() {
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      // The server has ended this session too.
      session.logout({ endOnServer: false });
      navigate(PATHS.login);
    },
    onError: (err) => toast.error(errorMessage(err, SESSION_MESSAGES.logoutEverywhereFailed)),
  });

  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm font-medium text-muted">Sessions</dt>
      <dd className="flex items-center gap-2 sm:justify-end">
        <Button
          variant="ghost"
          size="sm"
          loading={run.isPending || run.isSuccess}
          loadingText="Logging out..."
          onClick={() => run.mutate()}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Log out everywhere
        </Button>
      </dd>
    </div>
  );
}
