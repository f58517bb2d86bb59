import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy } from './security';

const powerbi = {
  BI_PROVIDER: 'powerbi',
  POWERBI_TENANT_ID: 't',
  POWERBI_CLIENT_ID: 'c',
  POWERBI_CLIENT_SECRET: 's',
  POWERBI_WORKSPACE_ID: 'w',
  POWERBI_RLS_ROLES: 'Customer',
};

describe('Content-Security-Policy for Power BI', () => {
  it('lets the embed-token frame load Power BI, and only with that provider', () => {
    const csp = contentSecurityPolicy(loadConfig(powerbi));
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://app.powerbi.com', 'https://*.powerbi.com']),
    );
    expect(csp['frame-src']).not.toContain('https://login.microsoftonline.com');
    // powerbi-client is bundled with the app: no script from Power BI runs in the page itself.
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy(loadConfig({}))['frame-src']).toEqual(["'self'"]);
  });

  it("lets the secure-embed frame reach Entra ID's sign-in", () => {
    const csp = contentSecurityPolicy(loadConfig({ ...powerbi, POWERBI_EMBED_MODE: 'secure-embed' }));
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://app.powerbi.com', 'https://login.microsoftonline.com']),
    );
  });
});
