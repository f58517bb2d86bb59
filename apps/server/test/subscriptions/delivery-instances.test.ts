import { SECTOR_DECLARATIONS, sectorOverview } from '@insightra/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, fromPool } from '../../src/db/client';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { SubscriptionRunner } from '../../src/features/subscriptions/delivery-runner';
import { type AppOn, appOn } from '../helpers/app-on';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../helpers/database';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { type MailServer, startMailServer } from '../helpers/mail-server';
import { sectorIdOf } from '../helpers/sector-rows';

/*
 * Two application instances, each with its own connection pool (as two processes have), send the
 * subscriptions of one database: every slot reaches every recipient once, whoever's runner gets there
 * first. PGlite is one connection in one process, so this runs on PostgreSQL only.
 */

const SUBSCRIPTIONS = 20;
const education = SECTOR_DECLARATIONS.find((d) => sectorIdOf(d) === 1)!;

describe.skipIf(testDatabaseKind !== 'postgres')('subscriptions of two instances on one database', () => {
  let shared: TestDatabase;
  let second: Database;
  let mail: MailServer;
  let one: AppOn;
  let two: AppOn;

  beforeAll(async () => {
    shared = await createTestDatabase();
    second = fromPool(new pg.Pool({ connectionString: shared.url, max: 5 }));
    mail = await startMailServer();
    const env = { SMTP_URL: mail.url, PUBLIC_URL: 'https://portal.example.com' };
    one = await appOn(shared.db, env);
    two = await appOn(second, env);
    await Promise.all([one.app.ready(), two.app.ready()]);
  }, 60_000);

  afterAll(async () => {
    await one.close();
    await two.close();
    await second.close();
    await shared.drop();
    await mail.close();
  });

  it(`send ${SUBSCRIPTIONS} subscriptions due in the same minute once each, none missing`, async () => {
    const owner = await createUser(shared.db);
    const member = await createUser(shared.db, { organisation: false });
    await addMember(shared.db, owner.organisationId!, member.id, 'editor');
    const reports = [
      await createReport(shared.db, owner.id, { report_uuid: sectorOverview(education).uuid }),
      await createReport(shared.db, owner.id, {
        report_type: 'Again',
        report_uuid: sectorOverview(education).uuid,
      }),
    ];
    const session = bearer(await tokenFor(one.app, owner));
    const ids: number[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      // Alternate instances take the requests, as a load balancer would.
      const res = await (i % 2 ? two : one).app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers: session,
        payload: {
          reportId: reports[i % 2]!.id,
          cadence: 'daily',
          time: '09:00',
          recipients: [owner.id, member.id],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.subscription.id);
    }
    await shared.db.query(
      "UPDATE subscriptions SET next_run_at = date_trunc('minute', now()) WHERE id = ANY($1)",
      [ids],
    );

    // Two runners per instance, all ticking at once.
    const runners = [one, one, two, two].map(
      ({ app }, i) => new SubscriptionRunner(app, { owner: `runner-${i}` }),
    );
    await Promise.all(runners.map((r) => r.tick()));
    await Promise.all(runners.map((r) => r.tick()));

    const expected = SUBSCRIPTIONS * 2;
    const messageIds = mail.received.map((m) => m.header('message-id'));
    expect(messageIds).toHaveLength(expected);
    expect(new Set(messageIds).size).toBe(expected);
    const { rows } = await shared.db.query<{ status: string; attempts: number; n: number }>(
      `SELECT status, attempts, count(*)::int AS n FROM subscription_deliveries
        WHERE subscription_id = ANY($1) GROUP BY status, attempts`,
      [ids],
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: expected }]);
    const { rows: stored } = await shared.db.query<{ message_id: string }>(
      'SELECT message_id FROM subscription_deliveries WHERE subscription_id = ANY($1)',
      [ids],
    );
    expect(new Set(stored.map((r) => r.message_id))).toEqual(new Set(messageIds));
  });
});
