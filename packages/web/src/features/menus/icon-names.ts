import { iconFragments } from './icon-words-pt.ts';

/**
 * The Material Symbols names, read from the `material-symbols` package's own list (its
 * index.d.ts) — the font the app self-hosts. Loaded only when the icon picker opens: about
 * 4,000 names stay out of the first screen's bundle.
 */
let names: Promise<string[]> | undefined;

export function parseIconNames(text: string): string[] {
  return [...text.matchAll(/"([a-z0-9_]+)"/g)].map((m) => m[1] ?? '').filter(Boolean);
}

export function loadIconNames(): Promise<string[]> {
  names ??= import('material-symbols/index.d.ts?raw')
    .then((m) => parseIconNames(m.default))
    .catch((err: unknown) => {
      names = undefined;
      throw err;
    });
  return names;
}

/**
 * Every word of the search in the name ("arrow back" finds arrow_back_ios), in English or in
 * Portuguese ("suporte" finds support_agent: icon-words-pt.ts).
 */
export function searchIcons(all: readonly string[], term: string): string[] {
  const words = term
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean)
    .map(iconFragments);
  if (words.length === 0) return [...all];
  return all.filter((name) => words.every((fragments) => fragments.some((f) => name.includes(f))));
}
