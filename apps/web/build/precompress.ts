import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml)$/;

/** Writes `file.br` and `file.gz` beside a text file worth compressing (1 kB or more). */
export function compressFile(file: string) {
  const content = readFileSync(file);
  if (content.length < 1024) return;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/**
 * Writes `.br` and `.gz` beside each text asset after the build, so the server sends them ready-made
 * (@fastify/static `preCompressed`) instead of compressing on every request or sending them raw.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'insightra-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The bundler calls this after a failed build too: leave the stage to the real error.
      if (!existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) if (COMPRESSIBLE.test(file)) compressFile(file);
    },
  };
}
