import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_CHECK_PATH } from '@talkbase/domain/contracts/certificates';
import {
  buildOpenApi,
  documentedEntries,
  operationKeys,
  type OpenApiDocument,
} from '../modules/api-docs/openapi.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { installErrorHandling } from './error-handler.ts';
import { catalogueRoute, declaredRoutes, type CatalogueEntry } from './route-catalogue.ts';
import { defineRoute, OTHER_ANSWERS, type OtherAnswer, type RouteDefinition } from './route.ts';

/**
 * Issue 19 item 4 and issue 17's Done-when: every route the server registers is in the route
 * catalogue, and /api/openapi.json (shown by /api/docs) describes exactly those routes.
 */

let t: TestApp;
let doc: OpenApiDocument;

/** What Fastify's router holds, read from its own printout (independent of our onRoute hook). */
function registeredRoutes(printout: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of printout.split('\n')) {
    const m = /^(.*?)(?:├── |└── )(\S+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(m[2] ?? '');
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method) found.push(`${method} ${url}`);
    }
  }
  return found.sort();
}

beforeAll(async () => {
  // A built web app, so that the static files' routes are registered and checked too.
  const webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Talkbase</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'export {};');
  t = await createTestApp({ WEB_DIST: webDist });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

describe('the route catalogue', () => {
  it('holds every route Fastify registered, each with a permission', () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    // The router keeps paths lower-cased, without a trailing slash, and one node for `:a` and `:b`.
    const normal = (route: string) =>
      route
        .toLowerCase()
        .replace(/:[^/|]+(\|:[^/|]+)*/g, ':')
        .replace(/(.)\/$/, '$1');
    const catalogued = t.app.routeCatalogue.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(100);
    expect(new Set(registered.map(normal))).toEqual(new Set(catalogued.map(normal)));
    expect(registered.length).toBe(catalogued.length);
    for (const entry of t.app.routeCatalogue) {
      expect(['public', 'session', 'admin'], `${entry.method} ${entry.url}`).toContain(entry.permission);
    }
    // The exceptions really occur: the socket and the web app's files.
    expect(catalogued).toContain('GET /websocket');
    expect(catalogued).toContain('GET /assets/app-abc123.js');
    expect(t.app.routeCatalogue.filter((r) => r.source === 'declared').map((r) => r.url)).toEqual(
      expect.arrayContaining(['/websocket', '/', '/index.html', '/assets/app-abc123.js']),
    );
  });

  it('makes the build fail for a route outside defineRoute and the declared list', async () => {
    const catalogue: CatalogueEntry[] = [];
    const app = Fastify({ logger: false });
    app.addHook('onRoute', (route) => catalogueRoute(catalogue, route));
    expect(() => app.get('/api/health', () => ({}))).toThrow(
      /GET \/api\/health não está no catálogo de rotas/,
    );
    await app.close();

    // A declared route may not claim another permission than the catalogue's.
    const other = Fastify({ logger: false });
    other.addHook('onRoute', (route) => catalogueRoute(catalogue, route));
    expect(() =>
      other.route({
        method: 'GET',
        url: '/websocket',
        config: { permission: 'public' },
        handler: () => ({}),
      }),
    ).toThrow(/catálogo diz session/);
    await other.close();

    // A web app file (outside /api) may only be read.
    const third = Fastify({ logger: false });
    third.addHook('onRoute', (route) => catalogueRoute(catalogue, route));
    expect(() => third.post('/upload', () => ({}))).toThrow(/POST \/upload não está no catálogo/);
    await third.close();
  });

  it('states each declared exception with its reason and permission', () => {
    for (const d of declaredRoutes) {
      expect(d.reason.length, d.name).toBeGreaterThan(10);
      expect(['public', 'session', 'admin']).toContain(d.permission);
    }
    expect(declaredRoutes.find((d) => d.listener === 'certificates')?.url).toBe(CERTIFICATE_CHECK_PATH);
  });
});

describe('/api/openapi.json', () => {
  it('describes exactly the routes the server registers, with their permission', () => {
    const entries = documentedEntries(t.app.routeCatalogue);
    const keys = operationKeys(entries);
    const expected = entries.map((e) => `${keys.get(e)?.method} ${keys.get(e)?.path} ${e.permission}`);
    const described: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op.servers) continue; // another listener (the certificate check)
        described.push(`${method} ${p} ${op['x-permission']}`);
      }
    }
    // The web app's files all stand under one templated path.
    expect(new Set(described)).toEqual(new Set(expected));
    expect(described.length).toBe(new Set(described).size);
    // Every HEAD route is the mirror of a described GET.
    for (const head of t.app.routeCatalogue.filter((e) => e.method === 'HEAD' && e.headOfGet)) {
      expect(t.app.routeCatalogue.some((e) => e.method === 'GET' && e.url === head.url)).toBe(true);
    }
    expect(doc.paths[CERTIFICATE_CHECK_PATH]?.get?.servers?.[0]?.url).toBe('https://{certificateHost}');
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const pointers = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') pointers.add(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(pointers.size).toBeGreaterThan(3);
    for (const pointer of pointers) {
      expect(pointer.startsWith('#/'), pointer).toBe(true);
      let at: unknown = doc;
      for (const part of pointer.slice(2).split('/'))
        at = (at as Record<string, unknown> | undefined)?.[part];
      expect(at, pointer).toBeDefined();
    }

    for (const [p, item] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(item)) {
        const inPath = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
        expect(inPath.sort(), p).toEqual([...names].sort());
      }
    }
  });

  it('converts every zod contract (nothing left unrepresentable by an error)', () => {
    const again = buildOpenApi(t.app.routeCatalogue, '0');
    expect(again.failures).toEqual([]);
    // The same catalogue gives the same document (the one served was built from it).
    expect(JSON.parse(JSON.stringify(again.document.paths))).toEqual(doc.paths);
  });

  it('takes parameters, bodies and permissions from the route definitions', () => {
    const login = doc.paths['/api/account/login']?.post;
    expect(login?.['x-permission']).toBe('public');
    expect(login?.security).toEqual([]);
    const loginBody = login?.requestBody?.content['application/json']?.schema as Record<string, unknown>;
    expect(JSON.stringify(loginBody)).toContain('"email"');
    expect(login?.responses['429']).toBeDefined();

    const createAccount = doc.paths['/api/account']?.post;
    expect(createAccount?.['x-permission']).toBe('admin');
    expect(createAccount?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(createAccount?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '422']),
    );
    const filter = doc.paths['/api/talk/filter/{subject}']?.post;
    expect(filter?.['x-permission']).toBe('session');
    expect(filter?.parameters?.find((x) => x.name === 'subject')?.in).toBe('path');
    expect(JSON.stringify(filter?.requestBody)).toContain('filterJson');
    const list = doc.paths['/api/account']?.get;
    expect(list?.parameters?.map((x) => x.name)).toEqual(
      expect.arrayContaining(['CurrentPage', 'ResultsPerPage']),
    );
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Errors).toMatchObject({ required: ['errors'] });
    // The call's Portuguese description (modules/api-docs/descriptions.ts), then its permission.
    expect(login?.description).toContain('Usuário ou senha inválidos.');
    expect(login?.summary).not.toBe('POST /api/account/login');
    expect(list?.description).toContain('**Permissão**: `admin`');
    // A declared response schema is described as the success answer.
    expect(doc.paths['/api/health']?.get?.responses['200']).toBeDefined();
  });
});

describe('declared answers (issue 17 item 3)', () => {
  /**
   * The routes that answer something other than JSON, by kind: they declare `answers` instead of a
   * response schema, and the description shows the kind. Every other defineRoute route declares its
   * JSON answer (or `status: 204`), which the test harness checks every answer against.
   */
  const otherKinds: Record<string, OtherAnswer> = {
    'GET /api/account/:accountId/image': 'file',
    'GET /api/docs': 'html',
    'GET /api/docs/:file': 'file',
    'GET /api/value/file/:subject/:talkId/:attributeId': 'file',
    'GET /api/value/file/:subject/:talkId/:attributeId/:fileId': 'file',
    'GET /api/value/filegenerate/:subject/:talkId/:attributeId': 'file',
    'POST /api/talk/export/:subject': 'csv',
    'GET /api/talk/import/:importId/errors': 'csv',
  };
  /** Registered outside defineRoute (http/route-catalogue.ts declaredRoutes), each described by kind. */
  const declaredKinds: Record<string, string> = {
    websocket: 'WebSocket upgrade (101)',
    webApp: 'the web app files (HTML, scripts, styles, images)',
    certificateCheck: 'JSON on its own TLS listener',
  };

  it('every JSON route declares its answer; the exceptions are named by kind', () => {
    expect([...OTHER_ANSWERS]).toEqual(['file', 'csv', 'html']);
    const routes = t.app.routeCatalogue.filter((e) => !e.headOfGet && e.source === 'defineRoute');
    expect(routes.length).toBeGreaterThan(120);
    const undeclared = routes
      .filter((e) => !e.contract?.response && e.contract?.status !== 204 && !e.contract?.answers)
      .map((e) => `${e.method} ${e.url}`);
    expect(undeclared, 'declare `response` (or `status: 204`) in defineRoute').toEqual([]);
    const other = Object.fromEntries(
      routes.filter((e) => e.contract?.answers).map((e) => [`${e.method} ${e.url}`, e.contract?.answers]),
    );
    expect(other).toEqual(otherKinds);
    // A route answering no body declares 204 and no schema; one with a body, a schema.
    for (const e of routes) {
      if (e.contract?.status === 204) expect(e.contract.response, `${e.method} ${e.url}`).toBeUndefined();
    }
    expect(Object.fromEntries(declaredRoutes.map((d) => [d.name, declaredKinds[d.name]]))).toEqual(
      declaredKinds,
    );
  });

  it('are described as the success answers, with no generic answer left', () => {
    expect(buildOpenApi(t.app.routeCatalogue, '0').withoutResponseSchema).toEqual([]);
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const successes = Object.keys(op.responses).filter((s) => /^[12]/.test(s));
        expect(successes.length, `${method} ${p}`).toBeGreaterThan(0);
        expect(successes, `${method} ${p}`).not.toContain('2XX');
        expect(op['x-response-schema'], `${method} ${p}`).toBe(true);
      }
    }
    const created = doc.paths['/api/account']?.post?.responses['201'] as { content?: unknown } | undefined;
    expect(JSON.stringify(created?.content)).toContain('accountId');
    expect(doc.paths['/api/account/{accountId}']?.delete?.responses['204']).toEqual({
      description: 'Sucesso, sem corpo.',
    });
    expect(Object.keys(doc.paths['/api/talk/export/{subject}']?.post?.responses['200'] ?? {})).toContain(
      'content',
    );
    expect(JSON.stringify(doc.paths['/api/talk/export/{subject}']?.post?.responses['200'])).toContain(
      'text/csv',
    );
    expect(JSON.stringify(doc.paths[CERTIFICATE_CHECK_PATH]?.get?.responses['200'])).toContain(
      'accountLogTypeId',
    );
  });

  it('the harness checks every answer against its declaration, and fails on a mismatch', async () => {
    const build = async (check: boolean) => {
      const app = Fastify({ logger: false });
      app.decorate('responseCheck', check ? { failures: [] } : null);
      installErrorHandling(app);
      const none = () => Promise.resolve(null);
      const answer = z.object({ id: z.number(), name: z.string().optional() });
      const routes: [string, Partial<RouteDefinition<'public', undefined, undefined, undefined>>, unknown][] =
        [
          ['/right', { response: answer }, { id: 1 }],
          ['/wrong-type', { response: answer }, { id: 'um' }],
          ['/extra-field', { response: answer }, { id: 1, secret: 'x' }],
          ['/nested-extra', { response: z.object({ list: z.array(answer) }) }, { list: [{ id: 1, x: 2 }] }],
          ['/loose', { response: answer.loose() }, { id: 1, more: true }],
          ['/default', { response: z.object({ id: z.number().default(1) }) }, {}],
          ['/status', { response: answer, status: 201 }, { id: 1 }],
          ['/no-body-declared', { status: 204 }, { id: 1 }],
          ['/no-body', { status: 204 }, undefined],
          ['/body-missing', { response: answer }, undefined],
          ['/undeclared', {}, { id: 1 }],
          ['/file-as-json', { answers: 'file' }, { id: 1 }],
          ['/file', { answers: 'file' }, Buffer.from('x')],
        ];
      for (const [url, declared, body] of routes) {
        defineRoute(app, none, {
          method: 'GET',
          url,
          permission: 'public',
          ...declared,
          handler: () => Promise.resolve(body),
        });
      }
      return app;
    };
    const checked = await build(true);
    const statusOf = async (url: string) => (await checked.inject({ method: 'GET', url })).statusCode;
    expect(await statusOf('/right')).toBe(200);
    expect(await statusOf('/loose')).toBe(200);
    expect(await statusOf('/no-body')).toBe(204);
    expect(await statusOf('/file')).toBe(200);
    const wrong = await checked.inject({ method: 'GET', url: '/wrong-type' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(
      /GET \/wrong-type: a resposta 200 não confere com o esquema declarado:\n {2}- id: .*\(invalid_type\)/,
    );
    for (const [url, problem] of [
      ['/extra-field', /secret: campo não declarado/],
      ['/nested-extra', /list\.0\.x: campo não declarado/],
      ['/default', /id: o esquema acrescenta um valor/],
      ['/status', /respondeu 200, mas declara 201/],
      ['/no-body-declared', /respondeu 200, mas declara 204/],
      ['/body-missing', /declara um corpo para 200, mas não respondeu nenhum/],
      ['/undeclared', /não declara a resposta/],
      ['/file-as-json', /declara responder file, mas respondeu um JSON/],
    ] as const) {
      const res = await checked.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.body, url).toMatch(problem);
    }
    expect(checked.responseCheck?.failures).toHaveLength(9);
    await checked.close();

    // Without the check (production), the answers go out as the handlers return them.
    const unchecked = await build(false);
    const extra = await unchecked.inject({ method: 'GET', url: '/extra-field' });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual({ id: 1, secret: 'x' });
    await unchecked.close();
  });
});
