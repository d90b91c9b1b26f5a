import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { HttpError } from './http/errors.ts';
import { loggerOptions, type LogStream } from './http/log-redaction.ts';
import { serveWebApp } from './http/web-app.ts';
import { releaseMemoryWhenQuiet } from './runtime/idle-memory.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerCompression } from './http/compression.ts';
import type { Authenticator } from './http/route.ts';
import { catalogueRoute, type CatalogueEntry } from './http/route-catalogue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { outboundClientFromConfig } from './outbound/index.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountLifeService } from './modules/accounts/account-life.service.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { liveSessionIds } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { PasswordHasher } from './modules/accounts/password-hasher.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { seedIdentity } from './access/identity.ts';
import { bootstrap, FIRST_COMPANY_ID } from './modules/bootstrap/bootstrap.ts';
import { seedDemo } from './modules/demo/demo-seed.ts';
import { tokenSecret } from './modules/bootstrap/bootstrap.repository.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { localBus, postgresBus } from './realtime/bus.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { EventStream } from './events/event-stream.ts';
import { StreamPushes } from './events/stream-pushes.ts';
import { backgroundRunner } from './runtime/background-runner.ts';
import { registerRealtimeRoutes } from './modules/socket/realtime.routes.ts';
import { registerSubjectRoutes } from './modules/subjects/subjects.routes.ts';
import { SubjectsService } from './modules/subjects/subjects.service.ts';
import { PermissionsService } from './access/permissions.service.ts';
import { talkUpdatesFilter } from './access/realtime-filter.ts';
import { TalkQueryService } from './modules/talks/talk-query.service.ts';
import { registerTalkRoutes } from './modules/talks/talks.routes.ts';
import { registerOptionRoutes } from './modules/options/options.routes.ts';
import { registerRoomRoutes } from './modules/rooms/rooms.routes.ts';
import { registerMenuRoutes } from './modules/menus/menus.routes.ts';
import { MenusService } from './modules/menus/menus.service.ts';
import { RoomsService } from './modules/rooms/rooms.service.ts';
import { OptionsService } from './modules/options/options.service.ts';
import { registerSavedFilterRoutes } from './modules/saved-filters/saved-filters.routes.ts';
import { registerPreferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { PreferencesService } from './modules/preferences/preferences.service.ts';
import { SavedFiltersService } from './modules/saved-filters/saved-filters.service.ts';
import { TalksService } from './modules/talks/talks.service.ts';
import { registerTicketRules } from './modules/tickets/ticket-write-rule.ts';
import { registerTaskRules } from './modules/tasks/task-write-rule.ts';
import { registerTaskRoutes } from './modules/tasks/tasks.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { SearchService } from './modules/search/search.service.ts';
import { TasksService } from './modules/tasks/tasks.service.ts';
import { CountCache } from './records/count-cache.ts';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { registerTemplateRoutes } from './modules/templates/templates.routes.ts';
import { TemplatesService } from './modules/templates/templates.service.ts';
import { registerSchemaTransferRoutes } from './modules/schema-transfer/schema-transfer.routes.ts';
import { SchemaTransferService } from './modules/schema-transfer/schema-transfer.service.ts';
import { ContextIds } from './modules/contexts/context-id.ts';
import { registerContextRoutes } from './modules/contexts/contexts.routes.ts';
import { ContextsService } from './modules/contexts/contexts.service.ts';
import { LocalFileStore } from './modules/files/file-store.ts';
import { wireRecordParts } from './record-wiring.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { FilesService } from './modules/files/files.service.ts';
import { registerReportModelRoutes } from './modules/report-models/report-models.routes.ts';
import { ReportModelsService } from './modules/report-models/report-models.service.ts';
import { registerAvailabilityRoutes } from './modules/availability/availability.routes.ts';
import { AvailabilityService } from './modules/availability/availability.service.ts';
import { registerCertificateRoutes } from './modules/certificates/certificates.routes.ts';
import { CertificatesService } from './modules/certificates/certificates.service.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { registerTagRoutes } from './modules/tags/tags.routes.ts';
import { registerTalkTransferRoutes } from './modules/talk-transfer/talk-transfer.routes.ts';
import { TalkExportService } from './modules/talk-transfer/export.service.ts';
import { TalkImportService } from './modules/talk-transfer/import.service.ts';
import { TagsService } from './modules/tags/tags.service.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { registerJobRoutes } from './modules/jobs/jobs.routes.ts';
import { JobsService } from './modules/jobs/jobs.service.ts';
import { coreActionHandlers } from './modules/automations/actions/core/index.ts';
import { outboundActionHandlers } from './modules/automations/actions/outbound/index.ts';
import { createActionRegistry } from './modules/automations/actions/registry.ts';
import { registerAutomationRoutes } from './modules/automations/automations.routes.ts';
import { registerRunHistoryRoutes } from './modules/automations/run-history.routes.ts';
import { AutomationEngine } from './modules/automations/engine.ts';
import { storedJobs } from './modules/automations/job-source.ts';
import { NotificationSender } from './modules/notifications/notification-sender.ts';
import { InboxService } from './modules/notifications/inbox.service.ts';
import { PushChannel, vapidKeys } from './modules/notifications/web-push.ts';

// zod's own messages (types, formats) in Portuguese; ours are written in the schemas.
z.config(z.locales.pt());

export interface Services {
  config: Config;
  db: Db;
  mailer: Mailer;
  hub: RealtimeHub;
  /** Every write's events; `write` opens a transaction whose events are dispatched after commit. */
  events: EventStream;
  auth: AuthService;
  accounts: AccountsService;
  subjects: SubjectsService;
  permissions: PermissionsService;
  talks: TalksService;
  talkQuery: TalkQueryService;
  options: OptionsService;
  savedFilters: SavedFiltersService;
  templates: TemplatesService;
  contexts: ContextsService;
  rooms: RoomsService;
  files: FilesService;
  certificates: CertificatesService;
  /** Record conversations; automations post through `messages.postMessage`. */
  messages: MessagesService;
  /** Tasks and their timer; tests move `tasks.now`. */
  tasks: TasksService;
  /** Tags; automations set and remove them through `tags.addTag` / `tags.removeTag`. */
  tags: TagsService;
  notifications: NotificationsService;
  /** `send(...)`: the one way a notification goes out (API and, later, automations). */
  notificationSender: NotificationSender;
  /** Automation jobs; the engine reads them through modules/jobs/jobs.repository.ts. */
  jobs: JobsService;
  /** The automation engine: `drain()` runs everything due now (tests), `now` is its clock. */
  automations: AutomationEngine;
}

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
}

/** Builds the whole server: used by main.ts and by every integration test. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const db =
    opts.db ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'talkbase.db') });
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
    const signer = new TokenSigner(await tokenSecret(db.kysely), config.accessTokenSeconds);
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });
    const bus =
      db.pool && config.databaseUrl
        ? postgresBus({
            pool: db.pool,
            connectionString: config.databaseUrl,
            channel: opts.realtimeChannel ?? 'talkbase_events',
            onError: (err) => app.log.error({ err }, 'realtime bus'),
          })
        : localBus();
    const hub = new RealtimeHub(bus);
    // Every write's events (events/): appended in its transaction, dispatched after its commit.
    const events = new EventStream({ db, onError: (err, what) => app.log.error({ err }, what) });
    const pushes = new StreamPushes(hub);
    // One runner for the instance's background work, in named lanes (runtime/background-runner.ts).
    const runner = backgroundRunner();
    const auth = new AuthService({ db: db.kysely, config, hasher, signer, mailer });
    const accounts = new AccountsService(db.kysely, hasher);
    const accountLife = new AccountLifeService({ db: db.kysely, config, hasher, mailer, log: app.log });
    app.addHook('onClose', () => accountLife.settled());
    // Counts of filtered pages; another instance's writes reach us as SendTalkUpdates.
    const counts = new CountCache();
    // The counts of a subject's filtered pages are stale once its records or their tags change.
    events.onCommitted('counts', (committed) => {
      for (const e of committed)
        if (e.kind.startsWith('talk.') || e.kind.startsWith('tag.')) counts.invalidate(e.subjectId);
    });
    // Open sessions hear of every change their account may read (the hub applies the access module).
    events.onCommitted('pushes', pushes.consume);
    hub.onEvent((e) => {
      const subjectId = (e.data as { subjectId?: unknown } | null)?.subjectId;
      if (e.event === realtimeEvents.talkUpdates && typeof subjectId === 'number')
        counts.invalidate(subjectId);
    });
    // Uploaded files; several instances must share this folder (docs/decisions.md, Files).
    const fileStore = new LocalFileStore(path.join(config.dataDir, 'files'));
    const certificates = new CertificatesService({
      db,
      catalog: subjects.catalog,
      endpoint: config.certificates,
    });
    // Every access decision about a subject passes the certificate gate (access/).
    const permissions = new PermissionsService(subjects.catalog, db.kysely, (auth, subjectId, trx) =>
      certificates.assertAllowed(auth, subjectId, trx),
    );
    const talks = new TalksService({
      db,
      subjects,
      permissions,
      events,
    });
    wireRecordParts(talks, fileStore);
    registerTicketRules(talks.writeRules, { subjects, talks });
    registerTaskRules(talks.writeRules, { subjects });
    const tags = new TagsService({
      db,
      catalog: subjects.catalog,
      events,
      counts,
      runner,
      onError: (err) => app.log.error({ err }, 'tags'),
    });
    talks.writeRules.onWritten({
      written: (trx, auth, subject, ids) => tags.evaluateWritten(trx, auth, subject, ids),
    });
    pushes.register(['tag.gained', 'tag.lost'], tags.membership.pushesOf);
    events.onCommitted('tags', (committed) => tags.membership.forgetDeleted(committed));
    const talkQuery = new TalkQueryService({ db, subjects, talks, counts });
    const tasks = new TasksService({ db, subjects, talks, query: talkQuery, events });
    const options = new OptionsService({ db, subjects, talks, counts });
    const savedFilters = new SavedFiltersService({ db, talks });
    const templates = new TemplatesService({ db, subjects });
    const contexts = new ContextsService({
      subjects,
      talks,
      permissions,
      templates,
      ids: new ContextIds(() => tokenSecret(db.kysely)),
    });
    const menus = new MenusService({ db, subjects, permissions, savedFilters, events });
    pushes.register(['menu.changed'], menus.pushesOf);
    // A grid opened from a menu item the account does not see gets nothing through it.
    talkQuery.setMenuItems((auth, menuId) =>
      menus.visibleNode(auth, menuId).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 404) return undefined;
        throw err;
      }),
    );
    const rooms = new RoomsService({ db, subjects, menus, events });
    const files = new FilesService({
      db,
      talks,
      permissions,
      store: fileStore,
      events,
      sizeLimit: config.fileSizeLimit,
    });
    const talkMessages = new MessagesService({ db, talks, subjects, events });
    pushes.register(['message.created'], talkMessages.pushesOf);
    hub.setRecordReadCheck(talkMessages.recordReadCheck);
    const notifications = new NotificationsService({ db, subjects });
    const jobs = new JobsService({ db, catalog: subjects.catalog });
    notifications.setAutomationCheck(async (companyId, ids) => [
      ...new Set((await jobs.usingNotifications(companyId, ids)).map((r) => r.refId)),
    ]);
    rooms.setNotificationSource((companyId) => notifications.forMatrix(companyId));
    accounts.setNotificationMatrix({
      read: (account) => notifications.accountMatrix(account),
      prepare: (a, input) => notifications.prepareAccountChoices(a, input),
    });
    const inbox = new InboxService({ db: db.kysely, events });
    pushes.register(['notification.created', 'notification.read'], inbox.pushesOf);
    const push = new PushChannel({
      db: db.kysely,
      keys: await vapidKeys(db.kysely),
      contact: `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`,
      // Endpoints are URLs accounts chose: delivered through the one guarded client.
      outbound: outboundClientFromConfig(config.outbound),
      allow: config.outbound.allow,
      timeoutMs: config.outbound.timeoutMs,
      onError: (err) => app.log.warn({ err }, 'web push'),
    });
    const notificationSender = new NotificationSender({
      db: db.kysely,
      notifications,
      inbox,
      mailer,
      push,
      subjects,
      talks,
      messages: talkMessages,
      onError: (err) => app.log.error({ err }, 'notification delivery'),
    });
    hub.setDeliveryFilter(
      talkUpdatesFilter({ permissions, db: db.kysely, sessionMs: config.sessionCheckMs }),
    );
    const automations = new AutomationEngine({
      db,
      subjects,
      permissions,
      jobs: storedJobs(db.kysely),
      registry: createActionRegistry([
        ...coreActionHandlers(),
        // SendEmail, Notification, HttpRequest; HTTP through the one guarded client (outbound/).
        ...outboundActionHandlers({ outbound: outboundClientFromConfig(config.outbound), files }),
      ]),
      services: { talks, subjects, tags, messages: talkMessages, notificationSender, mailer },
      pollMs: config.automationsPollMs,
      runner,
      onError: (err, what) => app.log.error({ err }, what),
    });
    // A commit that appended events wakes the automations (they read the log from their cursor).
    events.onAppended(() => automations.nudge());
    app.decorate('services', {
      config,
      db,
      mailer,
      hub,
      events,
      auth,
      accounts,
      subjects,
      permissions,
      talks,
      talkQuery,
      options,
      savedFilters,
      templates,
      contexts,
      rooms,
      files,
      messages: talkMessages,
      tasks,
      certificates,
      tags,
      notifications,
      notificationSender,
      jobs,
      automations,
    });
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

    const authenticate: Authenticator = (req) => auth.authenticate(req.headers.authorization);
    registerHealthRoutes(app, authenticate, db);
    registerAuthRoutes(app, authenticate, auth);
    const changeOwnPassword = auth.changePassword.bind(auth);
    registerAccountRoutes(app, authenticate, accounts, changeOwnPassword, accountLife);
    registerSubjectRoutes(app, authenticate, subjects, permissions);
    registerTalkRoutes(app, authenticate, talks, talkQuery);
    registerOptionRoutes(app, authenticate, options);
    registerSavedFilterRoutes(app, authenticate, savedFilters);
    registerPreferencesRoutes(app, authenticate, new PreferencesService(db.kysely));
    registerTemplateRoutes(app, authenticate, templates);
    registerSchemaTransferRoutes(app, authenticate, new SchemaTransferService({ db, subjects, templates }));
    registerContextRoutes(app, authenticate, contexts);
    registerRoomRoutes(app, authenticate, rooms);
    registerMenuRoutes(app, authenticate, menus);
    await registerFileRoutes(app, authenticate, files);
    registerReportModelRoutes(app, authenticate, new ReportModelsService({ db, subjects, permissions }));
    registerAvailabilityRoutes(app, authenticate, new AvailabilityService({ db, talks }));
    registerCertificateRoutes(app, authenticate, certificates);
    registerMessageRoutes(app, authenticate, talkMessages);
    registerTaskRoutes(app, authenticate, tasks);
    registerTagRoutes(app, authenticate, tags);
    const talkImports = new TalkImportService({ db, talks, subjects, events, runner });
    await registerTalkTransferRoutes(
      app,
      authenticate,
      new TalkExportService({ db, talks, templates }),
      talkImports,
    );
    app.addHook('onClose', () => talkImports.idle());
    registerJobRoutes(app, authenticate, jobs);
    registerAutomationRoutes(app, authenticate, automations);
    registerRunHistoryRoutes(app, authenticate, db.kysely);
    registerNotificationRoutes(app, authenticate, { notifications, sender: notificationSender, inbox, push });
    registerSearchRoutes(app, authenticate, new SearchService({ db, talks, permissions, counts }));
    registerApiDocsRoutes(app, authenticate);
    if (firstStart && config.seed === 'demo') {
      await seedDemo({ subjects, talks, rooms, accounts, log: app.log }, seedIdentity(FIRST_COMPANY_ID, 1));
    }
    registerRealtimeRoutes(app, auth, hub);
    await serveWebApp(app, config.webDist);
    if (config.certificates) {
      // Loaded only here: its X.509 libraries cost ~3 MiB of heap on servers without the endpoint.
      const { startCertificateEndpoint } = await import('./modules/certificates/certificate-endpoint.ts');
      const endpoint = await startCertificateEndpoint({
        config: config.certificates,
        service: certificates,
        log: app.log.child({ module: 'certificates' }),
      });
      app.addHook('onClose', () => endpoint.close());
    }

    await hub.start({
      sweepMs: config.sessionCheckMs,
      liveSessions: (ids) => liveSessionIds(db.kysely, ids, Date.now()),
      onError: (err) => app.log.error({ err }, 'realtime session sweep'),
    });

    // Re-tagging left unfinished by a restart resumes now, in the background.
    tags.runner.start();
    // Uploaded bytes a crash left without their row go at start and hourly (FILE_SWEEP_GRACE_SECONDS).
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweepFiles = () => {
      sweeping = files
        .sweep(config.fileSweepGraceSeconds * 1000)
        .catch((err: unknown) => app.log.error({ err }, 'file sweep'))
        // Events every durable consumer has read go after a week (events/event-log.ts).
        .then(() => events.prune())
        .catch((err: unknown) => app.log.error({ err }, 'event log prune'));
    };
    sweepFiles();
    const fileSweep = setInterval(sweepFiles, 60 * 60 * 1000);
    fileSweep.unref();
    // Automations: the outbox worker, due runs and schedules (none in tests: they drain it).
    automations.start();
    app.addHook('onClose', async () => {
      await automations.close();
      await tags.runner.close();
      await hub.close();
      mailer.close();
      if (ownsDb) await db.close();
    });
    // onClose hooks run last-registered first: the sweep stops before the database closes.
    app.addHook('onClose', async () => {
      clearInterval(fileSweep);
      await sweeping;
    });
    // Push deliveries still under way are abandoned before the database closes.
    app.addHook('onClose', () => push.close());
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
