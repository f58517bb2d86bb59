import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import {
  api,
  firstIssueReportError,
  IssueReportFields,
  isStorableText,
  LIMITS,
  MESSAGES,
} from '@insightra/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storeFile } from '../../lib/file-store';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { unstorableField } from '../../plugins/input-guard';
import { sniffImage } from './image-sniff';
import { insertIssueReport } from './issues-repository';
import { mailIssueReport } from './mailer';

const FIELD_NAMES = new Set(['name', 'email', 'subject', 'issueType', 'issueTypeOther', 'description']);

interface Screenshot {
  fileName: string;
  content: Buffer;
}

/** Reads the form: text fields into a record, the one optional screenshot into memory (size-capped). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the report as multipart/form-data');
  const fields: Record<string, string> = {};
  let screenshot: Screenshot | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'screenshot' || screenshot) {
        part.file.resume();
        throw badRequest('Only one file, named screenshot, may be attached');
      }
      const content = await readCapped(part);
      // An empty file input still sends a part with no name and no bytes: treat it as no screenshot.
      if (content.length > 0) screenshot = { fileName: safeName(part.filename), content };
    } else if (FIELD_NAMES.has(part.fieldname)) {
      const value = String(part.value ?? '');
      if (!isStorableText(value)) throw unstorableField([part.fieldname]);
      fields[part.fieldname] = value;
    }
  }
  return { fields, screenshot };
}

async function readCapped(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) {
    throw payloadTooLarge(`The screenshot is larger than ${LIMITS.screenshotMaxBytes / (1024 * 1024)} MB`);
  }
  return Buffer.concat(chunks);
}

function safeName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'screenshot';
}

/** POST /api/server/report-issue: the public issue form (docs/PRODUCT.md#issue-reports). */
export async function registerReportIssueRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.screenshotMaxBytes,
      files: 1,
      fields: 10,
      fieldSize: LIMITS.issueDescriptionMax * 4,
      parts: 12,
    },
    // Over-long files are reported by `truncated`, so the handler answers 413 itself.
    throwFileSizeLimit: false,
  });

  addRoute(app, api.issues.report, async ({ request, caller }) => {
    const { fields, screenshot } = await readForm(request);
    const problem = firstIssueReportError(fields);
    if (problem) throw badRequest(problem);
    const report = IssueReportFields.parse(fields);
    const image = screenshot ? sniffImage(screenshot.content) : null;
    if (screenshot && !image)
      throw unsupportedMediaType('The screenshot must be a PNG, JPEG, GIF or WebP image');

    const userId = caller?.userId ?? null;
    const issueTypeOther = report.issueType === 'Other' ? (report.issueTypeOther ?? null) : null;
    const id = await app.db.transaction(async (tx) => {
      const fileId =
        screenshot && image
          ? await storeFile(
              tx,
              {
                ownerId: userId,
                purpose: 'issue-screenshot',
                fileName: screenshot.fileName,
                contentType: image.type,
              },
              screenshot.content,
            )
          : null;
      return insertIssueReport(tx, {
        user_id: userId,
        name: report.name,
        email: report.email ?? null,
        subject: report.subject,
        issue_type: report.issueType,
        issue_type_other: issueTypeOther,
        description: report.description,
        screenshot_file_id: fileId,
      });
    });

    await mailIssueReport(app.config, request.log, {
      id,
      ...report,
      issueTypeOther: issueTypeOther ?? undefined,
      screenshot:
        screenshot && image
          ? { fileName: screenshot.fileName, contentType: image.type, content: screenshot.content }
          : undefined,
    });
    return { success: true as const, message: MESSAGES.issue.submitted };
  });
}
