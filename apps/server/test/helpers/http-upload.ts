import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One row of the student template, numbered. */
export function studentRow(i: number, prefix = 'S'): string {
  return `${prefix}${i},Student number ${i},${i % 2 ? 'Female' : 'Male'},Grade ${i % 12},Yes,${i % 100},2025-01-0${(i % 9) + 1}\n`;
}

/** `count` template rows from `from`, as one string. */
export function studentRows(from: number, count: number, prefix = 'S'): string {
  let text = '';
  for (let i = from; i < from + count; i++) text += studentRow(i, prefix);
  return text;
}

/**
 * An upload sent over real HTTP, as slowly as the test likes: the multipart head is sent at once,
 * then whatever the test writes; `end` closes the body and `destroy` drops the connection.
 */
export function openUpload(port: number, token: string, fileName = 'slow.csv') {
  const boundary = 'slowboundary0123';
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/server/upload-excel',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  req.on('error', () => {});
  const response = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
  });
  response.catch(() => {});
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="${fileName}"\r\n\r\n`,
  );
  return {
    response,
    async write(text: string | Buffer) {
      if (!req.write(text)) await new Promise((r) => req.once('drain', r));
    },
    end() {
      req.end(`\r\n--${boundary}--\r\n`);
    },
    destroy() {
      req.destroy();
    },
  };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function until(check: () => Promise<boolean>, timeoutMs = 20_000, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
