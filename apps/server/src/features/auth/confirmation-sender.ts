import { ACCOUNT_MAIL_LIMITS } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { openMailSession } from '../../lib/mail';
import { soonAfterStart } from '../../lib/start-up-work';
import { confirmationApplies, mailConfirmationLink } from './address-confirmation';
import { takeConfirmationsDue } from './address-repository';

/** Accounts one pass takes at a time. */
const BATCH = 50;

/**
 * The one confirmation link owed to each account made before addresses were confirmed (migration
 * 0020), mailed soon after the start of an instance that sends mail. Each account is taken once, by
 * whichever instance gets to it first, and its grace (ACCOUNT_MAIL_LIMITS.existingAccountGraceDays of
 * subscriptions still sent) starts as it is taken. A link lost to a crash is not sent again: the
 * dashboard's "Send the link again" is there for that.
 */
export function sendOwedConfirmations(app: FastifyInstance): void {
  if (!confirmationApplies(app.config)) return;
  const run = async () => {
    const session = await openMailSession(app.config);
    if (!session) return;
    try {
      for (;;) {
        const due = await takeConfirmationsDue(app.db, BATCH, ACCOUNT_MAIL_LIMITS.existingAccountGraceDays);
        for (const account of due) {
          if (!account.email) continue;
          await mailConfirmationLink(app, { ...account, email: account.email }, session).catch((err) =>
            app.log.warn({ err, userId: account.id }, 'confirmation link not mailed'),
          );
        }
        if (due.length < BATCH) return;
      }
    } finally {
      session.close();
    }
  };
  soonAfterStart(app, () =>
    run().catch((err: unknown) =>
      app.databaseOutage.backgroundFailed(err, () =>
        app.log.error({ err }, 'owed confirmation links not mailed'),
      ),
    ),
  );
}
