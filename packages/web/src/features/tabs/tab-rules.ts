/** An open page: its address (path and query) and the title shown on the tab. */
export interface Tab {
  path: string;
  title: string;
}

/** A page opened for the first time goes first (newest first); an open one keeps its place. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return [tab, ...tabs];
  if (tabs[index]?.title === tab.title) return [...tabs];
  return tabs.map((t, i) => (i === index ? tab : t));
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
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return { tabs: [...tabs], goTo: undefined };
  const remaining = tabs.filter((_, i) => i !== index);
  if (path !== currentPath) return { tabs: remaining, goTo: undefined };
  const previous = tabs[index - 1];
  const next = tabs[index + 1];
  return { tabs: remaining, goTo: previous?.path ?? next?.path ?? home };
}
