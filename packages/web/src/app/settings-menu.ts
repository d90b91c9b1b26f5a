import type { SessionUser } from '@talkbase/domain/contracts/account';
import { canAccess, type Access } from '../features/session/access.ts';
import { t } from '../i18n/pt-BR.ts';
import { screenPath, screens as allScreens, type Screen, type ScreenName } from './screens.ts';

/** Screens the settings menu links to: each has a label there. */
type SettingsScreen = Extract<ScreenName, keyof typeof t.sideMenu.items>;

interface EntryDefinition {
  screen: SettingsScreen;
  icon: string;
  access: Access;
}

interface SectionDefinition {
  title: string;
  access: Access;
  entries: EntryDefinition[];
}

/** The settings part of the side menu (001 §2.1) with its visibility rules. */
const sections: readonly SectionDefinition[] = [
  {
    title: t.sideMenu.sections.work,
    access: 'user',
    entries: [
      { screen: 'my_tasks', icon: 'task_alt', access: 'user' },
      { screen: 'dashboards', icon: 'monitoring', access: 'user' },
    ],
  },
  {
    title: t.sideMenu.sections.users,
    access: 'admin',
    entries: [
      { screen: 'config_users_list', icon: 'group', access: 'admin' },
      { screen: 'config_users_add', icon: 'person_add', access: 'admin' },
      { screen: 'config_access_profile_list', icon: 'badge', access: 'admin' },
    ],
  },
  {
    title: t.sideMenu.sections.appearance,
    access: 'user',
    entries: [
      { screen: 'config_theme', icon: 'palette', access: 'user' },
      { screen: 'config_dark_mode', icon: 'dark_mode', access: 'user' },
    ],
  },
  {
    title: t.sideMenu.sections.system,
    access: 'admin',
    entries: [
      { screen: 'config_system', icon: 'monitor_heart', access: 'admin' },
      { screen: 'config_security', icon: 'lock', access: 'admin-room-1' },
      { screen: 'config_email', icon: 'mail', access: 'admin-room-1' },
      { screen: 'automation_list', icon: 'bolt', access: 'admin-room-1' },
      { screen: 'menu', icon: 'menu_open', access: 'admin' },
      { screen: 'subjects_list', icon: 'schema', access: 'admin' },
      { screen: 'tags_list', icon: 'sell', access: 'admin-room-1' },
      { screen: 'config_sla', icon: 'timer', access: 'admin' },
    ],
  },
  {
    title: t.sideMenu.sections.templates,
    access: 'admin',
    entries: [
      { screen: 'template_list_default', icon: 'table_chart', access: 'admin' },
      { screen: 'template_list_custom', icon: 'dashboard_customize', access: 'admin' },
      { screen: 'template_list_users', icon: 'manage_accounts', access: 'admin' },
      { screen: 'template_list_forms', icon: 'description', access: 'admin' },
      { screen: 'report_models_list', icon: 'table_rows', access: 'admin' },
    ],
  },
  {
    title: t.sideMenu.sections.notifications,
    access: 'admin',
    entries: [
      { screen: 'notification_list', icon: 'notifications', access: 'admin' },
      { screen: 'channels', icon: 'hub', access: 'admin' },
    ],
  },
];

export interface SettingsLink {
  screen: SettingsScreen;
  label: string;
  icon: string;
  path: string;
}

export interface SettingsSection {
  title: string;
  links: SettingsLink[];
}

/** The sections and links this user may see, among the screens that exist; empty sections vanish. */
export function settingsMenuFor(
  user: Pick<SessionUser, 'isAdmin' | 'roomId'>,
  screens: readonly Screen[] = allScreens,
): SettingsSection[] {
  return sections
    .filter((section) => canAccess(user, section.access))
    .map((section) => ({
      title: section.title,
      links: section.entries.flatMap((entry) => {
        const path = screenPath(entry.screen, screens);
        if (!path || !canAccess(user, entry.access)) return [];
        return [{ screen: entry.screen, label: t.sideMenu.items[entry.screen], icon: entry.icon, path }];
      }),
    }))
    .filter((section) => section.links.length > 0);
}
