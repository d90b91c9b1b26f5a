import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../i18n/messages.ts';

/** Vite's hashed file names (`assets/index-CeUWlKtp.js`): their content never changes. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)+$/;

/**
 * Cache policy of the built app (issue 18): hashed assets are cached for a year and never
 * revalidated; everything else — index.html above all, which names the current assets — is
 * revalidated on every use.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The built web app, with index.html for every other GET that asks for a page (SPA routes). The
 * build writes a brotli (.br) and a gzip (.gz) copy beside each compressible file; the variant the
 * request's Accept-Encoding allows is sent, with `Vary: Accept-Encoding`.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      // The path is the file sent, e.g. `assets/index-CeUWlKtp.js.br` for its brotli copy.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|websocket)(\/|$|\?)/i.test(req.url);
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsPage && hasWeb) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ errors: [{ message: messages.notFound }] });
  });
}
