import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const complete = {
  BI_PROVIDER: 'powerbi',
  POWERBI_TENANT_ID: '11111111-1111-1111-1111-111111111111',
  POWERBI_CLIENT_ID: '22222222-2222-2222-2222-222222222222',
  POWERBI_CLIENT_SECRET: 'a-client-secret',
  POWERBI_WORKSPACE_ID: '33333333-3333-3333-3333-333333333333',
};

describe('Power BI configuration', () => {
  it.each([
    'POWERBI_TENANT_ID',
    'POWERBI_CLIENT_ID',
    'POWERBI_CLIENT_SECRET',
    'POWERBI_WORKSPACE_ID',
  ] as const)('stops start-up naming %s when it is missing or blank', (name) => {
    for (const value of [undefined, '  ']) {
      const env: Record<string, string | undefined> = { ...complete, [name]: value };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(`${name} is required when BI_PROVIDER=powerbi`);
    }
  });

  it('starts without POWERBI_DATASET_ID (refresh then explains it is not configured) and defaults to the real endpoints', () => {
    const config = loadConfig(complete);
    expect(config.bi.provider).toBe('powerbi');
    expect(config.bi.embedMode).toBe('embed-token');
    expect(config.bi.powerbi.datasetId).toBeUndefined();
    expect(config.bi.powerbi.apiUrl).toBe('https://api.powerbi.com/v1.0/myorg');
    expect(config.bi.powerbi.authorityHost).toBe('https://login.microsoftonline.com');
  });

  it('reads the row-level-security roles, the token lifetime and the refresh cooldown, with defaults', () => {
    const defaults = loadConfig(complete).bi.powerbi;
    expect(defaults).toMatchObject({ rlsRoles: [], tokenMinutes: 60, refreshMinIntervalMin: 180 });
    const set = loadConfig({
      ...complete,
      POWERBI_RLS_ROLES: 'Customer, Reader ,,Customer',
      POWERBI_TOKEN_MINUTES: '30',
      POWERBI_REFRESH_MIN_INTERVAL_MIN: '0',
    }).bi.powerbi;
    expect(set).toMatchObject({
      rlsRoles: ['Customer', 'Reader'],
      tokenMinutes: 30,
      refreshMinIntervalMin: 0,
    });
    expect(() => loadConfig({ ...complete, POWERBI_TOKEN_MINUTES: '5' })).toThrow(/^POWERBI_TOKEN_MINUTES/);
    expect(() => loadConfig({ ...complete, POWERBI_REFRESH_MIN_INTERVAL_MIN: '-1' })).toThrow(
      /^POWERBI_REFRESH_MIN_INTERVAL_MIN/,
    );
  });

  it('rejects an unknown embed mode by name', () => {
    expect(() => loadConfig({ ...complete, POWERBI_EMBED_MODE: 'iframe' })).toThrow(/POWERBI_EMBED_MODE/);
  });

  it('needs none of them with the built-in provider', () => {
    expect(loadConfig({}).bi.provider).toBe('builtin');
  });
});
