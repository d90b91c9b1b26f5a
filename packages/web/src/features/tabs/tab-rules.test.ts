import { describe, expect, it } from 'vitest';
import { closeTab, openTab, type Tab } from './tab-rules.ts';

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
});
