import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './request-identity.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './errors.ts';
import { isConfirmed } from './session-confirmation.ts';
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
  /**
   * The handler's first records read confirms the session (http/session-confirmation.ts): the
   * session is taken as this instance last read it, without the per-request versions statement,
   * and the route runs again with it read when the versions do not confirm it. Only for a handler
   * that changes nothing before that read and answers a value (not a stream).
   */
  confirmsSession?: true;
  handler: (
    ctx: HandlerContext<Infer<B>, Infer<Q>, Infer<P>, M extends 'public' ? AuthContext | null : AuthContext>,
  ) => Promise<unknown>;
}

export interface Authenticator {
  /** The request's live session, read (or its versions checked) now. */
  (req: FastifyRequest): Promise<AuthContext | null>;
  /**
   * The session as this instance last read it, awaiting confirmation (http/session-confirmation.ts);
   * null when this instance has not read it, or it has expired or its token is not current.
   */
  remembered?: (req: FastifyRequest) => Promise<AuthContext | null>;
}

type Permitted = 'yes' | 'unauthorized' | 'forbidden';
function permitted(permission: Permission, auth: AuthContext | null): Permitted {
  if (permission === 'public') return 'yes';
  if (!auth) return 'unauthorized';
  if (permission === 'admin' && !auth.isAdmin) return 'forbidden';
  return 'yes';
}

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
  /** Reads the session and refuses a request its permission does not let through. */
  const admit = async (req: FastifyRequest): Promise<void> => {
    req.auth = await authenticate(req);
    const verdict = permitted(def.permission, req.auth);
    if (verdict === 'unauthorized') throw unauthorized();
    if (verdict === 'forbidden') throw forbidden();
  };
  const run = (req: FastifyRequest, reply: FastifyReply) =>
    def.handler({
      req,
      reply,
      body: parsePart(def.body as B, req.body, ''),
      query: parsePart(def.query as Q, req.query, ''),
      params: parsePart(def.params as P, req.params, ''),
      auth: req.auth as M extends 'public' ? AuthContext | null : AuthContext,
    });
  /**
   * A remembered session's run counts only once its records read has confirmed it: otherwise —
   * versions moved, no row, any error before the confirmation — it runs again, session read first.
   */
  const runConfirmed = async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (isConfirmed(req.auth)) return run(req, reply);
    try {
      const result = await run(req, reply);
      if (isConfirmed(req.auth)) return result;
    } catch (error) {
      if (isConfirmed(req.auth)) throw error;
    }
    if (reply.sent) throw new Error(`${methods} ${def.url} answered before confirming its session`);
    await admit(req);
    return run(req, reply);
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
      if (def.confirmsSession && authenticate.remembered) {
        const remembered = await authenticate.remembered(req);
        if (remembered && permitted(def.permission, remembered) === 'yes') {
          req.auth = remembered;
          return;
        }
      }
      await admit(req);
    },
    handler: async (req, reply) => {
      const result = await runConfirmed(req, reply);
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
