import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { sendMail } from '../../lib/mail';

export interface IssueMail {
  id: number;
  name: string;
  email?: string | undefined;
  subject: string;
  issueType: string;
  issueTypeOther?: string | undefined;
  description: string;
  screenshot?: { fileName: string; contentType: string; content: Buffer } | undefined;
}

/**
 * Mails a stored report to ISSUES_EMAIL when SMTP_URL is set. The report is already committed, so a
 * failure here is logged and swallowed: the database is the record, the mail only a notification.
 */
export async function mailIssueReport(config: Config, log: FastifyBaseLogger, report: IssueMail) {
  const { url, issuesEmail } = config.smtp;
  if (!url || !issuesEmail) return false;
  const type =
    report.issueType === 'Other' && report.issueTypeOther
      ? `Other: ${report.issueTypeOther}`
      : report.issueType;
  try {
    await sendMail(config, {
      to: issuesEmail,
      ...(report.email ? { replyTo: report.email } : {}),
      // No visitor-written text in a subject (docs/SECURITY.md): the report's own words go in the body.
      subject: `${config.site.name}: issue report #${report.id}`,
      text: [
        `Issue #${report.id}`,
        `From: ${report.name}${report.email ? ` <${report.email}>` : ''}`,
        `Type: ${type}`,
        `Subject: ${report.subject}`,
        '',
        report.description,
      ].join('\n'),
      attachments: report.screenshot
        ? [
            {
              filename: report.screenshot.fileName,
              contentType: report.screenshot.contentType,
              content: report.screenshot.content,
            },
          ]
        : [],
    });
    return true;
  } catch (err) {
    log.error({ err, issueId: report.id }, 'issue report stored but the e-mail could not be sent');
    return false;
  }
}
