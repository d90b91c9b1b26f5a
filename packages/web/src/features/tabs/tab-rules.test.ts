import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  openTab,
  sameScreen,
  tabKey,
  type Tab,
} from './tab-rules.ts';

const tab = (path: string): Tab => ({ path, title: path.slice(1) });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('tabs (000 §1)', () => {
  it('puts a newly opened page first and leaves an already open one where it is', () => {
    let tabs = openTab([], tab('/a'));
    tabs = openTab(tabs, tab('/b'));
    tabs = openTab(tabs, tab('/c'));
    expect(paths(tabs)).toEqual(['/c', '/b', '/a']);
    expect(paths(openTab(tabs, tab('/a')))).toEqual(['/c', '/b', '/a']);
  });

  it('closing the current tab goes to the previous tab', () => {
    const result = closeTab([tab('/c'), tab('/b'), tab('/a')], '/b', '/b');
    expect(result.goTo).toBe('/c');
    expect(paths(result.tabs)).toEqual(['/c', '/a']);
  });

  it('closing the current first tab goes to the next one', () => {
    expect(closeTab([tab('/c'), tab('/b')], '/c', '/c').goTo).toBe('/b');
  });

  it('closing the only tab goes to the dashboard', () => {
    const result = closeTab([tab('/c')], '/c', '/c');
    expect(result).toEqual({ tabs: [], goTo: '/' });
  });

  it('closing another tab keeps the user on the current page', () => {
    const result = closeTab([tab('/c'), tab('/b'), tab('/a')], '/a', '/c');
    expect(result.goTo).toBeUndefined();
    expect(paths(result.tabs)).toEqual(['/c', '/b']);
  });

  it('keeps one tab per screen whatever the trailing slash or letter case (issue 39 item 9)', () => {
    let tabs = openTab([], tab('/tags/list'));
    tabs = openTab(tabs, tab('/config/theme'));
    tabs = openTab(tabs, tab('/tags/list/'));
    tabs = openTab(tabs, tab('/Tags/List'));
    expect(tabs).toHaveLength(2);
    expect(paths(tabs)).toEqual(['/config/theme', '/Tags/List']);
  });

  it('tells a filtered grid from the plain one, and the inbox from the notification settings', () => {
    let tabs = openTab([], tab('/context/grid/chamado'));
    tabs = openTab(tabs, tab('/context/grid/chamado?filters=3'));
    tabs = openTab(tabs, tab('/context/grid/chamado?isActive=false'));
    tabs = openTab(tabs, tab('/notifications'));
    tabs = openTab(tabs, tab('/config/notifications'));
    expect(tabs).toHaveLength(5);
    expect(
      sameScreen(
        '/context/grid/chamado?filters=3&isActive=false',
        '/context/grid/chamado/?isActive=false&filters=3',
      ),
    ).toBe(true);
  });

  it('ignores empty parameters and their order', () => {
    expect(tabKey('/context/grid/chamado?filters=&isActive=false&menu=2')).toBe(
      tabKey('/context/grid/chamado?menu=2&isActive=false'),
    );
  });

  it('keeps one calendar tab per subject and attribute as its period moves, at the latest period', () => {
    let tabs = openTab([], { path: '/context/calendar/chamado?by=abertura', title: 'Calendário: Chamado' });
    tabs = openTab(tabs, {
      path: '/context/calendar/chamado?by=abertura&date=2026-12-01&mode=week&color=status',
      title: 'Calendário: Chamado',
    });
    expect(paths(tabs)).toEqual([
      '/context/calendar/chamado?by=abertura&date=2026-12-01&mode=week&color=status',
    ]);
    // Another attribute is another calendar; a grid's parameters still tell screens apart.
    expect(tabKey('/context/calendar/chamado?by=prazo')).not.toBe(
      tabKey('/context/calendar/chamado?by=abertura'),
    );
    expect(tabKey('/context/grid/chamado?date=2026-12-01')).not.toBe(tabKey('/context/grid/chamado'));
  });

  it('reuses one "Busca" tab for every search, showing the latest one', () => {
    let tabs = openTab([], { path: '/search/?q=impressora', title: 'Busca: impressora' });
    tabs = openTab(tabs, tab('/config/theme'));
    tabs = openTab(tabs, { path: '/search?q=rede', title: 'Busca: rede' });
    expect(tabs).toEqual([tab('/config/theme'), { path: '/search?q=rede', title: 'Busca: rede' }]);
  });

  it('closes a tab opened with another form of the address', () => {
    const result = closeTab([tab('/c'), tab('/tags/list/')], '/tags/list', '/tags/list');
    expect(paths(result.tabs)).toEqual(['/c']);
    expect(result.goTo).toBe('/c');
  });

  it('"Fechar outras" leaves only the chosen tab and goes to it when it is not the current one', () => {
    const tabs = [tab('/c'), tab('/b'), tab('/a')];
    expect(closeOtherTabs(tabs, '/b', '/b')).toEqual({ tabs: [tab('/b')], goTo: undefined });
    expect(closeOtherTabs(tabs, '/a', '/b/')).toEqual({ tabs: [tab('/a')], goTo: '/a' });
  });

  it('"Fechar todas" leaves no tab and goes to the dashboard', () => {
    expect(closeAllTabs()).toEqual({ tabs: [], goTo: '/' });
  });
});
