import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { errors, type JWTPayload } from 'jose';

const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 signature is 32 bytes: 43 base64url characters, unpadded. */
const SIGNATURE_LENGTH = 43;

function decodeJson(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new errors.JWTInvalid(`Invalid JWT ${what}`);
}

/**
 * Verifies an HS256 JWT synchronously with node:crypto: the same checks as jose's `jwtVerify` for our
 * tokens (algorithm pinned to HS256, signature in constant time, issuer, audience, exp, nbf), throwing
 * jose's error classes. It exists because the session check runs on every request, and the async
 * WebCrypto path costs several times the HMAC itself (docs/performance/auth.md).
 */
export function verifyHs256(
  token: string,
  key: KeyObject,
  expected: { issuer: string; audience: string },
  now = Date.now(),
): JWTPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p)))
    throw new errors.JWTInvalid('Invalid compact JWS');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeJson(headerPart, 'header');
  if (header.alg !== 'HS256')
    throw new errors.JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed');
  if ('crit' in header) throw new errors.JOSENotSupported('"crit" Header Parameter is not supported');

  if (signaturePart.length !== SIGNATURE_LENGTH) throw new errors.JWSSignatureVerificationFailed();
  const signature = Buffer.from(signaturePart, 'base64url');
  const computed = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  if (signature.length !== computed.length || !timingSafeEqual(signature, computed)) {
    throw new errors.JWSSignatureVerificationFailed();
  }

  const payload = decodeJson(payloadPart, 'payload') as JWTPayload;
  const claimFailed = (claim: string) =>
    new errors.JWTClaimValidationFailed(`unexpected "${claim}" claim value`, payload, claim, 'check_failed');
  if (payload.iss !== expected.issuer) throw claimFailed('iss');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.audience)) throw claimFailed('aud');
  const seconds = Math.floor(now / 1000);
  if (typeof payload.exp !== 'number') throw claimFailed('exp');
  if (payload.exp <= seconds)
    throw new errors.JWTExpired('"exp" claim timestamp check failed', payload, 'exp', 'check_failed');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > seconds))
    throw claimFailed('nbf');
  return payload;
}
