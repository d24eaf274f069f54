import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like files worth compressing (source maps are left as they are: only developers fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|xml|webmanifest|bcmap|pfb|ttf|otf)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside `file` when they are smaller. */
export async function precompressFile(file: string): Promise<{ br: number; gz: number } | null> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return null;
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: /\.(?:wasm|bcmap|pfb|ttf|otf)$/i.test(file)
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  const written = { br: 0, gz: 0 };
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gzipped.length < source.length) {
    await writeFile(`${file}.gz`, gzipped);
    written.gz = gzipped.length;
  }
  return written;
}

/** Precompresses every compressible file of a build folder; returns how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  let count = 0;
  // Two at a time: brotli at quality 11 is CPU-bound.
  for (let i = 0; i < files.length; i += 2) {
    const done = await Promise.all(files.slice(i, i + 2).map(precompressFile));
    count += done.filter(Boolean).length;
  }
  return count;
}

/**
 * After `vite build`: brotli and gzip copies of the web assets beside them, which the server sends to
 * browsers that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ferry:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const count = await precompressDir(outDir);
      config.logger.info(`precompressed ${count} files (.br, .gz) in ${outDir}`);
    },
  };
}
