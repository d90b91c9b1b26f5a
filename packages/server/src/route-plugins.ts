import type { RoutePlugin } from './http/route-plugin.ts';
import type { Services } from './services.ts';
import { registerAggregateRoutes } from './modules/aggregates/aggregates.routes.ts';
import { registerDashboardRoutes } from './modules/dashboards/dashboards.routes.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerAutomationRoutes } from './modules/automations/automations.routes.ts';
import { registerRunHistoryRoutes } from './modules/automations/run-history.routes.ts';
import { registerAvailabilityRoutes } from './modules/availability/availability.routes.ts';
import { registerCertificateRoutes } from './modules/certificates/certificates.routes.ts';
import { registerContextRoutes } from './modules/contexts/contexts.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerJobRoutes } from './modules/automation-definitions/automation-definitions.routes.ts';
import { registerMenuRoutes } from './modules/menus/menus.routes.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { registerEmailChannelRoutes } from './modules/email-channels/email-channels.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerOptionRoutes } from './modules/options/options.routes.ts';
import { registerPreferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { registerSavedViewRoutes } from './modules/preferences/saved-views.routes.ts';
import { registerReportModelRoutes } from './modules/report-models/report-models.routes.ts';
import { registerRoomRoutes } from './modules/rooms/rooms.routes.ts';
import { registerSavedFilterRoutes } from './modules/saved-filters/saved-filters.routes.ts';
import { registerSchemaTransferRoutes } from './modules/schema-transfer/schema-transfer.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerRealtimeRoutes } from './modules/socket/realtime.routes.ts';
import { registerSubjectRoutes } from './modules/subjects/subjects.routes.ts';
import { registerTagRoutes } from './modules/tags/tags.routes.ts';
import { registerTalkTransferRoutes } from './modules/record-transfer/record-transfer.routes.ts';
import { registerTalkRoutes } from './modules/records/records.routes.ts';
import { registerTaskRoutes } from './modules/tasks/tasks.routes.ts';
import { registerTemplateRoutes } from './modules/templates/templates.routes.ts';
import { registerSlaRoutes } from './modules/sla/sla.routes.ts';

/**
 * Every module's routes, in one list: buildApp registers each as a Fastify plugin. A new module
 * adds its line here; each line passes the module only the services it uses.
 */
export const routePlugins: readonly RoutePlugin<Services>[] = [
  { name: 'health', register: (app, a, s) => registerHealthRoutes(app, a, s.db) },
  { name: 'auth', register: (app, a, s) => registerAuthRoutes(app, a, s.auth) },
  {
    name: 'accounts',
    // The own password change is the sign-in's (it checks the current password under its limit).
    register: (app, a, s) =>
      registerAccountRoutes(app, a, s.accounts, s.auth.changePassword.bind(s.auth), s.accountLife),
  },
  { name: 'subjects', register: (app, a, s) => registerSubjectRoutes(app, a, s.subjects, s.permissions) },
  { name: 'talks', register: (app, a, s) => registerTalkRoutes(app, a, s.talks, s.talkQuery) },
  { name: 'aggregates', register: (app, a, s) => registerAggregateRoutes(app, a, s.aggregates) },
  { name: 'dashboards', register: (app, a, s) => registerDashboardRoutes(app, a, s.dashboards) },
  { name: 'options', register: (app, a, s) => registerOptionRoutes(app, a, s.options) },
  { name: 'saved-filters', register: (app, a, s) => registerSavedFilterRoutes(app, a, s.savedFilters) },
  { name: 'preferences', register: (app, a, s) => registerPreferencesRoutes(app, a, s.preferences) },
  { name: 'saved-views', register: (app, a, s) => registerSavedViewRoutes(app, a, s.savedViews) },
  { name: 'templates', register: (app, a, s) => registerTemplateRoutes(app, a, s.templates) },
  {
    name: 'schema-transfer',
    register: (app, a, s) => registerSchemaTransferRoutes(app, a, s.schemaTransfer),
  },
  { name: 'contexts', register: (app, a, s) => registerContextRoutes(app, a, s.contexts) },
  { name: 'rooms', register: (app, a, s) => registerRoomRoutes(app, a, s.rooms) },
  { name: 'menus', register: (app, a, s) => registerMenuRoutes(app, a, s.menus) },
  { name: 'files', register: (app, a, s) => registerFileRoutes(app, a, s.files) },
  { name: 'report-models', register: (app, a, s) => registerReportModelRoutes(app, a, s.reportModels) },
  { name: 'availability', register: (app, a, s) => registerAvailabilityRoutes(app, a, s.availability) },
  { name: 'certificates', register: (app, a, s) => registerCertificateRoutes(app, a, s.certificates) },
  { name: 'messages', register: (app, a, s) => registerMessageRoutes(app, a, s.messages) },
  { name: 'email-channels', register: (app, a, s) => registerEmailChannelRoutes(app, a, s.emailChannels) },
  { name: 'tasks', register: (app, a, s) => registerTaskRoutes(app, a, s.tasks) },
  { name: 'tags', register: (app, a, s) => registerTagRoutes(app, a, s.tags) },
  {
    name: 'talk-transfer',
    register: (app, a, s) => registerTalkTransferRoutes(app, a, s.talkExport, s.talkImports),
  },
  { name: 'jobs', register: (app, a, s) => registerJobRoutes(app, a, s.jobs) },
  { name: 'automations', register: (app, a, s) => registerAutomationRoutes(app, a, s.automations) },
  { name: 'sla', register: (app, a, s) => registerSlaRoutes(app, a, s.sla) },
  { name: 'run-history', register: (app, a, s) => registerRunHistoryRoutes(app, a, s.db.kysely) },
  {
    name: 'notifications',
    register: (app, a, s) =>
      registerNotificationRoutes(app, a, {
        notifications: s.notifications,
        sender: s.notificationSender,
        inbox: s.inbox,
        push: s.push,
        publicUrl: s.config.publicUrlSet,
      }),
  },
  { name: 'search', register: (app, a, s) => registerSearchRoutes(app, a, s.search) },
  { name: 'api-docs', register: (app, a) => registerApiDocsRoutes(app, a) },
  { name: 'realtime', register: (app, _a, s) => registerRealtimeRoutes(app, s.auth, s.hub) },
];
