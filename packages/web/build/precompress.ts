import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ttf|otf|webmanifest)$/;

export interface Compressed {
  file: string;
  size: number;
  br: number;
  gzip: number;
}

/** Writes `file.br` (brotli, best) and `file.gz` (gzip -9) beside `file`, each only if smaller. */
export async function compressFile(file: string): Promise<Compressed> {
  const content = await fs.readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: file.endsWith('.ttf')
          ? constants.BROTLI_MODE_FONT
          : constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
  if (gzipped.length < content.length) await fs.writeFile(`${file}.gz`, gzipped);
  return {
    file,
    size: content.length,
    br: Math.min(br.length, content.length),
    gzip: Math.min(gzipped.length, content.length),
  };
}

/**
 * Precompression at build (issue 18): every compressible file of the output gets its brotli and
 * gzip copies, which the server sends by Accept-Encoding (`@fastify/static` `preCompressed`), so
 * no request pays for compressing.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'talkbase-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((name) => path.join(outDir, name))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}
