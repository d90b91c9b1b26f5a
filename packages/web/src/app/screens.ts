import type { ComponentType } from 'react';
import { t } from '../i18n/pt-BR.ts';
import type { Access } from '../features/session/access.ts';
import { templateTitles } from '../i18n/templates-titles.ts';
import { screenTitles } from '../i18n/screen-titles.ts';
import { subjectDesignerTitles } from '../i18n/subject-designer-titles.ts';

/** Named routes of the spec (000 §2, 001 §2); a menu links to one only once its screen exists. */
export type ScreenName =
  | 'config_users_list'
  | 'config_users_add'
  | 'config_users_edit'
  | 'config_access_profile_list'
  | 'config_access_profile_new'
  | 'config_access_profile_edit'
  | 'config_theme'
  | 'config_dark_mode'
  | 'config_system'
  | 'config_security'
  | 'config_email'
  | 'automation_list'
  | 'automation_editor'
  | 'automation_history'
  | 'menu'
  | 'subjects_list'
  | 'subjects_editor'
  | 'tags_list'
  | 'config_sla'
  | 'config_sla_report'
  | 'tags_editor'
  | 'report_models_list'
  | 'template_list_default'
  | 'template_list_custom'
  | 'template_list_users'
  | 'template_list_forms'
  | 'template_editor_new'
  | 'template_editor'
  | 'notification_list'
  | 'channels'
  | 'notificationPage'
  | 'notifications_inbox'
  | 'my_tasks'
  | 'dashboards'
  | 'profile'
  | 'context'
  | 'search';

export interface Screen {
  name: ScreenName;
  /** Route pattern, relative to the root ("config/system"). */
  path: string;
  title: string;
  access: Access;
  /** The screen names its own tab (see RouteHandle.ownTitle). */
  ownTitle?: boolean;
  load: () => Promise<{ Component: ComponentType }>;
}

/**
 * A screen that shows records (its grid, form or talk view), loaded together with what tags,
 * talk-transfer, tickets and tasks put into them (app/record-slots.ts), in parallel. A screen that
 * holds the record form in its own chunk (the search results' talk view) waits for the form rules
 * too; the context screen loads them with its form.
 */
function withRecordSlots<T>(screen: Promise<T>, holdsForm = false): Promise<T> {
  const slots = import('./record-slots.ts').then((m) => {
    m.fillRecordSlots();
    return holdsForm ? m.loadRecordFormRules() : undefined;
  });
  return Promise.all([screen, slots]).then(([loaded]) => loaded);
}

/** Every screen the app has today. Adding one here adds its route, its tab title and its menu link. */
export const screens: readonly Screen[] = [
  {
    name: 'config_access_profile_list',
    path: 'config/access_profile',
    title: screenTitles.roomList,
    access: 'admin',
    load: () => import('../features/rooms/RoomListPage.tsx').then((m) => ({ Component: m.RoomListPage })),
  },
  {
    name: 'config_access_profile_new',
    path: 'config/access_profile/room',
    title: screenTitles.roomNew,
    access: 'admin',
    load: () => import('../features/rooms/RoomFormPage.tsx').then((m) => ({ Component: m.RoomFormPage })),
  },
  {
    name: 'config_access_profile_edit',
    path: 'config/access_profile/room/:roomId',
    title: screenTitles.roomEdit,
    access: 'admin',
    load: () => import('../features/rooms/RoomFormPage.tsx').then((m) => ({ Component: m.RoomFormPage })),
  },
  {
    name: 'context',
    path: 'context/:scenario/:subject/*',
    title: screenTitles.records,
    access: 'user',
    ownTitle: true,
    load: () =>
      withRecordSlots(import('../features/records/ContextPage.tsx')).then((m) => ({
        Component: m.ContextPage,
      })),
  },
  {
    name: 'config_theme',
    path: 'config/theme',
    title: t.theme.title,
    access: 'user',
    load: () => import('../features/preferences/ThemePage.tsx').then((m) => ({ Component: m.ThemePage })),
  },
  {
    name: 'config_dark_mode',
    path: 'config/dark-mode',
    title: t.darkMode.title,
    access: 'user',
    load: () =>
      import('../features/preferences/DarkModePage.tsx').then((m) => ({ Component: m.DarkModePage })),
  },
  {
    name: 'config_system',
    path: 'config/system',
    title: t.system.title,
    access: 'admin',
    load: () => import('../features/system/SystemPage.tsx').then((m) => ({ Component: m.SystemPage })),
  },
  {
    // The company's sign-in rules (issue 34 item 4); they bind room 1's administrators too.
    name: 'config_security',
    path: 'config/security',
    title: t.sideMenu.items.config_security,
    access: 'admin-room-1',
    load: () => import('../features/security/SecurityPage.tsx').then((m) => ({ Component: m.SecurityPage })),
  },
  {
    // E-mail channels (issue 37): mail to their addresses opens records and joins their conversations.
    name: 'config_email',
    path: 'config/email',
    title: t.sideMenu.items.config_email,
    access: 'admin-room-1',
    load: () =>
      import('../features/email-channels/EmailChannelsPage.tsx').then((m) => ({
        Component: m.EmailChannelsPage,
      })),
  },
  {
    name: 'menu',
    path: 'config/menu',
    title: screenTitles.menuBuilder,
    access: 'admin',
    load: () =>
      import('../features/menus/MenuBuilderPage.tsx').then((m) => ({ Component: m.MenuBuilderPage })),
  },
  {
    name: 'subjects_list',
    path: 'config/subjects',
    title: subjectDesignerTitles.list,
    access: 'admin',
    load: () =>
      import('../features/subject-designer/SubjectListPage.tsx').then((m) => ({
        Component: m.SubjectListPage,
      })),
  },
  {
    // 'new' or a subject's identifier (issue 17).
    name: 'subjects_editor',
    path: 'config/subjects/:subject',
    title: subjectDesignerTitles.editor,
    access: 'admin',
    load: () =>
      import('../features/subject-designer/SubjectEditorPage.tsx').then((m) => ({
        Component: m.SubjectEditorPage,
      })),
  },
  {
    name: 'config_users_list',
    path: 'config/users',
    title: screenTitles.userList,
    access: 'admin',
    load: () => import('../features/users/UsersListPage.tsx').then((m) => ({ Component: m.UsersListPage })),
  },
  {
    name: 'config_users_add',
    path: 'config/users/add',
    title: screenTitles.userAdd,
    access: 'admin',
    load: () => import('../features/users/UserFormPage.tsx').then((m) => ({ Component: m.UserAddPage })),
  },
  {
    name: 'config_users_edit',
    path: 'config/users/edit/:accountId',
    title: screenTitles.userEdit,
    access: 'admin',
    load: () => import('../features/users/UserFormPage.tsx').then((m) => ({ Component: m.UserEditPage })),
  },
  {
    name: 'automation_list',
    path: 'automation/list',
    title: t.sideMenu.items.automation_list,
    access: 'admin-room-1',
    load: () =>
      import('../features/automations/AutomationListPage.tsx').then((m) => ({
        Component: m.AutomationListPage,
      })),
  },
  {
    // One route for a new automation and an existing one; ?delete=true is the delete mode (000 §2).
    name: 'automation_editor',
    path: 'automation/editor/:jobId?',
    title: 'Editor de automação',
    access: 'admin-room-1',
    load: () =>
      import('../features/automations/AutomationEditorPage.tsx').then((m) => ({
        Component: m.AutomationEditorPage,
      })),
  },
  {
    // Every job's runs, or one job's (issue 33: filtered by job and status).
    name: 'automation_history',
    path: 'automation/history/:jobId?',
    title: 'Histórico de execuções',
    access: 'admin-room-1',
    ownTitle: true,
    load: () =>
      import('../features/automations/RunHistoryPage.tsx').then((m) => ({ Component: m.RunHistoryPage })),
  },
  {
    // Service levels (issue 37 item 3): calendars and policies, and their compliance report.
    name: 'config_sla',
    path: 'config/sla',
    title: t.sideMenu.items.config_sla,
    access: 'admin',
    load: () => import('../features/sla/SlaPage.tsx').then((m) => ({ Component: m.SlaPage })),
  },
  {
    name: 'config_sla_report',
    path: 'config/sla/report',
    title: 'Cumprimento de SLA',
    access: 'admin',
    load: () => import('../features/sla/SlaReportPage.tsx').then((m) => ({ Component: m.SlaReportPage })),
  },
  {
    name: 'tags_list',
    path: 'tags/list',
    title: t.sideMenu.items.tags_list,
    access: 'admin-room-1',
    load: () => import('../features/tags/TagListPage.tsx').then((m) => ({ Component: m.TagListPage })),
  },
  {
    // One route for a new tag and an existing one (000 §2 /tags/editor/{tagId?}).
    name: 'tags_editor',
    path: 'tags/editor/:tagId?',
    title: 'Editor de tag',
    access: 'admin-room-1',
    load: () => import('../features/tags/TagEditorPage.tsx').then((m) => ({ Component: m.TagEditorPage })),
  },
  {
    // The list and, under editor/{templateId?}, the editor: one entry keeps the shell small.
    name: 'report_models_list',
    path: 'config/report-models/*',
    title: t.sideMenu.items.report_models_list,
    access: 'admin',
    ownTitle: true,
    load: () =>
      import('../features/report-models/ReportModelsScreen.tsx').then((m) => ({
        Component: m.ReportModelsScreen,
      })),
  },
  {
    name: 'template_list_custom',
    path: 'config/templates/custom',
    title: templateTitles.custom,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateListPage.tsx').then((m) => ({
        Component: m.CustomTemplateListPage,
      })),
  },
  {
    name: 'template_list_default',
    path: 'config/templates/default',
    title: templateTitles.default,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateListPage.tsx').then((m) => ({
        Component: m.DefaultTemplateListPage,
      })),
  },
  {
    name: 'template_list_users',
    path: 'config/templates/users',
    title: templateTitles.users,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateListPage.tsx').then((m) => ({
        Component: m.UserTemplateListPage,
      })),
  },
  {
    name: 'template_list_forms',
    path: 'config/templates/forms',
    title: templateTitles.forms,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateListPage.tsx').then((m) => ({
        Component: m.FormTemplateListPage,
      })),
  },
  {
    name: 'template_editor_new',
    path: 'config/templates/editor/:type',
    title: templateTitles.editorNew,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateEditorPage.tsx').then((m) => ({
        Component: m.TemplateEditorPage,
      })),
  },
  {
    name: 'template_editor',
    path: 'config/templates/editor/:type/:templateId',
    title: templateTitles.editorEdit,
    access: 'admin',
    load: () =>
      import('../features/templates/TemplateEditorPage.tsx').then((m) => ({
        Component: m.TemplateEditorPage,
      })),
  },
  {
    name: 'search',
    path: 'search',
    title: screenTitles.search,
    access: 'user',
    ownTitle: true,
    load: () =>
      withRecordSlots(import('../features/search/SearchPage.tsx'), true).then((m) => ({
        Component: m.SearchPage,
      })),
  },
  {
    name: 'notification_list',
    path: 'config/notifications',
    title: t.sideMenu.items.notification_list,
    access: 'admin',
    load: () =>
      import('../features/notifications/NotificationListPage.tsx').then((m) => ({
        Component: m.NotificationListPage,
      })),
  },
  {
    // 'Cadastrar Notificações' (001 §2.11): new, or the notificationId parameter.
    name: 'notificationPage',
    path: 'config/notifications/form/:notificationId?',
    title: 'Cadastrar Notificações',
    access: 'admin',
    load: () =>
      import('../features/notifications/NotificationFormPage.tsx').then((m) => ({
        Component: m.NotificationFormPage,
      })),
  },
  {
    name: 'channels',
    path: 'config/channels',
    title: t.sideMenu.items.channels,
    access: 'admin',
    load: () =>
      import('../features/notifications/ChannelsPage.tsx').then((m) => ({ Component: m.ChannelsPage })),
  },
  {
    name: 'notifications_inbox',
    path: 'notifications',
    // Not the settings' 'Notificações': two tabs of one name could not be told apart (issue 39 item 9).
    title: 'Minhas notificações',
    access: 'user',
    load: () => import('../features/notifications/InboxPage.tsx').then((m) => ({ Component: m.InboxPage })),
  },
  {
    // The signed-in person's tasks with their timers (issue 35 item 1).
    name: 'my_tasks',
    path: 'minhas-tarefas',
    title: t.sideMenu.items.my_tasks,
    access: 'user',
    load: () => import('../features/tasks/MyTasksPage.tsx').then((m) => ({ Component: m.MyTasksPage })),
  },
  {
    // Dashboards (issue 38 item 4): the home one, or /dashboard/{id}; charts load with their widgets.
    name: 'dashboards',
    path: 'dashboard/:dashboardId?',
    title: t.sideMenu.items.dashboards,
    access: 'user',
    ownTitle: true,
    load: () =>
      import('../features/dashboards/DashboardsPage.tsx').then((m) => ({ Component: m.DashboardsPage })),
  },
  {
    name: 'profile',
    path: 'usuario',
    title: screenTitles.profile,
    access: 'user',
    load: () => import('../features/profile/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
];

/** The address of a named screen, or undefined while that screen does not exist. */
export function screenPath(name: ScreenName, list: readonly Screen[] = screens): string | undefined {
  const screen = list.find((s) => s.name === name);
  // Without its optional parts (a splat, `:param?`): the address of the screen itself.
  return screen ? `/${screen.path.replace(/\/(\*|:[^/]+\?)/g, '')}` : undefined;
}
