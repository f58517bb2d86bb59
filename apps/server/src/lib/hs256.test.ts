import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256';

const key = createSecretKey(Buffer.from('a-secret-that-is-long-enough-for-hs256-0123456789'));
const other = createSecretKey(Buffer.from('another-secret-that-is-long-enough-0123456789abcd'));
const expected = { issuer: 'insightra', audience: 'session' };
const now = Date.now();

const sign = (
  claims: Record<string, unknown> = {},
  opts: { exp?: number; iss?: string; aud?: string } = {},
  k = key,
) =>
  new SignJWT({ role: 'member', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(opts.iss ?? 'insightra')
    .setAudience(opts.aud ?? 'session')
    .setSubject('7')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(now / 1000) + 3600)
    .sign(k);

describe('verifyHs256', () => {
  it('accepts what jose accepts, with the same payload', async () => {
    const token = await sign({ username: 'asha' });
    const ours = verifyHs256(token, key, expected);
    const theirs = (await jwtVerify(token, key, { ...expected, algorithms: ['HS256'] })).payload;
    expect(ours).toEqual(theirs);
    expect(ours.sub).toBe('7');
  });

  it('refuses another key, a tampered payload and a re-encoded signature', async () => {
    const forged = await sign({}, {}, other);
    expect(() => verifyHs256(forged, key, expected)).toThrow(errors.JWSSignatureVerificationFailed);
    const [h, , s] = (await sign()).split('.');
    const admin = Buffer.from(
      JSON.stringify({ role: 'admin', sub: '1', iss: 'insightra', aud: 'session', exp: 9e9 }),
    ).toString('base64url');
    expect(() => verifyHs256(`${h}.${admin}.${s}`, key, expected)).toThrow(
      errors.JWSSignatureVerificationFailed,
    );
    const token = await sign();
    expect(() => verifyHs256(`${token}=`, key, expected)).toThrow(errors.JWTInvalid);
    expect(() => verifyHs256(`${token}A`, key, expected)).toThrow(errors.JWSSignatureVerificationFailed);
  });

  it("refuses alg 'none' and other algorithms", async () => {
    const unsigned = new UnsecuredJWT({ sub: '1', role: 'admin' })
      .setIssuer('insightra')
      .setAudience('session')
      .setExpirationTime('1h')
      .encode();
    expect(() => verifyHs256(`${unsigned}AAAA`, key, expected)).toThrow(errors.JOSEAlgNotAllowed);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('insightra')
      .setAudience('session')
      .setExpirationTime('1h')
      .sign(key);
    expect(() => verifyHs256(hs512, key, expected)).toThrow(errors.JOSEAlgNotAllowed);
  });

  it('checks issuer, audience, expiry and not-before', async () => {
    await expect(sign({}, { iss: 'elsewhere' }).then((t) => verifyHs256(t, key, expected))).rejects.toThrow(
      errors.JWTClaimValidationFailed,
    );
    await expect(sign({}, { aud: 'embed' }).then((t) => verifyHs256(t, key, expected))).rejects.toThrow(
      errors.JWTClaimValidationFailed,
    );
    const token = await sign({}, { exp: Math.floor(now / 1000) + 60 });
    expect(verifyHs256(token, key, expected, now).sub).toBe('7');
    expect(() => verifyHs256(token, key, expected, now + 61_000)).toThrow(errors.JWTExpired);
    const later = await sign({ nbf: Math.floor(now / 1000) + 600 });
    expect(() => verifyHs256(later, key, expected, now)).toThrow(errors.JWTClaimValidationFailed);
  });

  it('refuses malformed tokens', () => {
    for (const bad of ['', 'a.b', 'a.b.c.d', '!!.??.**', 'e30.e30.e30']) {
      expect(() => verifyHs256(bad, key, expected)).toThrow();
    }
  });
});
