/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, GRID_PATH, VIEWPORT } from './chromium.ts';
import { writeResultsSection } from './results.ts';
import { startServer, type RunningServer } from './server.ts';
import { api } from './setup.ts';

/**
 * `npm run bench:grid`: the records grid in a real browser (issue 5). Opens /context/grid/chamado with
 * a page of 500 rows in Debian's Chromium and scrolls it end to end, first like a wheel (40 px per
 * animation frame), then a screen at a time; records every long task (> 50 ms), the time from the
 * filter response to the first row on screen and the time each scroll takes. BENCH_GRID_RUNS runs
 * (default 5, a fresh page each) without CPU throttling and with 4× throttling; medians and worst
 * go to the grid section of bench/RESULTS.md. Figures are reported, never asserted.
 *
 * The server serves packages/web/dist (`npm run build -w @talkbase/web` first), or BENCH_WEB_DIST.
 * BENCH_GRID_PROFILE=file.cpuprofile adds one profiled run (CDP Profiler, no throttling) and prints
 * where the main thread's time goes (BENCH_GRID_RUNS=0: only that run, RESULTS.md untouched); build the web app with `--minify false` first for readable names.
 */
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 5);
const PAGE_SIZE = 500;
const TOTAL = PAGE_SIZE + 100;
const WHEEL_STEP = 40;
const RATES = (process.env.BENCH_GRID_RATES ?? '1,4').split(',').map(Number);
const PROFILE = process.env.BENCH_GRID_PROFILE;
const admin = { email: 'grid@talkbase.test', password: 'Grid-Bench-Senha-2026' };

// ---- data ---------------------------------------------------------------------------------------

interface ApiTalk {
  talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
}

/** The demo's 300 tickets plus copies of them through POST /many until a page of 500 is full. */
async function fillTickets(server: RunningServer): Promise<number> {
  const token = String((await api(server, null, 'POST', '/api/account/login', admin)).token);
  const count = async () =>
    Number((await api(server, token, 'POST', '/api/talk/filter/chamado', { fetch: 1 })).totalResults);
  const existing = (await api(server, token, 'POST', '/api/talk/filter/chamado', { fetch: 200 }))
    .itens as ApiTalk[];
  if (existing.length === 0) throw new Error('the demo seed made no tickets');
  let total = await count();
  while (total < TOTAL) {
    const batch = Array.from({ length: Math.min(200, TOTAL - total) }, (_, i) => ({
      talkValues: (existing[(total + i) % existing.length]?.talkValues ?? [])
        .filter((v) => v.value !== null && v.subjectAttributeIdentifier !== 'anexos')
        .map((v) => ({ subjectAttributeIdentifier: v.subjectAttributeIdentifier, value: v.value })),
    }));
    await api(server, token, 'POST', '/api/talk/chamado/many', { talks: batch });
    total = await count();
  }
  return total;
}

// ---- in the page --------------------------------------------------------------------------------

interface Task {
  start: number;
  duration: number;
}
interface Frame extends Task {
  blocking: number;
  scripts: { invoker: string; fn: string; url: string; duration: number }[];
}
interface PageProbe {
  tasks: Task[];
  frames: Frame[];
  responses: { responseEnd: number; start: number; size: number }[];
  firstRowDom: number | null;
  firstRowPainted: number | null;
}
type ProbeWindow = Window & { __gridBench: PageProbe };

/** Installed before the app's scripts: long tasks, long animation frames, the filter response, first row. */
function installProbe() {
  const probe: PageProbe = { tasks: [], frames: [], responses: [], firstRowDom: null, firstRowPainted: null };
  (window as unknown as ProbeWindow).__gridBench = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const frame = e as PerformanceEntry & {
          blockingDuration: number;
          scripts: {
            invoker: string;
            sourceFunctionName: string;
            sourceURL: string;
            sourceCharPosition: number;
            duration: number;
          }[];
        };
        probe.frames.push({
          start: frame.startTime,
          duration: frame.duration,
          blocking: frame.blockingDuration,
          scripts: frame.scripts.map((s) => ({
            invoker: s.invoker,
            fn: s.sourceFunctionName,
            url: `${s.sourceURL.split('/').pop() ?? ''}:${s.sourceCharPosition}`,
            duration: Math.round(s.duration),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames API: long tasks alone.
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[])
      if (new URL(e.name).pathname.replace(/\/$/, '') === '/api/talk/filter/chamado')
        probe.responses.push({ start: e.startTime, responseEnd: e.responseEnd, size: e.encodedBodySize });
  }).observe({ type: 'resource', buffered: true });
  const seen = new MutationObserver(() => {
    if (probe.firstRowDom !== null || !document.querySelector('[role="row"][data-talk-id]')) return;
    probe.firstRowDom = performance.now();
    seen.disconnect();
    // The row is on screen once the frame that holds it is painted: the first task after that frame.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (probe.firstRowPainted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  seen.observe(document, { childList: true, subtree: true });
}

/** Scrolls `.grid-scroll` to the bottom `step` px per animation frame; answers its start and end. */
function scrollToBottom(step: number | 'screen'): Promise<{ start: number; end: number; frames: number }> {
  const el = document.querySelector<HTMLElement>('.grid-scroll');
  if (!el) throw new Error('no .grid-scroll');
  const lastRow = () => el.querySelector('[role="row"][aria-rowindex="501"]');
  return new Promise((resolve) => {
    const start = performance.now();
    let frames = 0;
    const tick = () => {
      const max = el.scrollHeight - el.clientHeight;
      if (el.scrollTop >= max - 1 && lastRow()) {
        // The last row is rendered; it is on screen once this frame is painted.
        requestAnimationFrame(() => resolve({ start, end: performance.now(), frames }));
        return;
      }
      frames++;
      el.scrollTop = Math.min(max, el.scrollTop + (step === 'screen' ? el.clientHeight : step));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function scrollToTop(): Promise<number> {
  const el = document.querySelector<HTMLElement>('.grid-scroll');
  if (!el) throw new Error('no .grid-scroll');
  el.scrollTop = 0;
  return new Promise((resolve) => setTimeout(() => resolve(performance.now()), 1000));
}

// ---- one run ------------------------------------------------------------------------------------

interface Phase {
  ms: number;
  longest: number;
  over50: number;
  tasks: number[];
}
interface RunResult {
  rate: number;
  firstRow: number;
  firstRowDom: number;
  loadLongest: number;
  afterFirstRender: Phase;
  settle: Phase;
  wheel: Phase & { frames: number };
  jump: Phase & { frames: number };
  frames: Frame[];
  /** From the click on a record's open link on the warm grid to its form showing the record's title. */
  recordOpen: number;
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel(/^Senha/).fill(admin.password);
  await page.getByRole('checkbox', { name: 'Manter conectado' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Abrir ou fechar o menu (Alt+J)' }).waitFor();
}

/** The grid's storage key for chamado (`talkbase.grid.chamado.{templateId}.a`), as the grid writes it. */
async function discoverKey(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, url);
  await page.goto(`${url}${GRID_PATH}`);
  await page.locator('[role="row"][data-talk-id]').first().waitFor();
  const key = await page.evaluate(() =>
    Object.keys(localStorage).find((k) => k.startsWith('talkbase.grid.chamado.') && k.endsWith('.a')),
  );
  await context.close();
  if (!key) throw new Error('the grid wrote no position for chamado');
  return key;
}

/**
 * Opens the first row's record from the warm grid as a person would: the pointer rests on the row's
 * open link (300 ms), then the click; timed in the page from the click until an input of the form
 * holds the record's title (issue 36 item 5).
 */
async function openRecord(
  page: Page,
  row: { talkId: number; talkValues: { subjectAttributeIdentifier: string; value: unknown }[] } | undefined,
): Promise<number> {
  const title = row?.talkValues.find((v) => v.subjectAttributeIdentifier === 'titulo')?.value;
  if (!row || typeof title !== 'string') throw new Error('the first row has no title');
  await page.evaluate(scrollToTop);
  const link = page.locator(`a.grid-action[href$="/context/talk/chamado/${row.talkId}"]`);
  await link.hover();
  await page.waitForTimeout(300);
  return page.evaluate(
    ([id, expected]) =>
      new Promise<number>((resolve, reject) => {
        const a = document.querySelector<HTMLAnchorElement>(
          `a.grid-action[href$="/context/talk/chamado/${id}"]`,
        );
        if (!a) {
          reject(new Error('no open link'));
          return;
        }
        const start = performance.now();
        a.click();
        const check = () => {
          const shown = [
            ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
          ].some((input) => input.value === expected);
          if (shown) resolve(Math.round(performance.now() - start));
          else if (performance.now() - start > 15_000) reject(new Error('the record did not open'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [row.talkId, title] as const,
  );
}

function phase(tasks: Task[], from: number, to: number): Phase {
  const inside = tasks.filter((t) => t.start >= from && t.start < to).map((t) => Math.round(t.duration));
  return {
    ms: Math.round(to - from),
    longest: Math.max(0, ...inside),
    over50: inside.filter((d) => d > 50).length,
    tasks: inside,
  };
}

async function oneRun(
  browser: Browser,
  url: string,
  key: string,
  rate: number,
  profile?: string,
): Promise<RunResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR' });
  try {
    const setup = await context.newPage();
    await signIn(setup, url);
    await setup.evaluate(
      ([k, size]) =>
        localStorage.setItem(
          k,
          JSON.stringify({
            page: 1,
            pageSize: size,
            order: null,
            filterIds: [],
            term: '',
            scrollTop: 0,
            largePages: true,
          }),
        ),
      [key, PAGE_SIZE] as const,
    );
    await setup.close();

    const page = await context.newPage();
    await page.addInitScript(installProbe);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const response = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.replace(/\/$/, '') === '/api/talk/filter/chamado' &&
        r.request().method() === 'POST',
    );
    await page.goto(`${url}${GRID_PATH}`);
    const body = (await (await response).json()) as {
      itens: { talkId: number; talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }[];
    };
    if (body.itens.length !== PAGE_SIZE)
      throw new Error(`the grid asked for ${body.itens.length} rows, not ${PAGE_SIZE}`);
    await page.waitForFunction(() => (window as unknown as ProbeWindow).__gridBench.firstRowPainted !== null);
    await page.waitForTimeout(1000);
    const settled = await page.evaluate(() => performance.now());
    const wheel = await page.evaluate(scrollToBottom, WHEEL_STEP);
    await page.evaluate(scrollToTop);
    const jump = await page.evaluate(scrollToBottom, 'screen' as const);
    await page.waitForTimeout(500);
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profile, JSON.stringify(cpu));
    }
    const probe = await page.evaluate(() => (window as unknown as ProbeWindow).__gridBench);
    const recordOpen = await openRecord(page, body.itens[0]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const responseEnd = probe.responses[0]?.responseEnd;
    if (responseEnd === undefined || probe.firstRowDom === null || probe.firstRowPainted === null)
      throw new Error('the probe missed the filter response or the first row');
    const firstRow = probe.firstRowDom;
    return {
      rate,
      firstRow: Math.round(probe.firstRowPainted - responseEnd),
      firstRowDom: Math.round(firstRow - responseEnd),
      loadLongest: phase(probe.tasks, responseEnd - 1, firstRow).longest,
      afterFirstRender: phase(probe.tasks, firstRow, Number.POSITIVE_INFINITY),
      settle: phase(probe.tasks, firstRow, settled),
      wheel: { ...phase(probe.tasks, wheel.start, wheel.end), frames: wheel.frames },
      jump: { ...phase(probe.tasks, jump.start, jump.end), frames: jump.frames },
      frames: probe.frames.filter((f) => f.start >= firstRow && f.blocking > 0),
      recordOpen,
    };
  } finally {
    await context.close();
  }
}

// ---- profile summary ----------------------------------------------------------------------------

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and total time per function of a CPU profile, the top ones first. */
function summarise(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const name = (n: CpuNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    selfBy.set(name(node), (selfBy.get(name(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const key = name(n);
      if (seen.has(key)) continue;
      seen.add(key);
      totalBy.set(key, (totalBy.get(key) ?? 0) + ms);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  return `self time:\n${list(selfBy)}\n\ntotal time:\n${list(totalBy)}\n`;
}

// ---- report -------------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : Math.round(((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2);
};
const mw = (xs: number[]) => `${median(xs)} / ${Math.max(...xs)}`;

function table(results: RunResult[]): string {
  const rows = RATES.map((rate) => {
    const rs = results.filter((r) => r.rate === rate);
    const cpu = rate === 1 ? 'none' : `${rate}× slower`;
    return [
      `| ${cpu} | ${mw(rs.map((r) => r.firstRow))} | ${mw(rs.map((r) => r.loadLongest))} |`,
      ` ${mw(rs.map((r) => r.afterFirstRender.longest))} | ${mw(rs.map((r) => r.afterFirstRender.over50))} |`,
      ` ${mw(rs.map((r) => r.wheel.ms))} | ${mw(rs.map((r) => r.wheel.longest))} | ${mw(rs.map((r) => r.wheel.over50))} |`,
      ` ${mw(rs.map((r) => r.jump.ms))} | ${mw(rs.map((r) => r.jump.longest))} | ${mw(rs.map((r) => r.jump.over50))} |`,
      ` ${mw(rs.map((r) => r.recordOpen))} |`,
    ].join('');
  });
  return [
    '| CPU throttling | first row − response ms | longest task before it ms | longest task after first render ms | tasks > 50 ms after first render | wheel scroll total ms | wheel longest task ms | wheel tasks > 50 ms | screen-jump scroll total ms | jump longest task ms | jump tasks > 50 ms | record open ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

function verdict(results: RunResult[]): string {
  const plain = results.filter((r) => r.rate === 1);
  const worstTask = Math.max(...plain.map((r) => r.afterFirstRender.longest));
  const worstFirst = Math.max(...plain.map((r) => r.firstRow));
  const worstOpen = Math.max(...plain.map((r) => r.recordOpen));
  return [
    `- No long task over 50 ms after first render (unthrottled, worst of ${plain.length}): ${worstTask <= 50 ? 'met' : 'missed'} — longest ${worstTask} ms.`,
    `- First rows visible within 300 ms of the response (unthrottled, worst of ${plain.length}): ${worstFirst <= 300 ? 'met' : 'missed'} — ${worstFirst} ms.`,
    `- A record opened from the warm grid shows its form's values within 300 ms of the click (issue 36 item 5, unthrottled, worst of ${plain.length}): ${worstOpen <= 300 ? 'met' : 'missed'} — ${worstOpen} ms.`,
  ].join('\n');
}

function section(results: RunResult[], version: string, total: number, load: number[]): string {
  return `## Records grid in the browser

Written by \`npm run bench:grid\` (bench/src/grid.ts) on ${new Date().toISOString()}; never edited by hand.
${results.length / RATES.length} runs per row, each a fresh page (median / worst). Chromium ${version} headless (Debian's, \`--disable-gpu\`),
viewport ${VIEWPORT.width}×${VIEWPORT.height}, driven by playwright-core against the production build of packages/web. The server
(SQLite, demo seed plus copies: ${total} tickets) and the browser share the same ${os.cpus().length}-core machine
(${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}); 1-minute load average ${load.map((l) => l.toFixed(1)).join(' before, ')} after.

Method: /context/grid/chamado opens with 500 rows per page (seeded in the grid's remembered position). In the page,
before the app's scripts: a PerformanceObserver for \`longtask\` entries (buffered), the Resource Timing \`responseEnd\` of
POST /api/talk/filter/chamado, and a MutationObserver noting the first \`[role="row"][data-talk-id]\`; "first row" is the
first task after the frame that holds it (painted). After 1 s, \`.grid-scroll\` is scrolled to the last row ${WHEEL_STEP} px per
animation frame ("wheel"), then back to the top, then one screen per frame ("screen-jump"); every long task is
recorded. "After first render" covers everything from the first row until the end of both scrolls. "Record open": back at
the top, the pointer rests 300 ms on the first row's open link, then a click; timed in the page until an input of the
record's form holds its title. Second row: the same
with \`Emulation.setCPUThrottlingRate\` 4 (a 4× slower CPU), to show headroom.

${table(results)}

Targets of issue 5 (500 rows, scrolled end to end):
${verdict(results)}
`;
}

// ---- main ---------------------------------------------------------------------------------------

const server = await startServer({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SEED: 'demo',
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  ...(process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {}),
});
const onServerExit = (code: number | null, signal: string | null) =>
  process.stderr.write(`the server ended during the bench (code ${code}, signal ${signal})\n`);
server.child.once('exit', onServerExit);
let browser: Browser | undefined;
try {
  const total = await fillTickets(server);
  process.stdout.write(`${total} tickets\n`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const version = browser.version();
  const key = await discoverKey(browser, server.url);
  const results: RunResult[] = [];
  const loadBefore = os.loadavg()[0] ?? 0;
  for (const rate of RATES)
    for (let i = 0; i < RUNS; i++) {
      const r = await oneRun(browser, server.url, key, rate);
      results.push(r);
      process.stdout.write(
        `cpu ${rate}× run ${i + 1}: first row ${r.firstRow} ms after the response (in the DOM at ${r.firstRowDom}), ` +
          `load task ${r.loadLongest} ms; after first render longest ${r.afterFirstRender.longest} ms, ` +
          `${r.afterFirstRender.over50} over 50 ms; wheel ${r.wheel.ms} ms/${r.wheel.frames} frames [${r.wheel.tasks.join(' ')}]; ` +
          `jump ${r.jump.ms} ms/${r.jump.frames} frames [${r.jump.tasks.join(' ')}]; settle [${r.settle.tasks.join(' ')}]; ` +
          `record open ${r.recordOpen} ms\n`,
      );
    }
  if (PROFILE) {
    await oneRun(browser, server.url, key, 1, PROFILE);
    process.stdout.write(
      `\nprofile (no throttling) in ${PROFILE}\n${summarise(JSON.parse(fs.readFileSync(PROFILE, 'utf8')) as CpuProfile)}`,
    );
  }
  if (results.length > 0) {
    if (process.env.BENCH_GRID_FRAMES)
      fs.writeFileSync(process.env.BENCH_GRID_FRAMES, JSON.stringify(results, null, 1));
    writeResultsSection('grid', section(results, version, total, [loadBefore, os.loadavg()[0] ?? 0]));
    process.stdout.write(`\n${table(results)}\n\n${verdict(results)}\n`);
  }
} finally {
  await browser?.close();
  server.child.off('exit', onServerExit);
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  else await server.stop();
}
