import { createHash } from 'node:crypto';
import { formatValue, type ReportKpi } from '@insightra/contract';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../../config';

/** What a subscription's mail shows of its report in its body, and the PDF it attaches. */
export type MailedReport = BuiltinMailedReport | PowerBiMailedReport;

interface MailedPdf {
  pdf: Buffer;
  /** The attachment's name (the report and the date). */
  fileName: string;
  /** "Data as of …", as the PDF says, or when Power BI drew the report. */
  dataAsOf: string;
}

/** A built-in report: its KPI cards in the body. */
export interface BuiltinMailedReport extends MailedPdf {
  kpis: ReportKpi[];
}

/** A Power BI report, whose KPI cards cannot be read: its first page as an image in the body instead. */
export interface PowerBiMailedReport extends MailedPdf {
  /** None: Power BI's cards cannot be read. */
  kpis: [];
  firstPage: { png: Buffer; fileName: string };
}

interface SubscriptionMail {
  to: string;
  messageId: string;
  reportId: number;
  reportName: string;
  organisationName: string;
  unsubscribeToken: string;
  report: MailedReport;
}

/**
 * The Message-ID of one slot's mail to one address, the same at every attempt: a mail server or an
 * inbox that already has it treats a resend (after an instance died between the mail server's
 * acceptance and the database's commit) as the same message.
 */
export function deliveryMessageId(publicUrl: string, subscriptionId: number, slot: Date, email: string) {
  const address = createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex').slice(0, 16);
  const slotSeconds = Math.floor(slot.getTime() / 1000);
  return `<sub-${subscriptionId}.${slotSeconds}.${address}@${new URL(publicUrl).hostname}>`;
}

/** The links a mail carries, always from PUBLIC_URL (never from a request's Host header). */
function mailLinks(publicUrl: string, reportId: number, token: string) {
  return {
    report: `${publicUrl}/dashboard?report=${reportId}`,
    unsubscribePage: `${publicUrl}/unsubscribe/${token}`,
    oneClick: `${publicUrl}/api/unsubscribe/${token}`,
  };
}

const CARDS_PER_ROW = 3;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The KPI cards as an HTML table, three to a row; nothing when there are none. */
function cardsHtml(cards: { label: string; value: string }[]): string {
  const cell = (c: { label: string; value: string }) =>
    `<td style="padding:12px 16px;border:1px solid #E2E8F0;border-radius:8px"><div style="color:#475569;font-size:13px">${escapeHtml(c.label)}</div><div style="color:#0F172A;font-size:22px;font-weight:bold">${escapeHtml(c.value)}</div></td>`;
  const rows: string[] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_ROW) {
    rows.push(
      `<tr>${cards
        .slice(i, i + CARDS_PER_ROW)
        .map(cell)
        .join('')}</tr>`,
    );
  }
  return rows.length ? `<table role="presentation" style="border-spacing:8px">${rows.join('')}</table>` : '';
}

/**
 * The mail of one delivery: "<report> — <organisation>" heading its body (the subject names only the site
 * and the kind of mail: report and organisation names are members' words), the KPI cards as text and as HTML (a Power BI
 * report's first page as an inline image instead), the PDF attached, a link to the report and a
 * one-click unsubscribe (RFC 8058) that works without signing in.
 */
export function subscriptionMessage(config: Config, mail: SubscriptionMail): Omit<SendMailOptions, 'from'> {
  const links = mailLinks(config.publicUrl, mail.reportId, mail.unsubscribeToken);
  const title = `${mail.reportName} — ${mail.organisationName}`;
  const firstPage = 'firstPage' in mail.report ? mail.report.firstPage : null;
  const firstPageCid = `first-page@${new URL(config.publicUrl).hostname}`;
  const cards = mail.report.kpis.map((k) => ({ label: k.label, value: formatValue(k.value, k.format) }));
  const text = [
    title,
    mail.report.dataAsOf,
    '',
    ...(firstPage ? [] : [...cards.map((c) => `${c.label}: ${c.value}`), '']),
    `The full report is attached as a PDF. Open it on ${config.site.name}: ${links.report}`,
    '',
    `You receive this e-mail because you were subscribed to this report. Unsubscribe: ${links.unsubscribePage}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0F172A">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    `<p style="color:#475569;font-size:13px">${escapeHtml(mail.report.dataAsOf)}</p>`,
    firstPage
      ? `<p><img src="cid:${firstPageCid}" alt="${escapeHtml(`First page of ${mail.reportName}`)}" width="600" style="max-width:100%;height:auto;border:1px solid #E2E8F0"></p>`
      : cardsHtml(cards),
    `<p>The full report is attached as a PDF. <a href="${escapeHtml(links.report)}">Open it on ${escapeHtml(config.site.name)}</a>.</p>`,
    `<p style="color:#475569;font-size:12px">You receive this e-mail because you were subscribed to this report. <a href="${escapeHtml(links.unsubscribePage)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('');
  return {
    to: mail.to,
    subject: `Your scheduled report from ${config.site.name}`,
    messageId: mail.messageId,
    text,
    html,
    attachments: [
      { filename: mail.report.fileName, content: mail.report.pdf, contentType: 'application/pdf' },
      ...(firstPage
        ? [
            {
              filename: firstPage.fileName,
              content: firstPage.png,
              contentType: 'image/png',
              cid: firstPageCid,
            },
          ]
        : []),
    ],
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
