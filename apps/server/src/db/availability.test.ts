import { describe, expect, it } from 'vitest';
import { DatabaseOutage, isDatabaseUnavailable, markConnectionError } from './availability';

const withCode = (message: string, props: Record<string, unknown>) =>
  Object.assign(new Error(message), props);

describe('isDatabaseUnavailable', () => {
  it('recognises a server shutting down, starting up or refusing connections', () => {
    expect(
      isDatabaseUnavailable(
        withCode('terminating connection due to administrator command', { code: '57P01' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', { code: '57P03' }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = withCode('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all addresses failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
  });

  it('tells a broken database connection from a client dropping its own request', () => {
    const clientGone = withCode('aborted', { code: 'ECONNRESET' });
    expect(isDatabaseUnavailable(clientGone)).toBe(false);
    const fromPg = withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' });
    markConnectionError(fromPg);
    expect(isDatabaseUnavailable(fromPg)).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Internal'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('DatabaseOutage', () => {
  it('logs once per outage and once when the database is back', async () => {
    const lines: string[] = [];
    let up = false;
    const log = {
      warn: (_: object, m: string) => lines.push(m),
      info: (_: object, m: string) => lines.push(m),
    };
    const outage = new DatabaseOutage(
      async () => {
        if (!up) throw new Error('still down');
      },
      log,
      10,
    );
    for (let i = 0; i < 50; i++) outage.report(new Error('Connection terminated unexpectedly'));
    expect(outage.down).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toEqual(['database unavailable: answering 503 until it returns']);
    up = true;
    for (let i = 0; i < 50 && outage.down; i++) await new Promise((r) => setTimeout(r, 10));
    expect(outage.down).toBe(false);
    expect(lines).toEqual([
      'database unavailable: answering 503 until it returns',
      'database available again',
    ]);
    outage.report(new Error('Connection terminated unexpectedly'));
    expect(lines.length).toBe(3);
    outage.stop();
  });

  it("folds background work's failures during an outage into the outage's one line; others are the work's own", () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, m: string) => lines.push(m),
      info: (_: object, m: string) => lines.push(m),
    };
    const outage = new DatabaseOutage(() => new Promise(() => {}), log, 60_000);
    const own: string[] = [];
    for (const task of ['retention', 'sweep', 'prune sessions', 'prune limits'])
      outage.backgroundFailed(
        Object.assign(new Error('down'), { code: 'ECONNREFUSED', syscall: 'connect' }),
        () => own.push(task),
      );
    outage.backgroundFailed(new Error('relation "x" does not exist'), () => own.push('a real fault'));
    expect(lines).toEqual(['database unavailable: answering 503 until it returns']);
    expect(own).toEqual(['a real fault']);
    outage.stop();
  });
});
