import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './request-identity.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './errors.ts';
import { answerProblem, declaredAnswer, type ResponseCheck } from './response-check.ts';
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
  interface FastifyInstance {
    /** Set by buildApp({checkResponses: true}) (the tests): answers are checked against their contract. */
    responseCheck?: ResponseCheck | null;
  }
}

type Schema = z.ZodType;

/**
 * What a route answers when it is not JSON: a file's bytes (downloads, images, the docs' scripts),
 * a CSV, an HTML page. Such routes declare `answers` instead of a response schema. (The other
 * exceptions — the WebSocket and the web app's files — are declared routes, http/route-catalogue.ts.)
 */
export const OTHER_ANSWERS = ['file', 'csv', 'html'] as const;
export type OtherAnswer = (typeof OTHER_ANSWERS)[number];

/** What a route declares about itself; http/route-catalogue.ts and http/openapi.ts read it. */
export interface RouteContract {
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /**
   * The success answer's JSON shape (the OpenAPI description's; the tests check every answer
   * against it, http/response-check.ts). Omitted only with `status: 204` or `answers`.
   */
  response?: Schema;
  /** The success status (200 unless told; 204: no body, without a response schema). */
  status?: number;
  /** Other successful answers the call may give: status → shape, `null` for no body. */
  otherResponses?: Record<number, Schema | null>;
  /** The route answers a file, a CSV or a page instead of JSON. */
  answers?: OtherAnswer;
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
  /** The success answer (RouteContract): its shape and status, other answers, or a non-JSON kind. */
  response?: Schema;
  status?: number;
  otherResponses?: Record<number, Schema | null>;
  answers?: OtherAnswer;
  /** One line for the API description. */
  summary?: string;
  handler: (
    ctx: HandlerContext<Infer<B>, Infer<Q>, Infer<P>, M extends 'public' ? AuthContext | null : AuthContext>,
  ) => Promise<unknown>;
}

export type Authenticator = (req: FastifyRequest) => Promise<AuthContext | null>;

/** Where a value holds the NUL character (`\u0000`), as a field path; undefined when nowhere. */
function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const NUL_MESSAGE = 'O texto não pode conter o caractere nulo.';

function parsePart<S extends Schema | undefined>(schema: S, value: unknown, prefix: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(zodIssuesToErrors(result.error.issues, prefix));
  // No text we keep or search may hold NUL: PostgreSQL refuses it in text and jsonb (SQLite would
  // keep it), so both databases answer the same 400 instead of one of them a 500.
  const nul = nulAt(result.data, prefix);
  if (nul !== undefined) throw badRequest([{ message: NUL_MESSAGE, ...(nul ? { field: nul } : {}) }]);
  return result.data as Infer<S>;
}

/** Registers a route whose input is validated with zod and whose permission is checked first. */
export function defineRoute<
  M extends Permission,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(app: FastifyInstance, authenticate: Authenticator, def: RouteDefinition<M, B, Q, P>): void {
  const contract: RouteContract = {
    body: def.body,
    query: def.query,
    params: def.params,
    response: def.response,
    status: def.status,
    otherResponses: def.otherResponses,
    answers: def.answers,
    summary: def.summary,
  };
  const check = app.responseCheck ?? null;
  const methods = Array.isArray(def.method) ? def.method.join('|') : def.method;
  /** Under the tests: an answer that does not match its declaration fails loudly (http/response-check.ts). */
  const checked = (status: number, body: unknown): void => {
    if (!check) return;
    const problem = answerProblem(contract, status, body);
    if (!problem) return;
    const detail = `${methods} ${def.url}: ${problem}`;
    check.failures.push(detail);
    process.stderr.write(`\n[response check] ${detail}\n`);
    throw new HttpError(500, `[verificação de respostas] ${detail}`);
  };
  /** A streamed answer is not read back; it must still be one the route declares. */
  const checkedStream = (status: number): void => {
    if (contract.answers || declaredAnswer(contract, status)) return;
    checked(status, Symbol('stream'));
  };
  app.route({
    method: def.method,
    url: def.url,
    config: {
      permission: def.permission,
      contract,
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
      if (result === undefined) {
        const status = reply.statusCode === 200 ? 204 : reply.statusCode;
        checked(status, undefined);
        return reply.code(status).send();
      }
      // The reply itself: a stream given to reply.send (a file, or a JSON list written as it is read).
      if (result === reply) checkedStream(reply.statusCode);
      else checked(reply.statusCode, result);
      return result;
    },
  });
}
