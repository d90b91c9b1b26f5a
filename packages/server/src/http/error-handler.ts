import type { FastifyError, FastifyInstance } from 'fastify';
import { isStatementTimeout } from '../db/database.ts';
import { messages } from '../i18n/messages.ts';
import { HttpError } from './errors.ts';

/**
 * Every failure leaves as `{ errors: [...] }` with a meaningful status. Unexpected errors are
 * logged with their stack and answered with a generic 500: no stack or SQL reaches a client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, req, reply) => {
    if (reply.raw.headersSent) {
      // Nothing can be answered once the answer has begun. A client that went away mid-download
      // is normal; anything else is a real failure worth an error line.
      if (req.raw.destroyed || reply.raw.destroyed) req.log.info({ err }, 'cliente encerrou a conexão');
      else req.log.error({ err }, 'error after the answer began');
      return;
    }
    if (err instanceof HttpError) {
      void reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ ...err.extra, errors: err.errors });
      return;
    }
    const fe = err as FastifyError;
    const known = fastifyErrorMessage(fe);
    if (known) {
      void reply.code(known.status).send({ errors: [{ message: known.message }] });
      return;
    }
    if (isStorageFull(err)) {
      // Nothing was written (the transaction failed whole): the client may try again later.
      req.log.error({ err }, 'storage full');
      void reply
        .code(507)
        .header('retry-after', '60')
        .send({ errors: [{ message: messages.storageFull }] });
      return;
    }
    if (isStatementTimeout(err)) {
      // PostgreSQL cancelled a statement past DATABASE_STATEMENT_TIMEOUT_MS; its transaction rolled
      // back. 504, not 503: a proxy retries a 503 on another instance and counts it against this
      // one (deploy/nginx: proxy_next_upstream http_503, max_fails=1), which would run the same
      // heavy statement twice and take a healthy instance out of rotation.
      req.log.warn({ err, url: req.url }, 'statement timeout');
      void reply.code(504).send({ errors: [{ message: messages.statementTimeout }] });
      return;
    }
    req.log.error({ err }, 'unhandled error');
    void reply.code(500).send({ errors: [{ message: messages.internal }] });
  });
}

function fastifyErrorMessage(err: FastifyError): { status: number; message: string } | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: messages.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: messages.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: messages.unsupportedMediaType };
    default:
      break;
  }
  // Errors raised by the HTTP layer itself (bad JSON syntax, malformed URLs) carry a 4xx status.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err instanceof SyntaxError) return { status: 400, message: messages.malformedJson };
    return { status: err.statusCode, message: messages.invalidBody };
  }
  return undefined;
}

/**
 * The disk (or the database's size limit) is full: SQLite's SQLITE_FULL, a file write's ENOSPC,
 * PostgreSQL's disk_full (53100). Answered 507 so a client sees why and that it may retry.
 */
function isStorageFull(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}
