import type { Report } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { providerFor, standInWithDatabase } from '../helpers/powerbi/setup';
import type { Endpoint, Failure } from '../helpers/powerbi/stand-in';

const pbi = standInWithDatabase();

describe('secrets', () => {
  it('never appear in a log line, an answer or an error, in successful and failing runs', async () => {
    const admin = await createUser(pbi.db, { role: 'admin' });
    const member = await createUser(pbi.db);
    const report: Report = await pbi.db.kysely
      .insertInto('reports')
      .values({
        organisation_id: member.organisationId!,
        tier: 'Beta',
        report_type: 'Grades',
        report_uuid: pbi.standIn.addReport().id,
        created_by: admin.id,
      })
      .returning(['id', 'tier', 'report_type', 'report_uuid'])
      .executeTakeFirstOrThrow();

    const outputs: string[] = [];
    const logs: string[] = [];
    const wrongSecret = 'wrong-secret-0f9e8d7c6b5a';
    const scenarios: {
      fail?: [Endpoint, Failure | 'hang'];
      env?: Record<string, string>;
      access?: boolean;
    }[] = [
      {},
      { env: { POWERBI_CLIENT_SECRET: wrongSecret } },
      { fail: ['token', { status: 400 }] },
      { fail: ['token', { status: 429, retryAfter: 5 }] },
      { fail: ['token', { status: 500 }] },
      { access: false },
      { fail: ['report', { status: 429, retryAfter: 1 }] },
      { fail: ['report', { status: 502 }] },
      { fail: ['generateToken', 'hang'] },
      { fail: ['postRefresh', { status: 500 }] },
      { fail: ['refreshes', { status: 503 }] },
      { fail: ['groups', { status: 401 }] },
    ];
    for (const scenario of scenarios) {
      for (const key of Object.keys(pbi.standIn.fail)) delete pbi.standIn.fail[key as Endpoint];
      pbi.standIn.workspaceAccess = scenario.access ?? true;
      if (scenario.fail) pbi.standIn.fail[scenario.fail[0]] = scenario.fail[1];
      const { provider, logger } = providerFor(pbi.standIn, pbi.db, {
        timeoutMs: 300,
        ...(scenario.env ? { env: scenario.env } : {}),
      });
      const organisationId = member.organisationId!;
      const attempts: (() => Promise<unknown>)[] = [
        () => provider.embedToken({ organisationId, admin: false }, 'Beta', [report]),
        () => provider.startRefresh({ userId: member.id, organisationId }),
        () => provider.refreshStatus(organisationId, 'nope'),
        () => provider.refreshQueue(organisationId),
        () => provider.checkHealth(),
      ];
      for (const attempt of attempts) {
        const settled = await attempt().then(
          (value) => ({ value }),
          (error: Error) => ({
            error: { ...error, name: error.name, message: error.message, stack: error.stack },
          }),
        );
        outputs.push(JSON.stringify(settled));
      }
      logs.push(...logger.lines);
    }

    // The runs did fail and did log, so the assertions below are not vacuous.
    expect(outputs.filter((o) => o.includes('"error"')).length).toBeGreaterThan(20);
    expect(logs.length).toBeGreaterThan(10);
    expect(pbi.standIn.issuedAccessTokens.length).toBeGreaterThan(0);
    const secrets = [pbi.standIn.clientSecret, wrongSecret, ...pbi.standIn.issuedAccessTokens];
    for (const text of [...outputs, ...logs]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
