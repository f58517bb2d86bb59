import { z } from 'zod';
import { INDUSTRIES } from './constants';
import { defineRoute, IntId } from './http';

/*
 * Reports leave the portal (docs/PRODUCT.md, "Exports and subscriptions"): a report tab exported as a
 * file, and subscriptions that e-mail it on a schedule.
 */

export const EXPORT_FORMATS = ['pdf', 'xlsx', 'csv', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Formats of one chart (they need `chart`); the others export the whole report. */
export const CHART_EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'png'];

export const EXPORT_LIMITS = {
  /** A PDF's detail tables stop here and say how many more rows the XLSX holds. */
  pdfTableRows: 1000,
  /** Exports running at once per instance, unless EXPORT_WORKERS says otherwise. */
  defaultWorkers: 2,
  /** One member's exports running at once, across all instances. */
  perMemberAtOnce: 2,
  /** One member's exports started in any minute, across all instances. */
  perMemberPerMinute: 60,
} as const;

export const EXPORT_MESSAGES = {
  busy: 'Too many exports are running; please try again in a few seconds',
  chartRequired: 'Choose a chart to export as CSV or PNG',
  chartNotFound: 'This report has no such chart',
  notExportable: 'This report cannot be exported',
  powerBiDataFormats: 'Power BI reports export as PDF or PNG; use the report frame to export data',
  failed: 'The export failed; please try again',
  memberBusy: `You have ${EXPORT_LIMITS.perMemberAtOnce} exports running; please wait for one to finish`,
  memberTooMany: (seconds: number) =>
    `You have started ${EXPORT_LIMITS.perMemberPerMinute} exports in a minute; please try again in ${seconds} seconds`,
  /** Power BI secure-embed mode without an identity for exports (POWERBI_RLS_ROLES or POWERBI_SHARED_DATASET). */
  noIdentity:
    'Exports and e-mailed reports are off on this server: Power BI needs POWERBI_RLS_ROLES, or POWERBI_SHARED_DATASET=true, to export as the organisation',
  moreRows: (shown: number, total: number) =>
    `Showing the first ${shown.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows; the XLSX export holds them all.`,
} as const;

export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be pdf, xlsx, csv or png' }),
  chart: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Chart must be a chart key')
    .optional(),
});

export const exportRoutes = {
  export: defineRoute({
    method: 'GET',
    path: '/api/reports/:id/export',
    tag: 'reports',
    access: 'user',
    permission: 'reports.view',
    file: true,
    summary:
      'A report tab as a file: PDF or XLSX of the whole report, CSV or PNG of one chart (`chart`); 503 with Retry-After when EXPORT_WORKERS exports are running',
    params: z.object({ id: IntId }),
    query: ExportQuery,
  }),
  sectorExport: defineRoute({
    method: 'GET',
    path: '/api/sectors/:sector/export',
    tag: 'sectors',
    access: 'user',
    permission: 'reports.view',
    file: true,
    summary:
      "A sector page's report as a file (the organisation's data for its own sector, the demo data for another), as GET /api/reports/:id/export",
    params: z.object({
      sector: z.enum(
        INDUSTRIES.map((i) => i.slug),
        { error: 'Unknown sector' },
      ),
    }),
    query: ExportQuery,
  }),
} as const;

export const SUBSCRIPTION_CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionCadence = (typeof SUBSCRIPTION_CADENCES)[number];
/** `suppressed`: not sent because the address asked for nothing more from the organisation. */
export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'skipped', 'suppressed'] as const;

export const SUBSCRIPTION_LIMITS = {
  maxRecipients: 20,
  defaultTimeZone: 'Asia/Kolkata',
  /** Attempts of one delivery before it is listed as failed for good. */
  maxAttempts: 5,
  /** Subscriptions one member may have made, and one organisation may have. */
  perMember: 20,
  perOrganisation: 200,
  /** Send-now: once per subscription per 10 minutes, 20 per member per day (across all instances). */
  sendNowEverySeconds: 10 * 60,
  sendNowPerMemberPerDay: 20,
} as const;

export const SUBSCRIPTION_MESSAGES = {
  noSmtp: 'E-mail is not set up on this server (SMTP_URL), so reports cannot be sent by e-mail yet',
  tooManyRecipients: `At most ${SUBSCRIPTION_LIMITS.maxRecipients} recipients`,
  /** One answer for every refused recipient, whether the id exists or not. */
  recipientOutside: 'Every recipient must be a member of this organisation with a confirmed e-mail address',
  othersNeedEditor: 'Viewers can subscribe only themselves',
  notYours: 'Only its creator or an owner can change this subscription',
  notFound: 'Subscription not found',
  reportNotFound: 'Report not found',
  created: 'Subscription created',
  updated: 'Subscription updated',
  deleted: 'Subscription deleted',
  queued: 'The report will be sent in a moment',
  unsubscribed: 'You will no longer receive this report',
  unsubscribeInvalid: 'This unsubscribe link is no longer valid',
  unsubscribedOrganisation: (organisation: string) =>
    `You will receive no more e-mail from ${organisation} on this site`,
  tooManyForMember: `You can have at most ${SUBSCRIPTION_LIMITS.perMember} subscriptions; delete one first`,
  tooManyForOrganisation: `An organisation can have at most ${SUBSCRIPTION_LIMITS.perOrganisation} subscriptions; delete one first`,
  sendNowTooSoon: (seconds: number) =>
    `This report was sent a moment ago; you can send it again in ${Math.max(1, Math.ceil(seconds / 60))} minutes`,
  sendNowTooMany: (seconds: number) =>
    `You have sent reports ${SUBSCRIPTION_LIMITS.sendNowPerMemberPerDay} times today; please try again in ${Math.max(1, Math.ceil(seconds / 3600))} hours`,
  /** What a member reads of a delivery the mail server refused (administrators read the server's text). */
  mailRefused: 'The mail server refused the message',
  weekdayRequired: 'Choose the day of the week',
  monthDayRequired: 'Choose the day of the month',
  timeZoneInvalid: 'Unknown time zone',
} as const;

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)');
const TimeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: SUBSCRIPTION_MESSAGES.timeZoneInvalid },
  );

const Schedule = {
  cadence: z.enum(SUBSCRIPTION_CADENCES, { error: 'Cadence must be daily, weekly or monthly' }),
  /** Weekly: 1 = Monday … 7 = Sunday. */
  weekday: z.number().int().min(1).max(7).nullable().optional(),
  /** Monthly: 1–31 (a shorter month sends on its last day). */
  monthDay: z.number().int().min(1).max(31).nullable().optional(),
  time: TimeOfDay,
  timeZone: TimeZone.default(SUBSCRIPTION_LIMITS.defaultTimeZone),
  /** Skip a slot when no refresh brought new data since the last send. */
  skipWithoutNewData: z.boolean().default(false),
};

const Recipients = z
  .array(IntId)
  .min(1, 'Choose at least one recipient')
  .max(SUBSCRIPTION_LIMITS.maxRecipients, SUBSCRIPTION_MESSAGES.tooManyRecipients);

const needsDay = <T extends { cadence?: string; weekday?: number | null; monthDay?: number | null }>(b: T) =>
  (b.cadence !== 'weekly' || b.weekday != null) && (b.cadence !== 'monthly' || b.monthDay != null);

export const NewSubscription = z
  .strictObject({ reportId: IntId, recipients: Recipients.optional(), ...Schedule })
  .refine(needsDay, { message: 'Choose the day the report is sent', path: ['weekday'] });

export const SubscriptionChange = z
  .strictObject({
    recipients: Recipients.optional(),
    cadence: Schedule.cadence.optional(),
    weekday: Schedule.weekday,
    monthDay: Schedule.monthDay,
    time: TimeOfDay.optional(),
    timeZone: TimeZone.optional(),
    skipWithoutNewData: z.boolean().optional(),
    paused: z.boolean().optional(),
  })
  .refine(needsDay, { message: 'Choose the day the report is sent', path: ['weekday'] });

const Person = z.object({ id: z.number().int(), name: z.string() });

export const Subscription = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  reportName: z.string(),
  createdBy: Person.nullable(),
  recipients: z.array(Person.extend({ email: z.string().nullable() })),
  cadence: z.enum(SUBSCRIPTION_CADENCES),
  weekday: z.number().int().nullable(),
  monthDay: z.number().int().nullable(),
  time: z.string(),
  timeZone: z.string(),
  skipWithoutNewData: z.boolean(),
  paused: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** The reason of the latest failed delivery not yet sent since. */
  lastError: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Delivery = z.object({
  id: z.number().int(),
  slot: z.string(),
  /** The address only while the recipient is a member of the organisation. */
  recipient: z.object({ id: z.number().int().nullable(), email: z.string().nullable() }),
  status: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  messageId: z.string(),
});
export type Delivery = z.infer<typeof Delivery>;

const SubscriptionParams = z.object({ id: IntId });
const UnsubscribeParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Invalid unsubscribe link'),
});
/** `organisation`: everything from the subscription's organisation, now and later (the suppression list). */
// A one-click client's form post, or no body at all, reaches the handler as nothing (null or undefined).
const UnsubscribeBody = z
  .strictObject({ scope: z.literal('organisation', { error: "scope must be 'organisation'" }).optional() })
  .nullish();
const one = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ subscription: Subscription }),
});

export const subscriptionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/subscriptions',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    summary: "The active organisation's subscriptions the caller made or receives (all of them for owners)",
    response: z.object({
      success: z.literal(true),
      data: z.object({ subscriptions: z.array(Subscription), emailEnabled: z.boolean() }),
    }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/subscriptions',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    status: 201,
    summary: 'Subscribe a report tab for e-mail delivery (others than oneself: owners and editors)',
    body: NewSubscription,
    response: one,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/subscriptions/:id',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    summary: 'Change, pause or resume a subscription (its creator or an owner)',
    params: SubscriptionParams,
    body: SubscriptionChange,
    response: one,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/subscriptions/:id',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    summary: 'Delete a subscription (its creator or an owner)',
    params: SubscriptionParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  sendNow: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/:id/send-now',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    summary: 'Send the report to its recipients now (its creator or an owner)',
    params: SubscriptionParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/:id/deliveries',
    tag: 'subscriptions',
    access: 'user',
    permission: 'reports.view',
    summary: "A subscription's latest deliveries, failures with their reason",
    params: SubscriptionParams,
    response: z.object({ success: z.literal(true), data: z.object({ deliveries: z.array(Delivery) }) }),
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/unsubscribe/:token',
    tag: 'subscriptions',
    access: 'none',
    summary:
      "One-click unsubscribe from a mail's link (RFC 8058), without signing in; `{scope: 'organisation'}`: no more mail of any kind from its organisation",
    params: UnsubscribeParams,
    body: UnsubscribeBody,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  unsubscribeInfo: defineRoute({
    method: 'GET',
    path: '/api/unsubscribe/:token',
    tag: 'subscriptions',
    access: 'none',
    summary: 'What an unsubscribe link is for: the report, its organisation, and what was already done',
    params: UnsubscribeParams,
    response: z.object({
      success: z.literal(true),
      data: z.object({
        reportName: z.string(),
        organisationName: z.string(),
        unsubscribed: z.boolean(),
        organisationUnsubscribed: z.boolean(),
      }),
    }),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/subscriptions',
    tag: 'admin',
    access: 'admin',
    summary: 'Subscriptions of every organisation; `failing=true`: those whose latest delivery failed',
    query: z.object({ failing: z.enum(['true', 'false']).optional() }),
    response: z.object({
      success: z.literal(true),
      data: z.object({
        subscriptions: z.array(
          Subscription.extend({ organisation: z.object({ id: z.number().int(), name: z.string() }) }),
        ),
      }),
    }),
  }),
} as const;
