// Types of required-externals.mjs, for the tests that use it (build.mjs runs it as plain JavaScript).
import type { Metafile, Plugin } from 'esbuild';

export function requiredExternals(externals: readonly string[]): Plugin;
export function assertNoDynamicImports(metafile: Metafile, output: string): void;
