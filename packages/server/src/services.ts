import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { HttpError } from './http/errors.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { outboundClientFromConfig } from './outbound/index.ts';
import { localBus, postgresBus } from './realtime/bus.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { EventStream } from './events/event-stream.ts';
import { StreamPushes } from './events/stream-pushes.ts';
import { backgroundRunner } from './runtime/background-runner.ts';
import { CountCache } from './records/count-cache.ts';
import { PermissionsService } from './access/permissions.service.ts';
import { talkUpdatesFilter } from './access/realtime-filter.ts';
import { AccountLifeService } from './modules/accounts/account-life.service.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import type { PasswordHasher } from './modules/accounts/password-hasher.ts';
import { liveSessionIds } from './modules/auth/auth.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { tokenSecret } from './modules/bootstrap/bootstrap.repository.ts';
import type { SubjectsService } from './modules/subjects/subjects.service.ts';
import { TalkQueryService } from './modules/records/record-query.service.ts';
import { AggregatesService } from './modules/aggregates/aggregates.service.ts';
import { AggregateCache } from './modules/aggregates/aggregate-cache.ts';
import { DashboardsService } from './modules/dashboards/dashboards.service.ts';
import { TalksService } from './modules/records/records.service.ts';
import { MenusService } from './modules/menus/menus.service.ts';
import { RoomsService } from './modules/rooms/rooms.service.ts';
import { OptionsService } from './modules/options/options.service.ts';
import { PreferencesService } from './modules/preferences/preferences.service.ts';
import { SavedViewsService } from './modules/preferences/saved-views.service.ts';
import { SavedFiltersService } from './modules/saved-filters/saved-filters.service.ts';
import { registerTicketRules } from './modules/tickets/ticket-write-rule.ts';
import { registerTaskRules } from './modules/tasks/task-write-rule.ts';
import { SearchService } from './modules/search/search.service.ts';
import { TasksService } from './modules/tasks/tasks.service.ts';
import { TemplatesService } from './modules/templates/templates.service.ts';
import { SchemaTransferService } from './modules/schema-transfer/schema-transfer.service.ts';
import { ContextIds } from './modules/contexts/context-id.ts';
import { ContextsService } from './modules/contexts/contexts.service.ts';
import { LocalFileStore } from './modules/files/file-store.ts';
import { FilesService } from './modules/files/files.service.ts';
import { ReportModelsService } from './modules/report-models/report-models.service.ts';
import { AvailabilityService } from './modules/availability/availability.service.ts';
import { CertificatesService } from './modules/certificates/certificates.service.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { EmailChannelsService } from './modules/email-channels/email-channels.service.ts';
import { InboundMail } from './modules/email-channels/inbound-mail.ts';
import { ImapChannels } from './modules/email-channels/imap-channels.ts';
import { TalkExportService } from './modules/record-transfer/export.service.ts';
import { TalkImportService } from './modules/record-transfer/import.service.ts';
import { TagsService } from './modules/tags/tags.service.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { JobsService } from './modules/automation-definitions/automation-definitions.service.ts';
import { coreActionHandlers } from './modules/automations/actions/core/index.ts';
import { outboundActionHandlers } from './modules/automations/actions/outbound/index.ts';
import { createActionRegistry } from './modules/automations/actions/registry.ts';
import type { ActionHandler } from './modules/automations/actions/types.ts';
import { AutomationEngine } from './modules/automations/engine.ts';
import { storedJobs } from './modules/automations/definition-source.ts';
import { NotificationSender } from './modules/notifications/notification-sender.ts';
import { InboxService } from './modules/notifications/inbox.service.ts';
import { PushChannel, vapidKeys } from './modules/notifications/web-push.ts';
import { wireRecordParts } from './record-wiring.ts';
import { SlaClocks } from './modules/sla/sla-clocks.ts';
import { SlaService } from './modules/sla/sla.service.ts';

/** The instance's services: every route plugin (route-plugins.ts) and test reads them here. */
export interface Services {
  config: Config;
  db: Db;
  mailer: Mailer;
  hub: RealtimeHub;
  /** Every write's events; `write` opens a transaction whose events are dispatched after commit. */
  events: EventStream;
  auth: AuthService;
  accounts: AccountsService;
  /** Suspending, restoring and resetting accounts' passwords. */
  accountLife: AccountLifeService;
  subjects: SubjectsService;
  permissions: PermissionsService;
  talks: TalksService;
  talkQuery: TalkQueryService;
  /** Counts and sums of records by the grid's filters (issue 38). */
  aggregates: AggregatesService;
  /** Users' and company dashboards of aggregates (issue 38). */
  dashboards: DashboardsService;
  options: OptionsService;
  savedFilters: SavedFiltersService;
  preferences: PreferencesService;
  /** Each account's last view of each subject (issue 38 item 5). */
  savedViews: SavedViewsService;
  templates: TemplatesService;
  schemaTransfer: SchemaTransferService;
  contexts: ContextsService;
  menus: MenusService;
  rooms: RoomsService;
  files: FilesService;
  reportModels: ReportModelsService;
  availability: AvailabilityService;
  certificates: CertificatesService;
  /** Record conversations; automations post through `messages.postMessage`. */
  messages: MessagesService;
  /** Tasks and their timer; tests move `tasks.now`. */
  tasks: TasksService;
  /** Tags; automations set and remove them through `tags.addTag` / `tags.removeTag`. */
  tags: TagsService;
  talkExport: TalkExportService;
  talkImports: TalkImportService;
  search: SearchService;
  notifications: NotificationsService;
  /** `send(...)`: the one way a notification goes out (API and automations). */
  notificationSender: NotificationSender;
  inbox: InboxService;
  push: PushChannel;
  /** Automation jobs; the engine reads them through modules/automation-definitions/automation-definitions.repository.ts. */
  jobs: JobsService;
  /** Service levels: calendars, policies, the tickets' clocks (`sla.clocks.drain()` in tests). */
  sla: SlaService;
  /** The automation engine: `drain()` runs everything due now (tests), `now` is its clock. */
  automations: AutomationEngine;
  /** E-mail channels and the answers by e-mail (modules/email-channels). */
  emailChannels: EmailChannelsService;
  /** Mail received (the SMTP listener delivers to it; app.ts starts the listener with SMTP_INBOUND_PORT). */
  inboundMail: InboundMail;
  /** The IMAP mailboxes of active channels, watched with IDLE (started with the instance). */
  imapChannels: ImapChannels;
}

/** The services, and what starts and stops their background work. */
export interface Instance {
  services: Services;
  /** Starts real-time delivery, background runners and sweeps (after the routes are in place). */
  start(): Promise<void>;
  /** Stops them, the most recently started first; the database is the caller's. */
  close(): Promise<void>;
}

/**
 * Builds every service of an instance, each given what it needs in its constructor, in the order
 * their dependencies allow (no service is completed by a setter afterwards).
 */
export async function buildServices(opts: {
  config: Config;
  db: Db;
  subjects: SubjectsService;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  realtimeChannel: string | undefined;
  /** Action kinds added to the engine's (app.ts `actionHandlers`). */
  actionHandlers: ActionHandler[];
}): Promise<Instance> {
  const { config, db, subjects, hasher, log } = opts;
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
          onError: (err) => log.error({ err }, 'realtime bus'),
        })
      : localBus();
  const hub = new RealtimeHub(bus);
  // Every write's events (events/): appended in its transaction, dispatched after its commit.
  const events = new EventStream({ db, onError: (err, what) => log.error({ err }, what) });
  const pushes = new StreamPushes(hub);
  // One runner for the instance's background work, in named lanes (runtime/background-runner.ts).
  const runner = backgroundRunner();
  const auth = new AuthService({ db: db.kysely, config, hasher, signer, mailer });
  const accountLife = new AccountLifeService({ db: db.kysely, config, hasher, mailer, log });
  // Counts of filtered pages; another instance's writes reach us as SendTalkUpdates.
  const counts = new CountCache();
  // Aggregates' results (modules/aggregates), dropped with the counts.
  const aggregateCache = new AggregateCache();
  // The counts of a subject's filtered pages are stale once its records or their tags change.
  events.onCommitted('counts', (committed) => {
    for (const e of committed)
      if (e.kind.startsWith('talk.') || e.kind.startsWith('tag.')) {
        counts.invalidate(e.subjectId);
        aggregateCache.invalidate(e.subjectId);
      }
  });
  // Open sessions hear of every change their account may read (the hub applies the access module).
  events.onCommitted('pushes', pushes.consume);
  hub.onEvent((e) => {
    const subjectId = (e.data as { subjectId?: unknown } | null)?.subjectId;
    if (e.event === realtimeEvents.talkUpdates && typeof subjectId === 'number') {
      counts.invalidate(subjectId);
      aggregateCache.invalidate(subjectId);
    }
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
  const talks = new TalksService({ db, subjects, permissions, events });
  wireRecordParts(talks, fileStore, { subjects, permissions });
  registerTicketRules(talks.writeRules, { subjects, talks });
  registerTaskRules(talks.writeRules, { subjects });
  const tags = new TagsService({
    db,
    catalog: subjects.catalog,
    events,
    counts,
    runner,
    onError: (err) => log.error({ err }, 'tags'),
  });
  talks.writeRules.onWritten({
    written: (trx, auth, subject, ids) => tags.evaluateWritten(trx, auth, subject, ids),
  });
  pushes.register(['tag.gained', 'tag.lost'], tags.membership.pushesOf);
  events.onCommitted('tags', (committed) => tags.membership.forgetDeleted(committed));
  const savedFilters = new SavedFiltersService({ db, talks });
  const menus = new MenusService({ db, subjects, permissions, savedFilters, events });
  pushes.register(['menu.changed'], menus.pushesOf);
  const talkQuery = new TalkQueryService({
    db,
    subjects,
    talks,
    counts,
    // A grid opened from a menu item the account does not see gets nothing through it.
    menuItem: (auth, menuId) =>
      menus.visibleNode(auth, menuId).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 404) return undefined;
        throw err;
      }),
  });
  const aggregates = new AggregatesService({
    db,
    query: talkQuery,
    permissions,
    subjects,
    cache: aggregateCache,
  });
  const dashboards = new DashboardsService({ db, events, aggregates });
  pushes.register(['dashboard.changed'], dashboards.pushesOf);
  const tasks = new TasksService({ db, subjects, talks, query: talkQuery, events });
  const options = new OptionsService({ db, subjects, talks, counts });
  const templates = new TemplatesService({ db, subjects });
  const contexts = new ContextsService({
    subjects,
    talks,
    permissions,
    templates,
    ids: new ContextIds(() => tokenSecret(db.kysely)),
  });
  const files = new FilesService({
    db,
    talks,
    permissions,
    store: fileStore,
    events,
    sizeLimit: config.fileSizeLimit,
  });
  const actionRegistry = createActionRegistry([
    ...coreActionHandlers(),
    // SendEmail, Notification, HttpRequest; HTTP through the one guarded client (outbound/).
    ...outboundActionHandlers({
      outbound: outboundClientFromConfig(config.outbound),
      files,
      publicUrl: config.publicUrlSet,
    }),
    // The integrations a deployment registers (000 §3 names them without describing them).
    ...opts.actionHandlers,
  ]);
  const jobs = new JobsService({ db, catalog: subjects.catalog, actionKinds: () => actionRegistry.kinds() });
  const notifications = new NotificationsService({
    db,
    subjects,
    automationsUsing: async (companyId, ids) => [
      ...new Set((await jobs.usingNotifications(companyId, ids)).map((r) => r.refId)),
    ],
  });
  const rooms = new RoomsService({
    db,
    subjects,
    menus,
    events,
    notificationSource: (companyId) => notifications.forMatrix(companyId),
  });
  const accounts = new AccountsService(db.kysely, hasher, {
    read: (account) => notifications.accountMatrix(account),
    prepare: (a, input) => notifications.prepareAccountChoices(a, input),
  });
  const messages = new MessagesService({ db, talks, subjects, events });
  pushes.register(['message.created'], messages.pushesOf);
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
    onError: (err) => log.warn({ err }, 'web push'),
  });
  const notificationSender = new NotificationSender({
    db: db.kysely,
    notifications,
    inbox,
    mailer,
    push,
    subjects,
    talks,
    messages,
    publicUrl: config.publicUrlSet,
    onError: (err) => log.error({ err }, 'notification delivery'),
  });
  const automations = new AutomationEngine({
    db,
    subjects,
    permissions,
    jobs: storedJobs(db.kysely),
    registry: actionRegistry,
    services: { talks, subjects, tags, messages, notificationSender, mailer },
    pollMs: config.automationsPollMs,
    runner,
    onError: (err, what) => log.error({ err }, what),
  });
  // A commit that appended events wakes the automations (they read the log from their cursor).
  events.onAppended(() => automations.nudge());
  const talkImports = new TalkImportService({ db, talks, subjects, events, runner });
  // Service levels: a durable consumer of the stream and a checker (modules/sla).
  const slaClocks = new SlaClocks({
    db,
    catalog: subjects.catalog,
    events,
    checkMs: config.slaCheckMs,
    onError: (err, what) => log.error({ err }, what),
  });
  events.onAppended(() => slaClocks.nudge());
  const sla = new SlaService({ db, catalog: subjects.catalog, permissions, clocks: slaClocks });
  const emailChannels = new EmailChannelsService({
    db,
    subjects,
    talks,
    messages,
    mailer,
    onError: (err) => log.error({ err }, 'e-mail reply'),
    secretKey: config.emailSecretKey,
  });
  const inboundMail = new InboundMail({
    db: db.kysely,
    subjects,
    talks,
    query: talkQuery,
    messages,
    files,
    channels: emailChannels,
    ratePerHour: config.smtpInbound.ratePerHour,
    log: (msg, data) => log.info(data ?? {}, msg),
  });
  const imapChannels = new ImapChannels({
    db: db.kysely,
    inbound: inboundMail,
    secretKey: config.emailSecretKey,
    onError: (err) => log.warn({ err }, 'IMAP mailbox'),
  });

  const services: Services = {
    config,
    db,
    mailer,
    hub,
    events,
    auth,
    accounts,
    accountLife,
    subjects,
    permissions,
    talks,
    talkQuery,
    aggregates,
    dashboards,
    options,
    savedFilters,
    preferences: new PreferencesService(db.kysely),
    savedViews: new SavedViewsService(db.kysely),
    templates,
    schemaTransfer: new SchemaTransferService({ db, subjects, templates }),
    contexts,
    menus,
    rooms,
    files,
    reportModels: new ReportModelsService({ db, subjects, permissions }),
    availability: new AvailabilityService({ db, talks }),
    certificates,
    messages,
    tasks,
    tags,
    talkExport: new TalkExportService({ db, talks, templates }),
    talkImports,
    search: new SearchService({ db, talks, permissions, counts }),
    notifications,
    notificationSender,
    inbox,
    push,
    jobs,
    automations,
    sla,
    emailChannels,
    inboundMail,
    imapChannels,
  };

  let fileSweep: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  return {
    services,
    async start() {
      await hub.start({
        sweepMs: config.sessionCheckMs,
        liveSessions: (ids) => liveSessionIds(db.kysely, ids, Date.now()),
        onError: (err) => log.error({ err }, 'realtime session sweep'),
        recordReadCheck: messages.recordReadCheck,
        deliveryFilter: talkUpdatesFilter({ permissions, db: db.kysely, sessionMs: config.sessionCheckMs }),
      });
      // Re-tagging left unfinished by a restart resumes now, in the background.
      tags.runner.start();
      // Uploaded bytes a crash left without their row go at start and hourly (FILE_SWEEP_GRACE_SECONDS).
      const sweepFiles = () => {
        sweeping = files
          .sweep(config.fileSweepGraceSeconds * 1000)
          .catch((err: unknown) => log.error({ err }, 'file sweep'))
          // Events every durable consumer has read go after a week (events/event-log.ts).
          .then(() => events.prune())
          .catch((err: unknown) => log.error({ err }, 'event log prune'));
      };
      sweepFiles();
      fileSweep = setInterval(sweepFiles, 60 * 60 * 1000);
      fileSweep.unref();
      // Automations: the outbox worker, due runs and schedules (none in tests: they drain it).
      automations.start();
      // E-mail channels' IMAP mailboxes (none without EMAIL_SECRET_KEY or an IMAP channel).
      imapChannels.start();
      slaClocks.start();
    },
    async close() {
      // Push deliveries still under way are abandoned; the sweep ends before the database closes.
      await push.close();
      clearInterval(fileSweep);
      await sweeping;
      await talkImports.idle();
      await accountLife.settled();
      await imapChannels.close();
      await automations.close();
      await slaClocks.close();
      await tags.runner.close();
      await hub.close();
      mailer.close();
    },
  };
}
