import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  // The web app's service worker (/sw.js, browser notifications and the app shell's cache).
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Helmet's security headers on every answer. They depend on the options only, never on the
 * request: helmet runs once at start-up against a stand-in response, and each answer gets the
 * headers it set (and loses those it removed) in one loop. Running helmet's middleware chain on
 * every request cost ~3 % of a record read's CPU (issue 18; before, @fastify/helmet also built the
 * middleware again on every request).
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
  const set: [string, string][] = [];
  const removed: string[] = [];
  const standIn = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failed: Error | undefined;
  apply(
    Object.create(null) as IncomingMessage,
    standIn as unknown as ServerResponse,
    (err?: unknown) =>
      (failed = err instanceof Error ? err : err === undefined ? undefined : new Error('helmet')),
  );
  if (failed) throw failed;
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
