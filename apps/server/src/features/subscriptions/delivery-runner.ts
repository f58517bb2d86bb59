import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ACCOUNT_MAIL_MESSAGES, SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { type MailSession, openMailSession } from '../../lib/mail';
import { START_UP_WORK_DELAY_MS } from '../../lib/start-up-work';
import { confirmationApplies } from '../auth/address-confirmation';
import {
  type ClaimedDelivery,
  claimDueSubscriptions,
  claimedDeliveries,
  claimGroup,
  dueAwaitsNewData,
  failStaleDeliveries,
  insertDeliveries,
  markFailed,
  markSent,
  markSkipped,
  nextGroup,
  renewLeases,
  setNextRun,
} from './delivery-repository';
import { dropRecipient, recipientStandings } from './recipient-repository';
import { reportForMail } from './report-for-mail';
import { nextSlotAfter } from './schedule';
import { SUPPRESSED, scheduleOf, slotDeliveries } from './slots';
import { type MailedReport, subscriptionMessage } from './subscription-mail';
import { unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

export interface SubscriptionRunnerOptions {
  /** Identifies this runner in subscription_deliveries.lease_owner; unique per process by default. */
  owner?: string;
  /** How often an idle runner looks for due slots and deliveries. */
  pollMs?: number;
  /** How long a claim lasts without renewal; renewed every third of it while the mails go out. */
  leaseMs?: number;
  /** The wait before the first retry of a failed delivery; it doubles with each further attempt. */
  retryBaseMs?: number;
  /** Draws a report tab for the mail (its KPI cards and PDF). */
  render?: (organisationId: number, reportId: number) => Promise<MailedReport>;
}

/** Subscriptions one scheduling transaction takes at most. */
const SCHEDULE_BATCH = 50;
const MAX_RETRY_MS = 60 * 60 * 1000;

export const DELIVERY_MESSAGES = {
  stale: 'Sending stopped responding and was given up after repeated attempts',
  renderFailed: 'The report could not be drawn for the e-mail',
  unsubscribed: 'Skipped: the recipient unsubscribed',
  notRecipient: 'Skipped: no longer a recipient',
  leftOrganisation: 'Skipped: the recipient is no longer a member of the organisation',
  unconfirmed: `Skipped: ${ACCOUNT_MAIL_MESSAGES.confirmToReceive}`,
} as const;

/**
 * Sends every instance's subscriptions, each due slot once (docs/decisions/132-subscriptions.md).
 * A tick schedules due slots, in one transaction per batch: it locks due subscriptions FOR UPDATE
 * SKIP LOCKED, records one delivery per recipient (unique per subscription, slot and address) and
 * moves each to its next slot. It then claims pending deliveries under a lease, one report and slot
 * at a time, so the report is drawn once for all of them, and sends each mail with its fixed
 * Message-ID; a failure is retried with exponential backoff, at most SUBSCRIPTION_LIMITS.maxAttempts
 * times, its reason kept.
 */
export class SubscriptionRunner {
  readonly owner: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly render: (organisationId: number, reportId: number) => Promise<MailedReport>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** A wake arrived during a tick: tick again at once. */
  private woken = false;

  constructor(
    private readonly app: FastifyInstance,
    options: SubscriptionRunnerOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = options.pollMs ?? 15_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retryBaseMs = options.retryBaseMs ?? 60_000;
    this.render =
      options.render ?? ((organisationId, reportId) => reportForMail(app, organisationId, reportId));
  }

  /** Starts polling: the first look comes START_UP_WORK_DELAY_MS later, `wake` sooner. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(START_UP_WORK_DELAY_MS);
  }

  /** Stops polling and waits for the tick in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks now (a send-now was queued) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.woken = true;
    else this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) return;
      this.woken = false;
      this.running = this.tick()
        .then(
          () => undefined,
          (err) =>
            this.app.databaseOutage.backgroundFailed(err, () =>
              this.app.log.error({ err }, 'subscription delivery failed'),
            ),
        )
        .finally(() => {
          this.running = null;
          this.schedule(this.woken ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  /** Schedules the due slots, then sends every claimable delivery; the number of deliveries handled. */
  async tick(): Promise<number> {
    await failStaleDeliveries(this.app.db, SUBSCRIPTION_LIMITS.maxAttempts, DELIVERY_MESSAGES.stale);
    while ((await this.scheduleDue()) === SCHEDULE_BATCH) {
      // A full batch: more may be due.
    }
    let handled = 0;
    for (;;) {
      const n = await this.deliverGroup();
      // None waiting, or another runner took the group first: it is at work, look again at the next poll.
      if (n === 0) return handled;
      handled += n;
    }
  }

  /** Turns one batch of due subscriptions into deliveries; how many subscriptions it took. */
  async scheduleDue(): Promise<number> {
    const { db, config, bi } = this.app;
    // Power BI refreshes its dataset itself: its refresh history says when data last came (asked only
    // when a due slot depends on it), and when it cannot say, a slot is sent rather than skipped.
    let powerBiData: Date | null | undefined;
    if (bi.dataRefreshedAt) powerBiData = (await dueAwaitsNewData(db)) ? await bi.dataRefreshedAt() : null;
    return db.transaction(async (tx) => {
      const due = await claimDueSubscriptions(tx, SCHEDULE_BATCH);
      const slots = due.map((s) => {
        const dataAsOf = powerBiData === undefined ? s.data_as_of : powerBiData;
        const unknown = powerBiData === null;
        return {
          subscriptionId: s.id,
          slot: s.next_run_at!,
          // Skipped when asked and no refresh brought data newer than the last send.
          skipped:
            s.skip_without_new_data &&
            !unknown &&
            s.last_sent_at !== null &&
            !(dataAsOf !== null && dataAsOf > s.last_sent_at),
        };
      });
      await insertDeliveries(tx, await slotDeliveries(tx, config, slots));
      for (const s of due) {
        // One slot per pass: an instance that was down for days sends the latest missed slot once.
        const from = new Date(Math.max(Date.now(), s.next_run_at!.getTime()));
        await setNextRun(tx, s.id, nextSlotAfter(scheduleOf(s), from));
      }
      return due.length;
    });
  }

  /**
   * Claims the deliveries of the next report and slot and sends them; how many it claimed (0 when none
   * is waiting or another runner took them first).
   */
  async deliverGroup(): Promise<number> {
    const { db } = this.app;
    const { maxAttempts } = SUBSCRIPTION_LIMITS;
    const group = await nextGroup(db, maxAttempts);
    if (!group) return 0;
    const ids = await claimGroup(db, this.owner, this.leaseMs, maxAttempts, group);
    if (ids.length === 0) return 0;
    const renew = setInterval(
      () => {
        renewLeases(db, ids, this.owner, this.leaseMs).catch((err) =>
          this.app.log.warn({ err }, 'subscription delivery leases not renewed'),
        );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    try {
      const deliveries = await this.recipientsStillThere(await claimedDeliveries(db, ids, this.owner));
      const first = deliveries[0];
      if (!first) return ids.length;
      let report: MailedReport;
      try {
        report = await this.render(first.organisation_id, first.report_id);
      } catch (err) {
        this.app.log.error({ err, reportId: first.report_id }, 'report not drawn for its subscriptions');
        // A reason meant for members (the report cannot be exported) is shown as it is.
        const reason = err instanceof HttpError ? err.message : DELIVERY_MESSAGES.renderFailed;
        for (const d of deliveries) await this.failed(d, reason, null);
        return ids.length;
      }
      const key = await unsubscribeKey(db);
      // One mail session for the group: its mails share a connection to the mail server.
      const mail = await openMailSession(this.app.config);
      try {
        for (const d of deliveries)
          await this.send(mail, d, report, unsubscribeToken(key, d.subscription_id, d.user_id!));
      } finally {
        mail?.close();
      }
      return ids.length;
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * The deliveries whose recipients still receive the report: members of the organisation (or an
   * administrator working in it), not unsubscribed, not on its suppression list, and with a confirmed
   * address (or an older account's grace). The others are skipped with the reason; those no longer in
   * the organisation are dropped from the subscription.
   */
  private async recipientsStillThere(deliveries: ClaimedDelivery[]): Promise<ClaimedDelivery[]> {
    const { db, config } = this.app;
    const first = deliveries[0];
    if (!first) return [];
    const userIds = deliveries.flatMap((d) => (d.user_id === null ? [] : [d.user_id]));
    const standings = await recipientStandings(db, first.organisation_id, userIds);
    const mustConfirm = confirmationApplies(config);
    const kept: ClaimedDelivery[] = [];
    for (const d of deliveries) {
      const standing = d.user_id === null ? undefined : standings.get(d.user_id);
      if (d.user_id === null || d.recipient_id === null) {
        await markSkipped(db, d.id, this.owner, DELIVERY_MESSAGES.notRecipient);
      } else if (!standing || !(standing.member || standing.adminHere)) {
        await markSkipped(db, d.id, this.owner, DELIVERY_MESSAGES.leftOrganisation);
        await dropRecipient(db, d.subscription_id, d.user_id);
      } else if (d.unsubscribed_at !== null) {
        await markSkipped(db, d.id, this.owner, DELIVERY_MESSAGES.unsubscribed);
      } else if (d.suppressed) {
        await markSkipped(db, d.id, this.owner, SUPPRESSED, 'suppressed');
      } else if (mustConfirm && !standing.verified && !standing.inGrace) {
        await markSkipped(db, d.id, this.owner, DELIVERY_MESSAGES.unconfirmed);
      } else {
        kept.push(d);
      }
    }
    return kept;
  }

  private async send(mail: MailSession | null, d: ClaimedDelivery, report: MailedReport, token: string) {
    const { db, config, log } = this.app;
    try {
      const message = subscriptionMessage(config, {
        to: d.email,
        messageId: d.message_id,
        reportId: d.report_id,
        reportName: d.report_name,
        organisationName: d.organisation_name,
        unsubscribeToken: token,
        report,
      });
      if (!mail) {
        await this.failed(d, SUBSCRIPTION_MESSAGES.noSmtp, null);
        return;
      }
      await mail.send(message);
    } catch (err) {
      // The mail server's words may name its setup or other addresses: members read a reason written
      // for them, administrators the server's own text.
      await this.failed(
        d,
        SUBSCRIPTION_MESSAGES.mailRefused,
        err instanceof Error ? err.message : String(err),
      );
      return;
    }
    // The mail server has it. Should this instance die before the commit, the lease runs out and
    // another worker sends it again: the same Message-ID makes it the same message.
    if (!(await db.transaction((tx) => markSent(tx, d, this.owner)))) {
      log.warn({ deliveryId: d.id }, 'subscription mail sent after its lease ran out; it will be sent again');
    }
  }

  private async failed(d: ClaimedDelivery, error: string, detail: string | null) {
    const final = d.attempts >= SUBSCRIPTION_LIMITS.maxAttempts;
    const retryInMs = Math.min(MAX_RETRY_MS, this.retryBaseMs * 2 ** (d.attempts - 1));
    await markFailed(this.app.db, d.id, this.owner, {
      error: error.slice(0, 500),
      detail: detail?.slice(0, 500) ?? null,
      retryInMs,
      final,
    });
  }
}
