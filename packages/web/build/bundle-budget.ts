import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  /** Rendered (pre-minification) length of each module in the chunk. */
  modules: Record<string, number>;
  /** CSS files the chunk brings with it (Vite's `viteMetadata.importedCss`). */
  css: string[];
}

/**
 * What the browser must download before the first screen (sign-in or shell) can render: every
 * entry chunk and, transitively, the chunks it imports statically. Lazily loaded routes are
 * dynamic imports and therefore not counted.
 */
export function initialChunks(chunks: ReadonlyMap<string, Pick<ChunkInfo, 'imports' | 'isEntry'>>): string[] {
  return staticClosure(
    chunks,
    [...chunks].filter(([, c]) => c.isEntry).map(([name]) => name),
  );
}

/** The chunks `roots` load, with what they import statically. */
export function staticClosure(
  chunks: ReadonlyMap<string, Pick<ChunkInfo, 'imports'>>,
  roots: readonly string[],
): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const chunk = chunks.get(name);
    if (!chunk) return;
    seen.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen].sort();
}

/** The fonts a stylesheet names in `url(…)`, as output file names. */
export function fontsOf(css: string, cssFileName: string): string[] {
  return [...css.matchAll(/url\(\s*['"]?([^'")?#]+\.(?:woff2?|ttf|otf))/g)].map((m) => {
    const url = m[1] ?? '';
    return url.startsWith('/') ? url.slice(1) : path.posix.join(path.posix.dirname(cssFileName), url);
  });
}

/** One first-load screen: what it loads and how many bytes (brotli, as sent) it may weigh. */
export interface ScreenBudget {
  name: string;
  /** Lazily loaded modules the screen opens besides the entry (e.g. the grid's page). */
  modules: RegExp[];
  /** Whether the fonts its stylesheets name count (icons show on the screen). */
  fonts: boolean;
  limitBytes: number;
}

export interface Measured {
  name: string;
  files: { name: string; kind: 'js' | 'css' | 'font'; bytes: number }[];
  total: number;
  limitBytes: number;
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

const brotliSize = (content: string | Uint8Array) =>
  brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;

/**
 * First-load budgets (issue 18), failing the build — and so CI — when exceeded:
 * - the JavaScript of the entry and its static imports, gzip, at most `jsLimitBytes`;
 * - per screen (sign-in; shell + grid), the bytes on the wire of its JavaScript, CSS and fonts
 *   compressed as the server sends them (brotli, precompressed at build; woff2 as is).
 * A screen counts the entry's static closure, the static closure of the chunks holding its
 * `modules`, their CSS and (when `fonts`) the fonts that CSS names. Chunks a screen imports
 * lazily at run time beyond those are not seen here: `npm run bench:first-load` measures the
 * real transfer in Chromium.
 */
export function bundleBudget(jsLimitBytes: number, screens: readonly ScreenBudget[] = []): Plugin {
  return {
    name: 'talkbase-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const assets = new Map<string, string | Uint8Array>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'asset') {
          assets.set(fileName, output.source);
          continue;
        }
        const modules = Object.fromEntries(
          Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength]),
        );
        chunks.set(fileName, {
          code: output.code,
          imports: output.imports,
          isEntry: output.isEntry,
          modules,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      const initial = initialChunks(chunks).flatMap((name) => {
        const chunk = chunks.get(name);
        return chunk ? [{ name, chunk, gzip: gzipSync(chunk.code).length }] : [];
      });
      const total = initial.reduce((sum, c) => sum + c.gzip, 0);
      const lines = initial.map((c) => `  ${c.name}  ${kb(c.gzip)}`).join('\n');
      let summary = `JavaScript inicial (entrar + shell), gzip: ${kb(total)} de ${kb(jsLimitBytes)} permitidos\n${lines}`;
      if (process.env.BUDGET_DETAIL) summary += `\n${packageBreakdown(initial.map((c) => c.chunk))}`;

      const sizes = new Map<string, number>();
      const sizeOf = (name: string, content: string | Uint8Array, compress: boolean) => {
        let size = sizes.get(name);
        if (size === undefined) {
          size = compress
            ? Math.min(brotliSize(content), Buffer.byteLength(content))
            : Buffer.byteLength(content);
          sizes.set(name, size);
        }
        return size;
      };
      const entries = [...chunks].filter(([, c]) => c.isEntry).map(([name]) => name);
      const measured: Measured[] = screens.map((screen) => {
        const roots = [...chunks]
          .filter(([, c]) => Object.keys(c.modules).some((id) => screen.modules.some((re) => re.test(id))))
          .map(([name]) => name);
        const js = staticClosure(chunks, [...entries, ...roots]);
        const css = [...new Set(js.flatMap((name) => chunks.get(name)?.css ?? []))].sort();
        const fonts = screen.fonts
          ? [
              ...new Set(
                css.flatMap((name) => {
                  const source = assets.get(name);
                  return source === undefined ? [] : fontsOf(String(source), name);
                }),
              ),
            ].filter((name) => assets.has(name))
          : [];
        const files = [
          ...js.map((name) => ({
            name,
            kind: 'js' as const,
            bytes: sizeOf(name, chunks.get(name)?.code ?? '', true),
          })),
          ...css.map((name) => ({
            name,
            kind: 'css' as const,
            bytes: sizeOf(name, assets.get(name) ?? '', true),
          })),
          ...fonts.map((name) => ({
            name,
            kind: 'font' as const,
            bytes: sizeOf(name, assets.get(name) ?? '', false),
          })),
        ];
        return {
          name: screen.name,
          files,
          total: files.reduce((s, f) => s + f.bytes, 0),
          limitBytes: screen.limitBytes,
        };
      });
      for (const m of measured) {
        const byKind = (kind: string) =>
          kb(m.files.filter((f) => f.kind === kind).reduce((s, f) => s + f.bytes, 0));
        summary += `\n\nPrimeira carga "${m.name}" (brotli, como enviada): ${kb(m.total)} de ${kb(m.limitBytes)} permitidos — JS ${byKind('js')}, CSS ${byKind('css')}, fontes ${byKind('font')}`;
        if (process.env.BUDGET_DETAIL)
          summary += `\n${m.files.map((f) => `  ${f.name}  ${kb(f.bytes)}`).join('\n')}`;
      }

      const over = measured.filter((m) => m.total > m.limitBytes).map((m) => m.name);
      if (total > jsLimitBytes) over.unshift('JavaScript inicial');
      if (over.length > 0)
        this.error(`Orçamento de primeira carga excedido (${over.join(', ')}).\n${summary}`);
      // Vite hides plugin info messages by default; the figure must show in every build log.
      process.stdout.write(`\n${summary}\n\n`);
    },
  };
}
