import crypto from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { fontsOf, staticClosure } from './bundle-budget.ts';

/**
 * The app shell a service worker keeps at install: the entry's chunks, those of `modules` (the
 * signed-in layout and the grid) with what they import statically, their CSS and its fonts.
 */
export function shellFiles(bundle: Rolldown.OutputBundle, modules: readonly RegExp[]): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  const assets = new Map<string, Rolldown.OutputAsset>();
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk') chunks.set(name, output);
    else assets.set(name, output);
  }
  const roots = [...chunks]
    .filter(([, c]) => c.isEntry || c.moduleIds.some((id) => modules.some((re) => re.test(id))))
    .map(([name]) => name);
  const js = staticClosure(chunks, roots);
  const css = [...new Set(js.flatMap((name) => [...(chunks.get(name)?.viteMetadata?.importedCss ?? [])]))];
  const fonts = css.flatMap((name) => {
    const source = assets.get(name)?.source;
    return source === undefined ? [] : fontsOf(String(source), name);
  });
  return [...new Set([...js, ...css, ...fonts])].filter((n) => chunks.has(n) || assets.has(n)).sort();
}

/** A build's version: changes whenever any output file's name (so its content hash) changes. */
export function buildVersion(bundle: Rolldown.OutputBundle): string {
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds `src/sw/sw.ts` into `/sw.js` beside the app: a file of its own (one script, no imports),
 * an asset of the build rather than an entry chunk, so it adds nothing to the first load. Its
 * version and shell list are written in; a new build is a new worker that replaces the old cache.
 */
export function serviceWorker(opts: { entry: string; shellModules: readonly RegExp[] }): Plugin {
  return {
    name: 'talkbase-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const shell = shellFiles(bundle, opts.shellModules).map((name) => `/${name}`);
      const result = await build({
        configFile: false,
        root: path.dirname(opts.entry),
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_VERSION__: JSON.stringify(buildVersion(bundle)),
          __SW_SHELL__: JSON.stringify(shell),
        },
        build: {
          write: false,
          minify: true,
          reportCompressedSize: false,
          lib: { entry: opts.entry, formats: ['iife'], name: 'talkbaseServiceWorker' },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
      if (!chunk) return this.error('O service worker não foi gerado.');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code });
    },
  };
}
