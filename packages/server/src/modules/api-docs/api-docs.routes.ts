import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { VERSION } from '../health/health.routes.ts';
import { buildOpenApi, type OpenApiDocument } from './openapi.ts';

const gzip = promisify(zlib.gzip);
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** The viewer (swagger-ui-dist) is served from node_modules: it never enters the web app's bundle. */
const viewerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const viewerVersion = (require('swagger-ui-dist/package.json') as { version: string }).version;

const assets = {
  'swagger-ui-bundle.js': { file: path.join(viewerDir, 'swagger-ui-bundle.js'), type: 'text/javascript' },
  'swagger-ui.css': { file: path.join(viewerDir, 'swagger-ui.css'), type: 'text/css' },
  'docs-init.js': { file: path.join(here, 'docs-init.js'), type: 'text/javascript' },
} as const;
type AssetName = keyof typeof assets;

const assetParams = z.object({
  file: z.string().max(100).describe(Object.keys(assets).join(', ')),
});
const isAsset = (name: string): name is AssetName => Object.hasOwn(assets, name);

/** The description's own outline (openapi.ts OpenApiDocument); the paths' operations as generated. */
const openApiAnswer = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
    servers: z.array(z.object({ url: z.string() })),
    tags: z.array(z.object({ name: z.string() })),
    paths: z.record(
      z.string(),
      z.record(
        z.string(),
        z.looseObject({
          operationId: z.string(),
          summary: z.string(),
          description: z.string(),
          tags: z.array(z.string()),
          'x-permission': z.enum(['public', 'session', 'admin']),
          'x-response-schema': z.boolean(),
          security: z.array(z.record(z.string(), z.array(z.string()))),
          responses: z.record(z.string(), z.unknown()),
        }),
      ),
    ),
    components: z.object({
      schemas: z.record(z.string(), z.unknown()),
      responses: z.record(z.string(), z.unknown()),
      securitySchemes: z.record(z.string(), z.unknown()),
    }),
  })
  .describe('Um documento OpenAPI 3.1 (https://spec.openapis.org/oas/v3.1.1).');

interface LoadedAsset {
  raw: Buffer;
  gzip: Buffer;
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 description, generated from the route catalogue) and
 * GET /api/docs (a browsable page: Swagger UI, its files served from node_modules by this server).
 * Both are public: the description holds no secret and is what an integrator reads before having a token.
 */
export function registerApiDocsRoutes(app: FastifyInstance, authenticate: Authenticator): void {
  let document: OpenApiDocument | undefined;
  const loaded = new Map<AssetName, LoadedAsset>();
  // The assets' address changes with the viewer's version and with our init script.
  const assetVersion = crypto
    .createHash('sha256')
    .update(viewerVersion)
    .update(fs.readFileSync(assets['docs-init.js'].file))
    .digest('hex')
    .slice(0, 12);
  const page = fs.readFileSync(path.join(here, 'docs.html'), 'utf8').replaceAll('VERSION', assetVersion);

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/openapi.json',
    permission: 'public',
    summary: 'Esta descrição OpenAPI 3.1, gerada das definições de rota e dos contratos zod.',
    response: openApiAnswer,
    handler: ({ reply }) => {
      // Built once, on the first request: every route is registered by then (the app is ready).
      document ??= buildOpenApi(app.routeCatalogue, VERSION).document;
      void reply.header('cache-control', 'no-cache');
      return Promise.resolve(document);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/docs',
    permission: 'public',
    summary: 'A descrição da API para navegar (Swagger UI).',
    answers: 'html',
    handler: ({ reply }) => {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      return Promise.resolve(page);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/docs/:file',
    permission: 'public',
    params: assetParams,
    summary: 'Os arquivos da página /api/docs (o visualizador e o script que o inicia).',
    answers: 'file',
    handler: async ({ req, reply, params }) => {
      const name = params.file;
      if (!isAsset(name)) throw notFound();
      const asset = loaded.get(name) ?? (await loadAsset(name));
      loaded.set(name, asset);
      return sendAsset(req, reply, name, asset);
    },
  });
}

async function loadAsset(name: AssetName): Promise<LoadedAsset> {
  const raw = await fs.promises.readFile(assets[name].file);
  return { raw, gzip: await gzip(raw, { level: 9 }) };
}

function sendAsset(req: FastifyRequest, reply: FastifyReply, name: AssetName, asset: LoadedAsset): Buffer {
  const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  void reply
    .type(`${assets[name].type}; charset=utf-8`)
    // The page asks for them with ?v=<version of the viewer and init script>: a change is a new address.
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('vary', 'Accept-Encoding');
  if (wantsGzip) void reply.header('content-encoding', 'gzip');
  return wantsGzip ? asset.gzip : asset.raw;
}
