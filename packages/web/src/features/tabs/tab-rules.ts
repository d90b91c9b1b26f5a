/** An open page: its address (path and query) and the title shown on the tab. */
export interface Tab {
  path: string;
  title: string;
}

/** Screens that keep a single tab whatever their query: every search reuses one "Busca" tab. */
const SINGLE_TAB_SCREENS = new Set(['/search']);

/**
 * Which screen an address shows (issue 39 item 9): the path compared case-insensitively and without
 * a trailing slash or doubled slashes (`/tags/list/` is `/tags/list`), and the query parameters
 * that change what the screen shows, in a fixed order. A filtered grid and the plain one are two
 * screens; the inbox and the notification settings are two screens. (A list's one-off `?refresh=`
 * keeps a tab of its own: settings-list/useRefreshParam closes it once the list has reloaded.)
 */
/** Query parameters that move within one screen rather than open another (the calendar's period). */
const VIEW_STATE_PARAMS: readonly (readonly [string, ReadonlySet<string>])[] = [
  ['/context/calendar/', new Set(['date', 'mode', 'color'])],
];

export function tabKey(address: string): string {
  const queryAt = address.search(/[?#]/);
  const rawPath = queryAt === -1 ? address : address.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : address.slice(queryAt);
  const query = rest.startsWith('?') ? rest.slice(1).split('#')[0] : '';
  const path =
    rawPath
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/+$/, '$1')
      .toLowerCase() || '/';
  if (SINGLE_TAB_SCREENS.has(path)) return path;
  const ignored = VIEW_STATE_PARAMS.find(([prefix]) => path.startsWith(prefix))?.[1];
  const params = [...new URLSearchParams(query)]
    .filter(([key, value]) => value !== '' && !ignored?.has(key))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}

export function sameScreen(a: string, b: string): boolean {
  return tabKey(a) === tabKey(b);
}

/**
 * A page opened for the first time goes first (newest first); an open one keeps its place and
 * takes the address and title it was opened with now (the latest search in "Busca").
 */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const key = tabKey(tab.path);
  const index = tabs.findIndex((t) => tabKey(t.path) === key);
  if (index === -1) return [tab, ...tabs.filter((t) => tabKey(t.path) !== key)];
  const open = tabs[index];
  // Duplicates stored by an older version collapse into the first one.
  const rest = tabs.filter((t, i) => i === index || tabKey(t.path) !== key);
  if (open?.title === tab.title && open.path === tab.path) return rest;
  return rest.map((t) => (t === open ? tab : t));
}

export interface CloseResult {
  tabs: Tab[];
  /** Where to go next: only set when the closed tab was the current page. */
  goTo: string | undefined;
}

/**
 * Closing the current tab goes to the previous tab (the one before it in the bar), else to the
 * next one, else to the dashboard (000 §1). Closing another tab stays where the user is.
 */
export function closeTab(tabs: readonly Tab[], path: string, currentPath: string, home = '/'): CloseResult {
  const key = tabKey(path);
  const index = tabs.findIndex((t) => tabKey(t.path) === key);
  if (index === -1) return { tabs: [...tabs], goTo: undefined };
  const remaining = tabs.filter((_, i) => i !== index);
  if (key !== tabKey(currentPath)) return { tabs: remaining, goTo: undefined };
  const previous = tabs[index - 1];
  const next = tabs[index + 1];
  return { tabs: remaining, goTo: previous?.path ?? next?.path ?? home };
}

/** "Fechar outras": only the chosen tab stays; the user goes to it when it is not the current one. */
export function closeOtherTabs(tabs: readonly Tab[], keep: string, currentPath: string): CloseResult {
  const key = tabKey(keep);
  const kept = tabs.filter((t) => tabKey(t.path) === key).slice(0, 1);
  if (kept.length === 0) return { tabs: [...tabs], goTo: undefined };
  return { tabs: kept, goTo: key === tabKey(currentPath) ? undefined : kept[0]?.path };
}

/** "Fechar todas": no tab stays and the user goes to the dashboard. */
export function closeAllTabs(home = '/'): CloseResult {
  return { tabs: [], goTo: home };
}
