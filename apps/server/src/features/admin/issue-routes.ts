import { api, MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { fileContent, fileInfo } from '../../lib/file-store';
import { gone, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { findIssue, issueScreenshotFileId, listIssues, setIssueStatus } from './issues-repository';

const ISSUE_NOT_FOUND = 'Issue report not found';

/**
 * Image types a screenshot may be served as. Anything else is sent as an opaque download so that a
 * stored file can never be rendered as HTML or script in the app's origin.
 */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The issue-report inbox: issue reports and contact messages (docs/PRODUCT.md#issue-inbox). */
export async function registerAdminIssueRoutes(app: FastifyInstance) {
  addRoute(app, api.admin.issues, async ({ query }) => {
    const { issues, total } = await listIssues(app.db, query);
    return {
      success: true as const,
      data: issues,
      pagination: { total, page: query.page, pageSize: query.pageSize },
    };
  });

  addRoute(app, api.admin.issue, async ({ params }) => {
    const issue = await findIssue(app.db, params.id);
    if (!issue) throw notFound(ISSUE_NOT_FOUND);
    return { success: true as const, data: issue };
  });

  addRoute(app, api.admin.issueScreenshot, async ({ params, reply }) => {
    const fileId = await issueScreenshotFileId(app.db, params.id);
    if (fileId === undefined) throw notFound(ISSUE_NOT_FOUND);
    if (fileId === null) throw notFound('This issue report has no screenshot');
    const info = await fileInfo(app.db, fileId);
    if (!info?.available) throw gone(MESSAGES.activity.fileGone);
    const ext = IMAGE_TYPES[info.contentType];
    // The stored file name is the reporter's; a generated one keeps the header free of their input.
    const fileName = `issue-${params.id}-screenshot.${ext ?? 'bin'}`;
    return reply
      .type(ext ? info.contentType : 'application/octet-stream')
      .header('content-length', String(info.byteSize))
      .header('content-disposition', `${ext ? 'inline' : 'attachment'}; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(fileContent(app.db, info));
  });

  addRoute(app, api.admin.setIssueStatus, async ({ params, body }) => {
    const issue = await setIssueStatus(app.db, params.id, body.status);
    if (!issue) throw notFound(ISSUE_NOT_FOUND);
    return {
      success: true as const,
      message: body.status === 'resolved' ? 'Issue marked as resolved' : 'Issue reopened',
      data: issue,
    };
  });
}
