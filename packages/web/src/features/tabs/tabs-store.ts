import { closeAllTabs, closeOtherTabs, closeTab, openTab, type CloseResult, type Tab } from './tab-rules.ts';

const KEY = 'talkbase.tabs';

type Listener = () => void;
const listeners = new Set<Listener>();
let tabs: readonly Tab[] | undefined;

function isTab(value: unknown): value is Tab {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && v.path.startsWith('/') && typeof v.title === 'string';
}

function load(): readonly Tab[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTab) : [];
  } catch {
    return [];
  }
}

function save(next: readonly Tab[]): void {
  tabs = next;
  if (next.length === 0) window.localStorage.removeItem(KEY);
  else window.localStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export function getTabs(): readonly Tab[] {
  tabs ??= load();
  return tabs;
}

export function subscribeTabs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rememberTab(tab: Tab): void {
  const current = getTabs();
  const next = openTab(current, tab);
  const changed = next.length !== current.length || next.some((t, i) => t !== current[i]);
  if (changed) save(next);
}

/** Removes a tab and answers where to navigate, if anywhere. */
export function forgetTab(path: string, currentPath: string): string | undefined {
  const result = closeTab(getTabs(), path, currentPath);
  save(result.tabs);
  return result.goTo;
}

function apply(result: CloseResult): string | undefined {
  save(result.tabs);
  return result.goTo;
}

/** "Fechar outras": keeps one tab and answers where to navigate, if anywhere. */
export function forgetOtherTabs(keep: string, currentPath: string): string | undefined {
  return apply(closeOtherTabs(getTabs(), keep, currentPath));
}

/** "Fechar todas": answers where to navigate (the dashboard). */
export function forgetAllTabs(): string | undefined {
  return apply(closeAllTabs());
}

export function clearTabs(): void {
  save([]);
}

/** For tests: read the stored tabs again on next access. */
export function resetTabsCache(): void {
  tabs = undefined;
}
