import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { REALTIME_PATH } from '@talkbase/domain/contracts/realtime';
import {
  CERTIFICATE_CHECK_PATH,
  certificateCheckAnswerSchema,
} from '@talkbase/domain/contracts/certificates';
import type { Permission, RouteContract } from './route.ts';

/**
 * The route catalogue (issue 19 item 4): every route the server registers, with who may call it.
 *
 * Routes made with `defineRoute` (http/route.ts) enter it by themselves, with their permission and
 * zod schemas. The few registered otherwise are listed in `declaredRoutes` below, with their
 * permission and the reason. Any other route makes `buildApp` throw: a route missing from the
 * catalogue fails every server test and the start, not only a review.
 *
 * `/api/openapi.json` and `/api/docs` are generated from this catalogue (modules/api-docs).
 */
export interface CatalogueEntry {
  /** Upper case, one entry per method. */
  method: string;
  /** As registered with Fastify (`:param` placeholders). */
  url: string;
  permission: Permission;
  /** How it entered: through defineRoute (with its schemas), or a declared exception. */
  source: 'defineRoute' | 'declared';
  contract?: RouteContract;
  declared?: DeclaredRoute;
  /** A HEAD route Fastify added for a GET one (same handler and permission). */
  headOfGet?: boolean;
}

export interface DeclaredRoute {
  /** A short name used by the OpenAPI description (operation id). */
  name: string;
  methods: string[];
  /** The registered URL, or a test for a family of URLs (the web app's files). */
  url: string | ((url: string) => boolean);
  /** The path in the OpenAPI description (for a family, one templated path stands for all). */
  openApiPath: string;
  permission: Permission;
  summary: string;
  /** Why the route does not come through defineRoute. */
  reason: string;
  query?: z.ZodType;
  /** Its JSON answer, when it has one (the socket and the web app's files have none). */
  response?: z.ZodType;
  /** Not on the main HTTP listener: described, and compared by its own test. */
  listener?: 'certificates';
}

/** `/api/...` and `/websocket` are the API; everything else is the web app's files. */
export function isApiUrl(url: string): boolean {
  return /^\/(api|websocket)(\/|$|\?)/i.test(url);
}

export const declaredRoutes: DeclaredRoute[] = [
  {
    name: 'websocket',
    methods: ['GET'],
    url: REALTIME_PATH,
    openApiPath: REALTIME_PATH,
    permission: 'session',
    summary:
      'Eventos em tempo real (WebSocket): SendTalkUpdates, PublishTalkTag, SendNotification. ' +
      'O token vai em ?access_token= (navegadores não enviam cabeçalhos num WebSocket) ou em Authorization.',
    reason: 'a WebSocket upgrade (@fastify/websocket wsHandler) that authenticates before the upgrade',
  },
  {
    name: 'webApp',
    methods: ['GET', 'HEAD'],
    url: (url) => !isApiUrl(url),
    openApiPath: '/{webAppFile}',
    permission: 'public',
    summary:
      'Os arquivos do aplicativo web (index.html e os recursos da compilação); qualquer outra página pede index.html.',
    reason: '@fastify/static registers one route per built file of packages/web',
  },
  {
    name: 'certificateCheck',
    methods: ['GET'],
    url: CERTIFICATE_CHECK_PATH,
    openApiPath: CERTIFICATE_CHECK_PATH,
    permission: 'public',
    summary:
      'Verificação do certificado digital do cliente (TLS mútuo), na porta própria do endpoint de certificados; ' +
      'o ticket emitido por uma chamada autenticada liga a resposta à sessão.',
    reason:
      'served by its own HTTPS listener (modules/certificates/certificate-endpoint.ts), only when configured',
    response: certificateCheckAnswerSchema,
    listener: 'certificates',
  },
];

function declaredFor(method: string, url: string, listener?: 'certificates'): DeclaredRoute | undefined {
  return declaredRoutes.find(
    (d) =>
      d.listener === listener &&
      d.methods.includes(method) &&
      (typeof d.url === 'string' ? d.url.toLowerCase() === url.toLowerCase() : d.url(url)),
  );
}

/**
 * The onRoute hook's work: adds the route to the catalogue, or throws when it has no place in it.
 * `listener` names a listener other than the main one (the certificate endpoint).
 */
export function catalogueRoute(
  catalogue: CatalogueEntry[],
  route: RouteOptions,
  listener?: 'certificates',
): void {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
  const contract = route.config?.contract;
  const configured = route.config?.permission;
  for (const method of methods) {
    // Fastify adds a HEAD route for every GET one, with the same options (permission included).
    const headOfGet =
      method === 'HEAD' &&
      catalogue.some((e) => e.method === 'GET' && e.url === route.url && !e.headOfGet) &&
      !methods.includes('GET');
    if (contract && configured) {
      catalogue.push({
        method,
        url: route.url,
        permission: configured,
        source: 'defineRoute',
        contract,
        headOfGet,
      });
      continue;
    }
    const declared =
      declaredFor(method, route.url, listener) ??
      (headOfGet ? declaredFor('GET', route.url, listener) : undefined);
    if (!declared) {
      throw new Error(
        `A rota ${method} ${route.url} não está no catálogo de rotas: registre-a com defineRoute ` +
          '(http/route.ts) ou declare-a, com a sua permissão, em http/route-catalogue.ts.',
      );
    }
    if (configured && configured !== declared.permission) {
      throw new Error(
        `A rota ${method} ${route.url} declara a permissão ${configured}, mas o catálogo diz ${declared.permission}.`,
      );
    }
    if (!configured && isApiUrl(route.url)) {
      throw new Error(`A rota ${method} ${route.url} não declara a permissão de que precisa.`);
    }
    catalogue.push({
      method,
      url: route.url,
      permission: declared.permission,
      source: 'declared',
      declared,
      headOfGet,
    });
  }
}
