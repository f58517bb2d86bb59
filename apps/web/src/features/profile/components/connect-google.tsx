import { SESSION_MESSAGES, type User } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { linkGoogle } from '../api/profile-api';
import { GoogleCredentialButton } from './google-credential-button';
import { ProofAbandoned, useOwnerProof } from './owner-proof-context';

export interface ConnectGoogleProps {
  clientId: string;
  onLinked: (token: string, user: User) => void;
}

/**
 * Google's button, for connecting a Google account to the signed-in account: the ID token goes to
 * POST /auth/google/link, after "Confirm it's you" when the server asks. Loaded lazily, and only when
 * the server says Google sign-in is configured.
 */
export function ConnectGoogle({ clientId, onLinked }: ConnectGoogleProps) {
  const toast = useToast();
  const { withProof } = useOwnerProof();

  const link = useMutation({
    mutationFn: (idToken: string) => withProof(() => linkGoogle(idToken)),
    onSuccess: (res) => {
      onLinked(res.data.token, res.data.user);
      toast.success(res.message);
    },
    onError: (err) => {
      if (!(err instanceof ProofAbandoned)) toast.error(errorMessage(err, SESSION_MESSAGES.googleLinkFailed));
    },
  });

  return (
    <GoogleCredentialButton
      clientId={clientId}
      onCredential={(idToken) => link.mutate(idToken)}
      onFailure={() => toast.error(SESSION_MESSAGES.googleLinkFailed)}
    />
  );
}
