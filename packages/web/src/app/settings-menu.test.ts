import { describe, expect, it } from 'vitest';
import type { Screen, ScreenName } from './screens.ts';
import { settingsMenuFor } from './settings-menu.ts';

const screen = (name: ScreenName, path: string): Screen => ({
  name,
  path,
  title: name,
  access: 'user',
  load: () => Promise.reject(new Error('not loaded in this test')),
});

const allScreens = [
  screen('config_users_list', 'config/users'),
  screen('config_theme', 'config/theme'),
  screen('config_dark_mode', 'config/dark-mode'),
  screen('config_system', 'config/system'),
  screen('automation_list', 'automation/list'),
  screen('tags_list', 'tags/list'),
  screen('notification_list', 'config/notifications'),
];

const labels = (user: { isAdmin: boolean; roomId: number }, screens = allScreens) =>
  settingsMenuFor(user, screens).map((s) => [s.title, s.links.map((l) => l.label)]);

describe('settings menu (001 §2.1)', () => {
  it('shows an ordinary user only "Cores e Acessibilidade"', () => {
    expect(labels({ isAdmin: false, roomId: 1196 })).toEqual([
      ['Cores e Acessibilidade', ['Temas', 'Modo noturno']],
    ]);
  });

  it('shows administrators the admin sections, without Automações and Tags outside room 1', () => {
    const menu = labels({ isAdmin: true, roomId: 7 });
    expect(menu.map(([title]) => title)).toEqual([
      'Usuários',
      'Cores e Acessibilidade',
      'Sistema',
      'Notificações',
    ]);
    expect(menu[2]).toEqual(['Sistema', ['Situação do sistema']]);
  });

  it('shows Automações and Tags to administrators of room 1', () => {
    expect(labels({ isAdmin: true, roomId: 1 })[2]).toEqual([
      'Sistema',
      ['Situação do sistema', 'Automações', 'Tags'],
    ]);
  });

  it('links only to screens that exist, and drops sections left empty', () => {
    const menu = labels({ isAdmin: true, roomId: 1 }, [screen('config_theme', 'config/theme')]);
    expect(menu).toEqual([['Cores e Acessibilidade', ['Temas']]]);
    expect(
      settingsMenuFor({ isAdmin: true, roomId: 1 }, [screen('config_theme', 'config/theme')])[0]?.links[0]
        ?.path,
    ).toBe('/config/theme');
  });
});
