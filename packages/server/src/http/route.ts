import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../modules/auth/auth-context.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import { zodIssuesToErrors } from './validation.ts';

/**
 * The permission catalogue: every route states what it needs. `public` routes need nothing;
 * `session` needs a signed-in account; `admin` an administrator. Finer checks (a subject's
 * actions, an attribute's) are made by services against the account's room, on top of these.
 */
export type Permission = 'public' | 'session' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** Set by defineRoute: the schemas the route validates with, read by the route catalogue and OpenAPI. */
    contract?: RouteContract;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type Schema = z.ZodType;

/** What a route declares about itself; http/route-catalogue.ts and http/openapi.ts read it. */
export interface RouteContract {
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** The success answer's shape, for the OpenAPI description (answers are not validated against it). */
  response?: Schema;
  /** The success status when a response schema is given (200 unless told). */
  status?: number;
  /** One line for the API description. */
  summary?: string;
}
type Infer<S> = S extends Schema ? z.output<S> : undefined;

export interface HandlerContext<B, Q, P, A> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  auth: A;
}

export interface RouteDefinition<
  M extends Permission,
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  permission: M;
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
  /** Documentation only (OpenAPI): the success answer's shape and status, and a one-line summary. */
  response?: Schema;
  status?: number;
  summary?: string;
  handler: (
    ctx: HandlerContext<Infer<B>, Infer<Q>, Infer<P>, M extends 'public' ? AuthContext | null : AuthContext>,
  ) => Promise<unknown>;
}

export type Authenticator = (req: FastifyRequest) => Promise<AuthContext | null>;

function parsePart<S extends Schema | undefined>(schema: S, value: unknown, prefix: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(zodIssuesToErrors(result.error.issues, prefix));
  return result.data as Infer<S>;
}

/** Registers a route whose input is validated with zod and whose permission is checked first. */
export function defineRoute<
  M extends Permission,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(app: FastifyInstance, authenticate: Authenticator, def: RouteDefinition<M, B, Q, P>): void {
  app.route({
    method: def.method,
    url: def.url,
    config: {
      permission: def.permission,
      contract: {
        body: def.body,
        query: def.query,
        params: def.params,
        response: def.response,
        status: def.status,
        summary: def.summary,
      },
    },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    preHandler: async (req) => {
      req.auth = await authenticate(req);
      if (def.permission === 'public') return;
      if (!req.auth) throw unauthorized();
      if (def.permission === 'admin' && !req.auth.isAdmin) throw forbidden();
    },
    handler: async (req, reply) => {
      const body = parsePart(def.body as B, req.body, '');
      const query = parsePart(def.query as Q, req.query, '');
      const params = parsePart(def.params as P, req.params, '');
      const result = await def.handler({
        req,
        reply,
        body,
        query,
        params,
        auth: req.auth as M extends 'public' ? AuthContext | null : AuthContext,
      });
      // A streamed answer (a download) has started or ended by now: awaiting a returned reply waits
      // for the response to finish, and a client that closed early leaves it unfinished but begun.
      if (reply.sent || reply.raw.headersSent) return reply;
      if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
      return result;
    },
  });
}
