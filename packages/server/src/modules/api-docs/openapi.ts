import { z } from 'zod';
import { declaredRoutes, isApiUrl, type CatalogueEntry } from '../../http/route-catalogue.ts';
import type { OtherAnswer, Permission } from '../../http/route.ts';
import { documentIntroduction, operationDescriptions } from './descriptions.ts';
import { operationSummaries } from './summaries.ts';

/**
 * The OpenAPI 3.1 description of the API, generated from the route catalogue (http/route-catalogue.ts):
 * the same zod schemas that validate requests give the parameters and bodies, so it cannot drift.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-permission': Permission;
  'x-response-schema': boolean;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  servers?: { url: string; description: string; variables?: Record<string, { default: string }> }[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
  style?: string;
  explode?: boolean;
}

export const permissionTexts: Record<Permission, string> = {
  public: 'Pública: não precisa de sessão.',
  session:
    'Sessão: qualquer conta conectada (pessoa ou integração); a chamada confere o perfil de acesso e as delimitações.',
  admin: 'Administrador: somente contas administradoras.',
};

/** `/api/talk/:subject/:id` → `/api/talk/{subject}/{id}`; the names, in order. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url
    .split('/')
    .map((segment) => {
      const m = /^:([A-Za-z0-9_]+)/.exec(segment);
      if (m?.[1]) {
        names.push(m[1]);
        return `{${m[1]}}`;
      }
      if (segment === '*') {
        names.push('wildcard');
        return '{wildcard}';
      }
      return segment;
    })
    .join('/');
  return { path: path === '' ? '/' : path, names };
}

/** The catalogue entries the description has one operation for: each method of each route, HEAD mirrors left out. */
export function documentedEntries(catalogue: readonly CatalogueEntry[]): CatalogueEntry[] {
  return catalogue.filter((e) => !e.headOfGet);
}

export interface OperationKey {
  path: string;
  method: string;
  /** The route's own parameter names → the names in the (shared) path. */
  rename: Map<string, string>;
}

/**
 * Where each catalogue entry lands in the description: its path and method. The router matches
 * paths case-insensitively and by position, so `/api/Room` and `/api/room`, or `/menu/:menuId` and
 * `/menu/:companyId`, are one path: the first spelling registered names it (OpenAPI forbids two).
 */
export function operationKeys(entries: readonly CatalogueEntry[]): Map<CatalogueEntry, OperationKey> {
  const canonical = new Map<string, { path: string; names: string[] }>();
  const keys = new Map<CatalogueEntry, OperationKey>();
  for (const entry of entries) {
    const own =
      entry.declared && typeof entry.declared.url !== 'string'
        ? { path: entry.declared.openApiPath, names: [] }
        : openApiPath(entry.url);
    const normal =
      own.path
        .toLowerCase()
        .replace(/\/+$/, '')
        .replace(/\{[^}]+\}/g, '{}') || '/';
    const first = canonical.get(normal) ?? own;
    canonical.set(normal, first);
    const rename = new Map(own.names.map((name, i) => [name, first.names[i] ?? name]));
    keys.set(entry, { path: first.path, method: entry.method.toLowerCase(), rename });
  }
  return keys;
}

const errorsSchema: JsonSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string', description: 'Mensagem em português, pronta para mostrar.' },
          field: { type: 'string', description: 'O campo com problema, quando há um (`a.b.0.c`).' },
        },
      },
    },
  },
  example: { errors: [{ message: 'Campo obrigatório.', field: 'name' }] },
};

const errorResponses: Record<string, { status: string; description: string }> = {
  BadRequest: {
    status: '400',
    description: 'JSON malformado ou campos inválidos (uma entrada por campo, com `field`).',
  },
  Unauthorized: { status: '401', description: 'Sem sessão válida (token ausente, expirado ou revogado).' },
  Forbidden: { status: '403', description: 'A conta não tem permissão para esta chamada ou este registro.' },
  NotFound: { status: '404', description: 'Caminho ou recurso não encontrado.' },
  Conflict: {
    status: '409',
    description: 'Conflito com o estado atual (edição concorrente, dados que impedem a mudança).',
  },
  PayloadTooLarge: { status: '413', description: 'Corpo acima do tamanho máximo.' },
  Unprocessable: { status: '422', description: 'Uma regra de negócio recusou a chamada.' },
  TooManyRequests: {
    status: '429',
    description: 'Tentativas demais; o cabeçalho `Retry-After` diz quando tentar de novo.',
  },
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The success answer of routes that answer something other than JSON (http/route.ts OTHER_ANSWERS). */
const otherAnswers: Record<OtherAnswer, unknown> = {
  file: {
    description:
      'O arquivo pedido: o tipo em `Content-Type`, o nome em `Content-Disposition` (vários arquivos: um zip).',
    content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
  },
  csv: {
    description: 'Um CSV (pt-BR: `;` como separador, UTF-8 com BOM); o nome em `Content-Disposition`.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
  html: {
    description: 'Uma página HTML.',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
};

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  readonly failures: string[] = [];
  private counter = 0;
  private readonly hoisted = new Map<z.ZodType, JsonSchema>();

  /** A zod schema as a JSON Schema (2020-12, which OpenAPI 3.1 uses), its $defs moved to components. */
  convert(schema: z.ZodType, io: 'input' | 'output', where: string): JsonSchema {
    const known = this.hoisted.get(schema);
    if (known && io === 'input') return known;
    let js: JsonSchema;
    try {
      js = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io,
        unrepresentable: 'any',
        cycles: 'ref',
      });
    } catch (err) {
      this.failures.push(`${where}: ${err instanceof Error ? err.message : String(err)}`);
      return {};
    }
    delete js.$schema;
    const prefix = `S${++this.counter}`;
    const defs = (js.$defs ?? {}) as Record<string, JsonSchema>;
    delete js.$defs;
    const state = { selfReferenced: false };
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          if (v === '#') {
            state.selfReferenced = true;
            out[k] = `#/components/schemas/${prefix}`;
          } else if (v.startsWith('#/$defs/')) {
            out[k] = `#/components/schemas/${prefix}_${v.slice('#/$defs/'.length)}`;
          } else out[k] = v;
        } else out[k] = rewrite(v);
      }
      return out;
    };
    for (const [name, def] of Object.entries(defs)) {
      this.components[`${prefix}_${name}`] = rewrite(def) as JsonSchema;
    }
    const root = rewrite(js) as JsonSchema;
    if (!state.selfReferenced) return root;
    this.components[prefix] = root;
    const pointer = { $ref: `#/components/schemas/${prefix}` };
    if (io === 'input') this.hoisted.set(schema, pointer);
    return pointer;
  }
}

function parametersOf(
  converter: SchemaConverter,
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  label: string,
): Parameter[] {
  if (!schema) return [];
  const js = converter.convert(schema, 'input', label);
  const properties = js.properties as Record<string, JsonSchema> | undefined;
  if (js.type === 'object' && properties) {
    const required = new Set((js.required as string[] | undefined) ?? []);
    return Object.entries(properties).map(([name, s]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: s,
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
    }));
  }
  // Not a plain object (a union, a pipe): one form-style parameter that spreads its properties.
  return where === 'query'
    ? [{ name: 'query', in: 'query', required: false, schema: js, style: 'form', explode: true }]
    : [];
}

/** `GET /api/talk/{subject}/` and `GET /api/talk/:s` are the same route: lower case, no query, `{}` for parameters. */
function routeKey(method: string, path: string): string {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return `${method.toUpperCase()} ${bare.replace(/\{[^}]+\}|:[a-z0-9_]+/g, '{}') || '/'}`;
}

/** Texts of summaries.ts and descriptions.ts by route key. */
function byRouteKey(texts: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(
    Object.entries(texts).map(([call, text]) => {
      const [method = '', callPath = ''] = call.split(' ');
      return [routeKey(method, callPath), text] as const;
    }),
  );
}

const summaries = byRouteKey(operationSummaries);
const descriptions = byRouteKey(operationDescriptions);

export function buildOpenApi(
  catalogue: readonly CatalogueEntry[],
  version: string,
): {
  document: OpenApiDocument;
  failures: string[];
  withoutResponseSchema: string[];
  /** Operations descriptions.ts has no Portuguese description for (`GET /api/x`). */
  withoutDescription: string[];
  /** Keys of descriptions.ts no operation has (a route removed or renamed). */
  unusedDescriptions: string[];
} {
  const converter = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const withoutResponseSchema: string[] = [];
  const withoutDescription: string[] = [];
  const describedKeys = new Set<string>();
  const usedIds = new Set<string>();

  // Routes of other listeners (the certificate check) are described too, with their own server.
  const otherListeners: CatalogueEntry[] = declaredRoutes
    .filter((d) => d.listener && typeof d.url === 'string')
    .flatMap((d) =>
      d.methods.map((method) => ({
        method,
        url: d.url as string,
        permission: d.permission,
        source: 'declared' as const,
        declared: d,
      })),
    );
  const entries = [...documentedEntries(catalogue), ...otherListeners];
  const keys = operationKeys(entries);
  for (const entry of entries) {
    const { path, method, rename } = keys.get(entry) as OperationKey;
    const label = `${entry.method} ${entry.url}`;
    const contract = entry.contract;
    const declared = entry.declared;
    const tag = isApiUrl(entry.url)
      ? (path.split('/')[path.startsWith('/api/') ? 2 : 1] ?? 'api').toLowerCase()
      : 'web';
    tags.add(tag);

    let operationId = `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
    while (usedIds.has(operationId)) operationId += '_';
    usedIds.add(operationId);

    const parameters = [
      ...parametersOf(converter, contract?.params, 'path', `${label} params`).map((p) => ({
        ...p,
        name: rename.get(p.name) ?? p.name,
      })),
      ...parametersOf(converter, contract?.query ?? declared?.query, 'query', `${label} query`),
    ];
    const inPath = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''));
    for (const name of inPath) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
        parameters.unshift({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    // Path parameters the schema knows but the path does not have would make an invalid document.
    const cleanParameters = parameters.filter((p) => p.in !== 'path' || inPath.has(p.name));
    if (entry.url === '/websocket' || declared?.name === 'websocket') {
      cleanParameters.push({
        name: 'access_token',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'O token da sessão (ou o cabeçalho Authorization: Bearer).',
      });
    }

    const responses: Record<string, unknown> = {};
    const answered = Boolean(
      declared || (contract && (contract.response || contract.status === 204 || contract.answers)),
    );
    if (contract?.answers) {
      responses[String(contract.status ?? 200)] = otherAnswers[contract.answers];
    } else if (contract && answered) {
      const successes: [number, z.ZodType | null][] = [
        [contract.status ?? 200, contract.response ?? null],
        ...Object.entries(contract.otherResponses ?? {}).map(
          ([status, schema]) => [Number(status), schema] as [number, z.ZodType | null],
        ),
      ];
      for (const [status, schema] of successes.sort((a, b) => a[0] - b[0])) {
        responses[String(status)] = schema
          ? {
              description: 'Sucesso.',
              content: {
                'application/json': {
                  schema: converter.convert(schema, 'output', `${label} response ${status}`),
                },
              },
            }
          : { description: 'Sucesso, sem corpo.' };
      }
    } else if (declared?.name === 'websocket') {
      responses['101'] = {
        description: 'Conexão promovida a WebSocket; o servidor envia mensagens `{event, data}`.',
      };
      responses['426'] = { description: 'Pedido sem Upgrade: use uma conexão WebSocket.' };
    } else if (declared?.response) {
      responses['200'] = {
        description: 'Sucesso.',
        content: {
          'application/json': {
            schema: converter.convert(declared.response, 'output', `${label} response`),
          },
        },
      };
    } else if (declared) {
      responses['200'] = { description: 'O arquivo pedido.' };
    } else {
      withoutResponseSchema.push(label);
      responses['2XX'] = {
        description:
          'Sucesso. Esta rota ainda não declara o esquema da resposta: um objeto JSON, um arquivo ou nada (204).',
        content: { 'application/json': { schema: {} } },
      };
    }
    if (isApiUrl(entry.url)) {
      responses['400'] = ref('BadRequest');
      if (entry.permission !== 'public') {
        responses['401'] = ref('Unauthorized');
        responses['403'] = ref('Forbidden');
      }
      responses['404'] = ref('NotFound');
      if (method !== 'get' && method !== 'head') {
        responses['409'] = ref('Conflict');
        responses['413'] = ref('PayloadTooLarge');
        responses['422'] = ref('Unprocessable');
      }
      if (/\/account\/(login|verifypasscode|refresh)$/i.test(entry.url))
        responses['429'] = ref('TooManyRequests');
    } else {
      responses['404'] = { description: 'Arquivo não encontrado.' };
    }

    const summary =
      contract?.summary ?? declared?.summary ?? summaries.get(routeKey(entry.method, entry.url)) ?? label;
    const key = routeKey(method, path);
    const description = descriptions.get(key);
    if (description) describedKeys.add(key);
    else withoutDescription.push(`${method.toUpperCase()} ${path}`);
    const operation: Operation = {
      operationId,
      summary: summary.length > 120 ? `${summary.slice(0, 117)}…` : summary,
      description: [
        description ?? summary,
        `**Permissão**: \`${entry.permission}\` — ${permissionTexts[entry.permission]}`,
      ].join('\n\n'),
      tags: [tag],
      'x-permission': entry.permission,
      'x-response-schema': answered,
      security: entry.permission === 'public' ? [] : [{ bearerAuth: [] }],
      ...(cleanParameters.length ? { parameters: cleanParameters } : {}),
      responses,
    };
    if (contract?.body) {
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema: converter.convert(contract.body, 'input', `${label} body`) },
        },
      };
    }
    if (declared?.listener === 'certificates') {
      operation.servers = [
        {
          url: 'https://{certificateHost}',
          description: 'O endpoint de certificados (CERT_* na configuração), com a sua própria porta TLS.',
          variables: { certificateHost: { default: 'localhost:8443' } },
        },
      ];
    }
    const item = (paths[path] ??= {});
    item[method] = operation;
  }

  const document: OpenApiDocument = {
    openapi: '3.1.1',
    info: {
      title: 'Talkbase API',
      version,
      description: documentIntroduction,
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Errors: errorsSchema, ...converter.components },
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([name, r]) => [
          name,
          {
            description: r.description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
          },
        ]),
      ),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'O token de POST /api/account/login (pessoa: e-mail e senha; integração: hash e senha).',
        },
      },
    },
  };
  return {
    document,
    failures: converter.failures,
    withoutResponseSchema,
    withoutDescription: [...new Set(withoutDescription)],
    unusedDescriptions: [...descriptions.keys()].filter((k) => !describedKeys.has(k)),
  };
}
