import type { Plugin, Rolldown } from 'vite';

/** The app's own sources (web and domain): imported file by file, so their graph is exact. */
const APP_SOURCE = /[\\/]packages[\\/](web|domain)[\\/]src[\\/]/;

/** The app modules `roots` import statically, themselves included (node_modules not followed). */
export function appClosure(
  rootIds: readonly string[],
  importsOf: (id: string) => readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...rootIds];
  while (queue.length > 0) {
    const id = queue.pop() ?? '';
    if (seen.has(id) || !APP_SOURCE.test(id)) continue;
    seen.add(id);
    queue.push(...importsOf(id));
  }
  return seen;
}

/**
 * Fewer, larger chunks for the first screens (issue 18). Rolldown's automatic splitting cut the
 * sign-in screen into 8 files and the signed-in layout into ~40 small shared chunks, each a
 * request with about 1 KB of headers and its own compression window. Two groups:
 * - `boot`: the entry and all it imports statically (Rolldown's `$initial` tag) — the sign-in
 *   screen in one file;
 * - `shell`: the app modules the signed-in layout (`layoutRoots`: the shell and the top bar's lazy
 *   widgets) imports statically, with their dependencies. Every signed-in screen loads the
 *   layout, so no screen downloads anything of it in vain.
 * Screens (the grid among them) keep Rolldown's automatic chunks.
 */
export function chunkGroups(layoutRoots: RegExp): {
  plugin: Plugin;
  groups: Rolldown.CodeSplittingGroup[];
} {
  let layout = new Set<string>();
  return {
    plugin: {
      name: 'talkbase-chunk-groups',
      apply: 'build',
      // The module graph is complete here; chunks are made afterwards.
      buildEnd() {
        const ids = [...this.getModuleIds()];
        layout = appClosure(
          ids.filter((id) => layoutRoots.test(id)),
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
        );
        if (layout.size === 0) this.error('Nenhum módulo do layout encontrado para o grupo "shell".');
      },
    },
    groups: [
      { name: 'boot', tags: ['$initial'], priority: 20 },
      { name: 'shell', test: (id) => layout.has(id), priority: 10 },
    ],
  };
}
