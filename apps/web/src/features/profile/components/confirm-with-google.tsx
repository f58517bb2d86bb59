import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

export interface ConfirmWithGoogleProps {
  clientId: string;
  onCredential: (idToken: string) => void;
  onFailure: () => void;
}

/** Google's button inside "Confirm it's you", for an account without a password. Loaded lazily. */
export function ConfirmWithGoogle({ clientId, onCredential, onFailure }: ConfirmWithGoogleProps) {
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
