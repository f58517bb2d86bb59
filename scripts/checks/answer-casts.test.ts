import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSWER_TYPING_FILES, answerCasts } from './answer-casts';
import { repoFiles, repoRoot } from './repo-files';

/** The web's own code; its tests build answers to hand to a fake server, which is not reading one. */
const WEB_SOURCES = /^apps\/web\/src\/.*\.tsx?$/;
const WEB_TESTS = /\.test\.tsx?$|\/test\/|\/testing\/|test-utils\.tsx?$/;

describe('answer casts', () => {
  it('the web never casts an API answer: the typed client types each from its contract route', () => {
    const files = repoFiles().filter((f) => WEB_SOURCES.test(f) && !WEB_TESTS.test(f));
    expect(files.length).toBeGreaterThan(100);
    const casts = files
      .filter((f) => !ANSWER_TYPING_FILES.has(f))
      .flatMap((f) => answerCasts(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(casts.join('\n')).toBe('');
  });

  it('finds each way of casting an answer, and leaves other casts alone', () => {
    const planted = `
      const a = (await apiRequest(api.auth.me)) as { user: User };
      const b = (await apiRequest(api.auth.me)).data as unknown as Other;
      const res = await fetch('/api/x');
      const c = (await res.json()) as { status?: string };
      const body = JSON.parse(xhr.responseText);
      resolve(body as UploadAnswer);
      apiRequest(api.issues.contact, { body }).then((r) => r as { message: string });
      const d = <Thing>(await apiFetch(api.bi.health));
      const fine = ['a', 'b'] as const;
      const keys = Object.keys(found) as (keyof Fields)[];
      const el = document.getElementById('x') as HTMLElement;
      const saved = JSON.parse(raw) as T;
    `;
    expect(answerCasts('planted.ts', planted).map((c) => c.slice(c.indexOf(': ') + 2))).toEqual([
      '(await apiRequest(api.auth.me)) as { user: User }',
      '(await apiRequest(api.auth.me)).data as unknown as Other',
      '(await res.json()) as { status?: string }',
      'body as UploadAnswer',
      'r as { message: string }',
      '<Thing>(await apiFetch(api.bi.health))',
    ]);
  });
});
