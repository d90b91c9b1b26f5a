import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Responses smaller than this go as they are: compressing them saves little and costs a step. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compressed API answers (issue 18): brotli at quality 4 or gzip, by Accept-Encoding, for
 * compressible types over 1 KB. A 50-row grid page of the demo's tickets is 127 KB of JSON and
 * 5.4 KB in brotli-4, compressed in about 0.4 ms; 300 rows, 764 KB → 23 KB in about 2 ms
 * (docs/decisions.md). Responses already encoded (the web app's precompressed files) are left
 * alone. Registered before the routes: the plugin attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
