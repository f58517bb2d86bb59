import multipart from '@fastify/multipart';
import { api, EDUCATION, type IndustrySlug, UPLOAD_FIELD } from '@insightra/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { fileContent, fileInfo } from '../../lib/file-store';
import { badRequest, gone, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { ownerOf } from '../organisations/scope';
import { organisationDeclaration } from '../sectors/repository';
import { ingestUpload, tooLarge } from './ingest';
import { slotsFor } from './load';
import { listActivity, purgeUploads, uploadFileId } from './repository';
import { startRetention } from './retention';
import { organisationStorage } from './storage-repository';
import { templateCsv, templateXlsx } from './template';

/** Room for the multipart boundary and part headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/** Uploads, their history, downloads and purge (docs/PRODUCT.md#api-routes /server/*). */
export async function registerUploadRoutes(app: FastifyInstance) {
  const { config } = app;
  const maxBytes = config.uploads.maxBytes;
  const slots = slotsFor(app.db, config);
  app.metrics.setUploadSource(() => slots.load());
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, headerPairs: 50, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  // A declared length over the limit is answered before a byte of the body is read.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== api.uploads.upload.path) return;
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes + ENVELOPE_BYTES) {
      const err = tooLarge(config);
      (err.headers as Record<string, string>).connection = 'close';
      throw err;
    }
  });

  addRoute(app, api.uploads.upload, async ({ request, caller }) => {
    if (!request.isMultipart())
      throw badRequest(`Send the file as multipart/form-data in the field ${UPLOAD_FIELD}`);
    const part = await request.file();
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      part?.file.resume();
      throw badRequest(`Attach the file in the form field ${UPLOAD_FIELD}`);
    }
    const length = Number(request.headers['content-length']);
    const result = await ingestUpload(
      { db: app.db, config, slots, log: request.log },
      {
        userId: caller.userId,
        organisationId: ownerOf(caller),
        ...(Number.isFinite(length) ? { declaredBytes: length } : {}),
      },
      part,
    );
    return {
      success: true as const,
      message: `Processed ${result.totalRowsProcessed} rows: ${result.totalRecordsInserted} inserted, ${result.totalRecordsFailed} rejected`,
      ...result,
    };
  });

  addRoute(app, api.uploads.storage, async ({ caller }) => {
    const limitBytes = config.uploads.organisationMaxBytes;
    const storage = caller.scope ? await organisationStorage(app.db, caller.scope.id) : undefined;
    return { success: true as const, data: { usedBytes: Number(storage?.used_bytes ?? 0), limitBytes } };
  });

  addRoute(app, api.uploads.activity, async ({ caller }) => ({
    success: true as const,
    // A member without an organisation yet has no activity.
    data: caller.scope ? await listActivity(app.db, caller.scope.id) : [],
  }));

  addRoute(app, api.uploads.purge, async ({ caller, params }) => {
    const ids = [...new Set(params.id.split(',').map(Number))].filter((n) => n > 0 && n <= 2 ** 31 - 1);
    const deletedCount = ids.length ? await purgeUploads(app.db, ownerOf(caller), ids) : 0;
    return {
      success: true as const,
      message: deletedCount ? `Deleted ${deletedCount} log(s)` : 'No logs were deleted',
      deletedCount,
    };
  });

  const download = async (kind: 'original' | 'rejected', id: number, owner: number, reply: FastifyReply) => {
    const found = await uploadFileId(app.db, owner, id, kind);
    if (!found) throw notFound('Upload not found');
    if (!found.fileId)
      throw notFound(kind === 'rejected' ? 'This upload has no rejected rows' : 'File not found');
    const info = await fileInfo(app.db, found.fileId);
    if (!info?.available) throw gone('File is no longer available (expired or deleted)');
    reply
      .header('content-type', info.contentType)
      .header('content-length', String(info.byteSize))
      .header('content-disposition', contentDisposition(info.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return reply.send(fileContent(app.db, info));
  };

  addRoute(app, api.uploads.originalFile, async ({ caller, params, reply }) =>
    download('original', params.id, ownerOf(caller), reply),
  );
  addRoute(app, api.uploads.rejectedFile, async ({ caller, params, reply }) =>
    download('rejected', params.id, ownerOf(caller), reply),
  );

  // The signed-in member's active organisation's sector's template (Education's without a sector or a session); each
  // workbook is built once.
  const declarationOf = async (caller: { organisation: { id: number } | null } | null) =>
    caller ? organisationDeclaration(app.db, caller.organisation?.id ?? null) : EDUCATION;
  const xlsx = new Map<IndustrySlug, Promise<Buffer>>();
  addRoute(app, api.uploads.templateCsv, async ({ caller, reply }) => {
    const declaration = await declarationOf(caller);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('insightra-upload-template.csv'))
      .send(templateCsv(declaration.upload));
  });
  addRoute(app, api.uploads.templateXlsx, async ({ caller, reply }) => {
    const declaration = await declarationOf(caller);
    let book = xlsx.get(declaration.slug);
    if (!book) {
      book = templateXlsx(declaration.upload);
      xlsx.set(declaration.slug, book);
    }
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('insightra-upload-template.xlsx'))
      .send(await book);
  });

  startRetention(app);
}
