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

/** Every word of the search in the name ("arrow back" finds arrow_back_ios). */
export function searchIcons(all: readonly string[], term: string): string[] {
  const words = term
    .toLowerCase()
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  if (words.length === 0) return [...all];
  return all.filter((name) => words.every((w) => name.includes(w)));
}
