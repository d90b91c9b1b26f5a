import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The Content-Security-Policy of every answer (the web app and the API). */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine sets inline style attributes; no inline script is ever allowed.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Helmet's security headers on every answer. Helmet's middleware is built once here;
 * @fastify/helmet built it again on every request (its options parsed, the CSP directives checked),
 * ~2 % of a record read's CPU (issue 18).
 */
export function registerSecurityHeaders(app: FastifyInstance, extraConnectSrc: string[]): void {
  const apply = helmet({
    // No upgrade-insecure-requests: a self-hosted server on plain HTTP in a LAN must still load its assets.
    contentSecurityPolicy: {
      directives: {
        ...CSP,
        connectSrc: [...CSP.connectSrc, ...extraConnectSrc],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
