import { MESSAGES, type User } from '@insightra/contract';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { googleRequest } from '../api/auth-api';

export interface GoogleSignInProps {
  clientId: string;
  /** Signing in through an invitation: the account joins its organisation. */
  invitationToken?: string;
  onSuccess: (token: string, user: User) => void;
}

/**
 * Google's button and One Tap prompt. Loaded lazily, and only when the server says Google sign-in is
 * configured, so Google's script never loads otherwise (the CSP allows it only then).
 */
export function GoogleSignIn({ clientId, invitationToken, onSuccess }: GoogleSignInProps) {
  const toast = useToast();

  const exchange = useMutation({
    mutationFn: (idToken: string) => googleRequest(idToken, invitationToken),
    onSuccess: (res) => {
      // Signed in first: signing in as someone else clears the last user's toasts, not this one.
      onSuccess(res.data.token, res.data.user);
      toast.success(MESSAGES.auth.googleLoginSuccess);
    },
    onError: (err) => {
      const message =
        err instanceof ApiError && err.status !== 0 ? err.message || MESSAGES.auth.googleFailed : '';
      toast.error(message ? MESSAGES.auth.googleLoginFailed(message) : MESSAGES.auth.googleLoginFailedRetry);
    },
  });

  function signIn(credential: string | undefined) {
    if (credential) exchange.mutate(credential);
    else toast.error(MESSAGES.auth.googleLoginFailedRetry);
  }

  return (
    <GoogleOAuthProvider clientId={clientId}>
      <div className="flex justify-center">
        <GoogleLogin
          onSuccess={(response) => signIn(response.credential)}
          onError={() => toast.error(MESSAGES.auth.googleLoginFailedRetry)}
          useOneTap
          text="continue_with"
          shape="rectangular"
          width="320"
        />
      </div>
    </GoogleOAuthProvider>
  );
}
