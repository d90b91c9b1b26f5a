/**
 * The built web app, built once and swapped in whole (issue 39, item 13).
 *
 *   node scripts/web-build.ts           `npm start`: builds only when the web sources changed since
 *                                       the build being served (or there is none), then exits
 *   node scripts/web-build.ts --force   `npm run build`: builds whatever the stamp says
 *
 * Layout, under the web package (packages/web):
 *   .builds/<hash>-<pid>-<random>/     one complete `vite build` each, with its stamp
 *                                       `.talkbase-build.json` ({ hash }) written last
 *   dist -> .builds/<…>                 a symbolic link: what the server serves (WEB_DIST)
 *
 * Each build goes into a folder of its own; when it is complete, a new link is made beside `dist`
 * and renamed over it, which replaces it in one step: a server starting meanwhile sees the old
 * build or the new one, never half of one nor none. A lock file (`.builds/.lock`) makes a second
 * start wait for the first one's build and then serve it instead of building the same thing again;
 * a lock left by a process that died is taken over. Correctness does not rest on the lock: two
 * builders each write their own folder, and the last rename wins with a complete build.
 *
 * The stamp is a SHA-256 over the build's inputs (paths and contents): the web package's files
 * (tests and docs left out), the domain package it imports, the demo data whose icons are subset
 * into the build, and the lockfile. Hashing them takes a few tens of milliseconds.
 *
 * WEB_DIST pointing elsewhere is served as it is: nothing is built. TALKBASE_WEB_ROOT builds another
 * web package folder (the script's test uses a small one), its `dist` link beside its sources.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const defaultWebRoot = path.join(repoRoot, 'packages/web');
const STAMP = '.talkbase-build.json';
const LOCK = '.lock';
/** A lock older than this is taken over whoever holds it (a build takes a minute or two). */
const LOCK_STALE_MS = 30 * 60_000;
const POLL_MS = 200;

interface Layout {
  webRoot: string;
  dist: string;
  builds: string;
  /** Files and folders whose contents make the build, besides the web package's own. */
  extraInputs: string[];
}

function layoutOf(webRoot: string): Layout {
  const isDefault = path.resolve(webRoot) === defaultWebRoot;
  return {
    webRoot,
    dist: path.join(webRoot, 'dist'),
    builds: path.join(webRoot, '.builds'),
    extraInputs: isDefault
      ? [
          path.join(repoRoot, 'packages/domain/src'),
          path.join(repoRoot, 'packages/domain/package.json'),
          // The icon subset also scans the demo data (vite.config.ts, `icons.scan`).
          path.join(repoRoot, 'packages/server/src/modules/demo'),
          path.join(repoRoot, 'package-lock.json'),
        ]
      : [],
  };
}

const log = (message: string) => process.stdout.write(`[app web] ${message}\n`);

/** Not part of the build: dependencies, builds (folders or links), tests, docs. */
const SKIPPED = new Set(['node_modules', 'dist', '.builds', '.git', 'README.md', 'vitest.config.ts']);
const skipped = (name: string) => SKIPPED.has(name) || /\.test\.[cm]?[jt]sx?$/.test(name);

function listFiles(entry: string, out: string[]): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return; // An input that does not exist (yet) adds nothing.
  }
  if (!stat.isDirectory()) {
    out.push(entry);
    return;
  }
  for (const d of fs.readdirSync(entry, { withFileTypes: true })) {
    if (skipped(d.name)) continue;
    listFiles(path.join(entry, d.name), out);
  }
}

/** The stamp of the build's inputs: their paths (relative to the repository) and contents. */
function sourcesHash(layout: Layout): string {
  const files: string[] = [];
  listFiles(layout.webRoot, files);
  for (const extra of layout.extraInputs) listFiles(extra, files);
  const hash = crypto.createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(path.relative(repoRoot, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(folder: string): string | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(folder, STAMP), 'utf8')) as { hash?: unknown };
    return typeof stamp.hash === 'string' ? stamp.hash : undefined;
  } catch {
    return undefined;
  }
}

/** The hash of the complete build `dist` serves, if it has one with an index.html. */
function servedHash(layout: Layout): string | undefined {
  if (!fs.existsSync(path.join(layout.dist, 'index.html'))) return undefined;
  return readStamp(layout.dist);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface LockInfo {
  pid: number;
  host: string;
  at: number;
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes `.builds/.lock`, waiting while a live process holds it; answers its release. */
async function takeLock(layout: Layout): Promise<() => void> {
  const file = path.join(layout.builds, LOCK);
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), at: Date.now() };
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return () => {
        // Only our own lock goes (a taken-over one is someone else's now).
        const now = readLock(file);
        if (now?.pid === mine.pid && now.at === mine.at) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = readLock(file);
    const stale =
      held === undefined
        ? fileAge(file) > 5_000 // unreadable: a crash between creating and writing it
        : Date.now() - held.at > LOCK_STALE_MS || (held.host === mine.host && !alive(held.pid));
    if (stale) {
      // A rename only one of the waiters wins; the others find the file gone and try again.
      const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
      try {
        fs.renameSync(file, aside);
        fs.rmSync(aside, { force: true });
        log(`trava abandonada${held ? ` pelo processo ${held.pid}` : ''} retomada`);
      } catch {
        // Someone else took it over first.
      }
      continue;
    }
    if (!told) {
      log(`aguardando a construção em andamento (processo ${held?.pid ?? '?'})…`);
      told = true;
    }
    await sleep(POLL_MS);
  }
}

function fileAge(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** `vite build` of the web package into `outDir`, with its output shown. */
function viteBuild(layout: Layout, outDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('vite/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { bin: { vite: string } };
  const bin = path.join(path.dirname(pkgFile), pkg.bin.vite);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: layout.webRoot,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build terminou com ${signal ?? `código ${String(code)}`}`));
    });
  });
}

/** Points `dist` at `folder` in one rename (a directory left by an older layout is moved aside). */
function swapIn(layout: Layout, folder: string): void {
  const target = path.relative(path.dirname(layout.dist), folder);
  const link = `${layout.dist}.new-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  if (process.platform === 'win32') fs.symlinkSync(folder, link, 'junction');
  else fs.symlinkSync(target, link, 'dir');
  let current: fs.Stats | undefined;
  try {
    current = fs.lstatSync(layout.dist);
  } catch {
    current = undefined;
  }
  if (current?.isDirectory()) {
    // A real folder (a build made before this layout, or by `vite build` alone): moved aside
    // first — the only moment `dist` is missing, once per checkout.
    fs.renameSync(
      layout.dist,
      path.join(layout.builds, `old-${process.pid}-${crypto.randomBytes(4).toString('hex')}`),
    );
  }
  try {
    fs.renameSync(link, layout.dist);
  } catch (err) {
    if (process.platform !== 'win32') throw err;
    // Windows does not rename a junction over another one: removed, then renamed.
    fs.rmSync(layout.dist, { force: true });
    fs.renameSync(link, layout.dist);
  }
}

/** The folder `dist` points at, if it is a link. */
function currentFolder(layout: Layout): string | undefined {
  try {
    return path.resolve(path.dirname(layout.dist), fs.readlinkSync(layout.dist));
  } catch {
    return undefined;
  }
}

/**
 * Removes builds nobody uses: not the one `dist` points at, and none whose builder (its pid is in
 * the folder's name) still runs — it may be about to swap it in.
 */
function prune(layout: Layout): void {
  for (const name of fs.readdirSync(layout.builds)) {
    if (name.startsWith(LOCK)) continue;
    const pid = Number(/^(?:[0-9a-f]+|old)-(\d+)-[0-9a-f]+$/.exec(name)?.[1] ?? NaN);
    if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    const folder = path.join(layout.builds, name);
    // Read after the liveness check: a builder that ended had swapped its build in first.
    if (currentFolder(layout) === folder) continue;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function ensureWebBuild(opts: { webRoot?: string; force?: boolean } = {}): Promise<void> {
  const layout = layoutOf(opts.webRoot ?? defaultWebRoot);
  const started = performance.now();
  const hash = sourcesHash(layout);
  if (!opts.force && servedHash(layout) === hash) {
    log(`sem mudanças desde a última construção (${Math.round(performance.now() - started)} ms)`);
    return;
  }
  fs.mkdirSync(layout.builds, { recursive: true });
  const release = await takeLock(layout);
  try {
    // Another start may have built these very sources while this one waited.
    if (!opts.force && servedHash(layout) === sourcesHash(layout)) {
      log('construído por outro processo enquanto este aguardava');
      return;
    }
    const built = sourcesHash(layout);
    const folder = path.join(
      layout.builds,
      `${built.slice(0, 12)}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
    );
    log(servedHash(layout) === undefined ? 'construindo (primeira vez)…' : 'fontes mudaram: construindo…');
    const began = performance.now();
    await viteBuild(layout, folder);
    if (!fs.existsSync(path.join(folder, 'index.html')))
      throw new Error(`a construção não gerou ${path.join(folder, 'index.html')}`);
    fs.writeFileSync(
      path.join(folder, STAMP),
      JSON.stringify({ hash: built, builtAt: new Date().toISOString() }),
    );
    swapIn(layout, folder);
    log(`pronto em ${((performance.now() - began) / 1000).toFixed(1)} s: ${path.relative(repoRoot, folder)}`);
    prune(layout);
  } finally {
    release();
  }
}

function main(): void {
  const webRoot = process.env.TALKBASE_WEB_ROOT
    ? path.resolve(process.env.TALKBASE_WEB_ROOT)
    : defaultWebRoot;
  const dist = path.join(webRoot, 'dist');
  if (process.env.WEB_DIST && path.resolve(process.env.WEB_DIST) !== dist) {
    log(`WEB_DIST=${process.env.WEB_DIST}: servido como está, sem construir`);
    return;
  }
  ensureWebBuild({ webRoot, force: process.argv.includes('--force') }).catch((err: unknown) => {
    process.stderr.write(
      `[app web] falha ao construir: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(1);
  });
}

main();
