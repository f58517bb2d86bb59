import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

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
    // Loaded on first use: only instances with SMTP_URL send mail, and start-up should not pay for it.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(url);
    await transport.sendMail({
      from: `${config.site.name} <no-reply@${new URL(url).hostname || 'localhost'}>`,
      to: issuesEmail,
      ...(report.email ? { replyTo: report.email } : {}),
      subject: `[Issue #${report.id}] ${type}: ${report.subject}`,
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
    transport.close();
    return true;
  } catch (err) {
    log.error({ err, issueId: report.id }, 'issue report stored but the e-mail could not be sent');
    return false;
  }
}
