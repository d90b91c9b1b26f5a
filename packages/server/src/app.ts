import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { loggerOptions, type LogStream } from './http/log-redaction.ts';
import { serveWebApp } from './http/web-app.ts';
import { releaseMemoryWhenQuiet } from './runtime/idle-memory.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerCompression } from './http/compression.ts';
import type { Authenticator } from './http/route.ts';
import { catalogueRoute, type CatalogueEntry } from './http/route-catalogue.ts';
import { registerRoutePlugins } from './http/route-plugin.ts';
import { PasswordHasher } from './modules/accounts/password-hasher.ts';
import { seedIdentity } from './access/identity.ts';
import { bootstrap, FIRST_COMPANY_ID } from './modules/bootstrap/bootstrap.ts';
import { seedDemo } from './modules/demo/demo-seed.ts';
import { SubjectsService } from './modules/subjects/subjects.service.ts';
import { routePlugins } from './route-plugins.ts';
import { buildServices, type Services } from './services.ts';
import type { ActionHandler } from './modules/automations/actions/types.ts';

export type { Services } from './services.ts';

// zod's own messages (types, formats) in Portuguese; ours are written in the schemas.
z.config(z.locales.pt());

/** One route of the catalogue (http/route-catalogue.ts): method, URL, permission, schemas. */
export type RouteInfo = CatalogueEntry;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeCatalogue: RouteInfo[];
  }
}

export interface AppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise one is opened from the config and owned. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes (tests read it); standard output otherwise. */
  logStream?: LogStream;
  /** NOTIFY channel for real-time fan-out between instances sharing a PostgreSQL database. */
  realtimeChannel?: string;
  /**
   * The tests' answer check (http/response-check.ts): every successful answer is compared with the
   * route's declared response; a mismatch is a 500 naming the route and is kept in
   * `app.responseCheck.failures`. Off unless asked (the test harness asks; production never does).
   */
  checkResponses?: boolean;
  /**
   * Collect the heap's garbage once the server goes quiet (runtime/idle-memory.ts). The server
   * process asks (main.ts); tests do not, their process is not paused by collections.
   */
  releaseIdleMemory?: boolean;
  /**
   * Action kinds a deployment adds to the automation engine (the integrations of 000 §3, which the
   * spec names without describing): registered beside the core and outbound ones.
   */
  actionHandlers?: ActionHandler[];
}

/** Builds the whole server: used by main.ts and by every integration test. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const db =
    opts.db ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'talkbase.db'),
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  const ownsDb = opts.db === undefined;

  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // The spec mixes `/Room` and `/room/`: paths match case-insensitively, with or without a trailing slash.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  try {
    if (opts.releaseIdleMemory) releaseMemoryWhenQuiet(app);
    await migrateToLatest(db);
    const hasher = new PasswordHasher();
    const subjects = new SubjectsService(db);
    const firstStart = await bootstrap(db, config, hasher, subjects, app.log);
    const instance = await buildServices({
      config,
      db,
      subjects,
      hasher,
      log: app.log,
      realtimeChannel: opts.realtimeChannel,
      actionHandlers: opts.actionHandlers ?? [],
    });
    const { services } = instance;
    app.decorate('services', services);
    app.decorate('routeCatalogue', []);
    app.decorate('responseCheck', opts.checkResponses ? { failures: [] } : null);
    app.decorateRequest('auth', null);

    // Every route enters the catalogue or the build fails (http/route-catalogue.ts).
    app.addHook('onRoute', (route) => catalogueRoute(app.routeCatalogue, route));

    // The web app fetches the certificate check from its own TLS port (modules/certificates).
    registerSecurityHeaders(app, config.certificates ? [certificateSource(config.certificates)] : []);
    await registerCompression(app);
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    installErrorHandling(app);

    const authenticate: Authenticator = Object.assign(
      (req: FastifyRequest) => services.auth.authenticate(req.headers.authorization),
      { remembered: (req: FastifyRequest) => services.auth.remembered(req.headers.authorization) },
    );
    await registerRoutePlugins(app, routePlugins, authenticate, services);
    if (firstStart && config.seed === 'demo') {
      const { talks, rooms, accounts, dashboards } = services;
      await seedDemo(
        { subjects, talks, rooms, accounts, dashboards, log: app.log },
        seedIdentity(FIRST_COMPANY_ID, 1),
      );
    }
    await serveWebApp(app, config.webDist);
    if (config.certificates) {
      // Loaded only here: its X.509 libraries cost ~3 MiB of heap on servers without the endpoint.
      const { startCertificateEndpoint } = await import('./modules/certificates/certificate-endpoint.ts');
      const endpoint = await startCertificateEndpoint({
        config: config.certificates,
        service: services.certificates,
        log: app.log.child({ module: 'certificates' }),
      });
      app.addHook('onClose', () => endpoint.close());
    }

    if (config.smtpInbound.port !== undefined) {
      // Inbound e-mail (modules/email-channels): off unless SMTP_INBOUND_PORT is set.
      const { startSmtpListener } = await import('./mail/inbound/smtp-listener.ts');
      const listener = await startSmtpListener({
        port: config.smtpInbound.port,
        host: config.smtpInbound.host,
        maxBytes: config.smtpInbound.maxBytes,
        handler: services.inboundMail,
        onError: (err) => app.log.error({ err }, 'inbound SMTP'),
      });
      services.inboundMail.listeningPort = listener.port;
      app.addHook('onClose', () => listener.close());
    }
    await instance.start();
    app.addHook('onClose', async () => {
      await instance.close();
      if (ownsDb) await db.close();
    });
    return await app;
  } catch (err) {
    await app.close().catch(() => undefined);
    if (ownsDb) await db.close().catch(() => undefined);
    throw err;
  }
}

/** The certificate endpoint's origin for connect-src: its public URL, else that port on any host. */
function certificateSource(endpoint: NonNullable<Config['certificates']>): string {
  if (endpoint.publicUrl) return new URL(endpoint.publicUrl).origin;
  return endpoint.port === 0 ? 'https:' : `https://*:${endpoint.port}`;
}
