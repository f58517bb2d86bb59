import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app';

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartBody(fileName: string, content: Buffer | string, field = 'excelFile') {
  const boundary = `----insightra${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/server/upload-excel through app.inject, with one file and the caller's `auth` headers. */
export function injectUpload(
  app: App,
  auth: Record<string, string>,
  fileName: string,
  content: Buffer | string,
) {
  const { payload, headers } = multipartBody(fileName, content);
  return app.inject({
    method: 'POST',
    url: '/api/server/upload-excel',
    payload,
    headers: { ...headers, ...auth },
  });
}

export const HEADER = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on';

/** CSV text from rows of cells. */
export function csv(rows: (string | number)[][], header = HEADER): string {
  return `${[header, ...rows.map((r) => r.join(','))].join('\n')}\n`;
}
