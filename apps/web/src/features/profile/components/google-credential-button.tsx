import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

export interface GoogleCredentialButtonProps {
  clientId: string;
  onCredential: (idToken: string) => void;
  onFailure: () => void;
}

/**
 * Google's button on the profile: it hands over the ID token of the Google account chosen, to connect
 * it or to confirm it's you. Only in lazily loaded parts: Google's script loads only when one shows.
 */
export function GoogleCredentialButton({ clientId, onCredential, onFailure }: GoogleCredentialButtonProps) {
  return (
    <GoogleOAuthProvider clientId={clientId}>
      <GoogleLogin
        onSuccess={(response) => (response.credential ? onCredential(response.credential) : onFailure())}
        onError={onFailure}
        text="continue_with"
        shape="rectangular"
      />
    </GoogleOAuthProvider>
  );
}
