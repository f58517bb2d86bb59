import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface IdTokenOptions {
  sub?: string;
  email?: string;
  name?: string;
  /** When Google issued it (seconds since the epoch); 10 s ago by default. */
  iat?: number;
  /** Signed by a key that is not in the key set. */
  forged?: boolean;
  aud?: string;
  iss?: string;
  /** When it expires (seconds since the epoch); an hour after `iat` by default. */
  exp?: number;
  kid?: string;
  /** More claims, or other values of the usual ones (`email_verified`). */
  claims?: Record<string, unknown>;
}

/**
 * A local stand-in for Google's key set (https://www.googleapis.com/oauth2/v3/certs) and the ID tokens
 * it verifies. `env` configures an app to trust it; `close` stops it.
 */
export async function startGoogleKeys() {
  const trusted = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  let seq = 0;
  const idToken = (o: IdTokenOptions = {}) => {
    seq += 1;
    const now = Math.floor(Date.now() / 1000);
    const iat = o.iat ?? now - 10;
    return new SignJWT({
      email: o.email ?? `g${seq}@gmail.com`,
      email_verified: true,
      name: o.name,
      ...o.claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'key-1', typ: 'JWT' })
      .setIssuer(o.iss ?? 'https://accounts.google.com')
      .setAudience(o.aud ?? GOOGLE_TEST_CLIENT_ID)
      .setSubject(o.sub ?? `sub-${seq}`)
      .setIssuedAt(iat)
      .setExpirationTime(o.exp ?? iat + 3600)
      .sign(o.forged ? stranger.privateKey : trusted.privateKey);
  };
  return {
    env: { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl },
    idToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
