import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILT = path.join(ROOT, '.tmp', 'bench-ingest-server', 'server.js');
export const SECRET = 'bench-secret-that-is-long-enough-0123456789abc';
export const HEADER = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on';

const GRADES = ['Grade 6', 'Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'];
const NAMES = ['Aarav', 'Diya', 'Vivaan', 'Ananya', 'Ishaan', 'Saanvi', 'Kabir', 'Myra'];

/** One template row, deterministic in `i`. */
export function rowCells(i: number): [string, string, string, string, string, number, Date] {
  return [
    `STU-${String(i).padStart(7, '0')}`,
    `${NAMES[i % NAMES.length]} ${['Sharma', 'Iyer', 'Khan', 'Das'][i % 4]} ${i}`,
    i % 2 ? 'Female' : 'Male',
    GRADES[i % GRADES.length]!,
    i % 3 ? 'Yes' : 'No',
    (i * 37) % 101,
    new Date(Date.UTC(2020 + (i % 6), i % 12, (i % 28) + 1)),
  ];
}

export async function writeCsv(file: string, rows: number) {
  const out = createWriteStream(file);
  out.write(`${HEADER}\n`);
  let buf = '';
  for (let i = 1; i <= rows; i++) {
    const c = rowCells(i);
    buf += `${c[0]},${c[1]},${c[2]},${c[3]},${c[4]},${c[5]},${c[6].toISOString().slice(0, 10)}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'close');
}

/** Bundles the server into .tmp/bench-ingest-server with the project's own build script. */
export function buildServer() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'apps', 'server'),
    env: { ...process.env, SERVER_OUT_DIR: path.dirname(BUILT) },
    stdio: 'inherit',
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  port: number;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // The bundled server (as in production) when built; otherwise the sources through tsx.
  const args = existsSync(BUILT) ? [BUILT] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: SECRET,
      UPLOAD_MAX_MB: '200',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (
      await fetch(`http://127.0.0.1:${port}/api/server/template.csv`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, port };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

export async function stopServer(server: Server) {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await once(server.child, 'exit');
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** CPU time (user and system, in seconds) a process has used so far, its ended threads' included. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Streams `file` as a multipart upload; resolves with the JSON answer, the time, the peak RSS and the
 * server's CPU time during the upload (its parser's thread, its own and, on PGlite, the database's).
 */
export async function uploadFile(server: Server, token: string, file: string) {
  const boundary = 'benchboundary0123456789';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const pid = server.child.pid!;
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const body = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/server/upload-excel',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(text) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const src = createReadStream(file);
    src.pipe(req, { end: false });
    src.on('end', () => req.end(tail));
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  clearInterval(sampler);
  return { result: JSON.parse(body), seconds, idleMb: idle, peakMb: peak, cpu };
}

export function psql(db: string, command: string): number {
  const started = performance.now();
  execFileSync(
    'psql',
    ['-h', '127.0.0.1', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q', db, '-c', command],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return (performance.now() - started) / 1000;
}
