import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  /** Rendered (pre-minification) length of each module in the chunk. */
  modules: Record<string, number>;
}

/**
 * What the browser must download before the first screen (sign-in or shell) can render: every
 * entry chunk and, transitively, the chunks it imports statically. Lazily loaded routes are
 * dynamic imports and therefore not counted.
 */
export function initialChunks(chunks: ReadonlyMap<string, Pick<ChunkInfo, 'imports' | 'isEntry'>>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const chunk = chunks.get(name);
    if (!chunk) return;
    seen.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name);
  return [...seen].sort();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Which packages weigh most in the first load (BUDGET_DETAIL=1 npm run build). */
function packageBreakdown(chunks: ChunkInfo[]): string {
  const byPackage = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, length] of Object.entries(chunk.modules)) {
      // BUDGET_DETAIL=src lists the app's own modules one by one.
      const own =
        process.env.BUDGET_DETAIL === 'src' ? id.replace(/^.*packages\/web\//, '') : 'packages/web (src)';
      const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? own;
      byPackage.set(name, (byPackage.get(name) ?? 0) + length);
    }
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .map(([name, length]) => `  ${name}  ${kb(length)} (antes de minificar)`)
    .join('\n');
}

/** Fails the build when the JavaScript needed for the first screen exceeds the budget (gzipped). */
export function bundleBudget(limitBytes: number): Plugin {
  return {
    name: 'talkbase-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.fromEntries(
          Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength]),
        );
        chunks.set(fileName, {
          code: output.code,
          imports: output.imports,
          isEntry: output.isEntry,
          modules,
        });
      }
      const initial = initialChunks(chunks).flatMap((name) => {
        const chunk = chunks.get(name);
        return chunk ? [{ name, chunk, gzip: gzipSync(chunk.code).length }] : [];
      });
      const total = initial.reduce((sum, c) => sum + c.gzip, 0);
      const lines = initial.map((c) => `  ${c.name}  ${kb(c.gzip)}`).join('\n');
      let summary = `JavaScript inicial (entrar + shell), gzip: ${kb(total)} de ${kb(limitBytes)} permitidos\n${lines}`;
      if (process.env.BUDGET_DETAIL) summary += `\n${packageBreakdown(initial.map((c) => c.chunk))}`;
      if (total > limitBytes) this.error(`Orçamento de JavaScript excedido.\n${summary}`);
      // Vite hides plugin info messages by default; the figure must show in every build log.
      process.stdout.write(`\n${summary}\n\n`);
    },
  };
}
