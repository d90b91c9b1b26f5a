/// <reference lib="dom" />
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, GRID_PATH, VIEWPORT } from './chromium.ts';
import { writeResultsSection } from './results.ts';
import { startServer } from './server.ts';

/**
 * `npm run bench:first-load`: bytes on the wire of the first visit (issue 18), in Debian's Chromium
 * against a real server serving the built web app (packages/web/dist, or BENCH_WEB_DIST), each
 * screen in a fresh browser context (empty HTTP cache):
 * - sign-in: `/` until the "Entrar" button shows and the fonts are loaded;
 * - shell + grid: a signed-in session (its storage only, no cache) opening /context/grid/chamado
 *   until the grid's rows show and the fonts are loaded;
 * - repeat visit: the same grid reloaded in that context (what the HTTP cache saves).
 * Bytes are CDP's `encodedDataLength` (headers + body as received), grouped by resource type.
 * Figures go to the first-load section of bench/RESULTS.md (BENCH_FIRST_LOAD_LABEL names the
 * row, e.g. "before"/"after"); rows of earlier labels are kept. Byte counts are exact; no timing.
 * BENCH_FIRST_LOAD_SHOTS=dir saves a screenshot of each screen, to see that the icons draw.
 */
const LABEL = process.env.BENCH_FIRST_LOAD_LABEL ?? 'current';
/** A folder for screenshots of both screens once loaded (optional). */
const SHOTS = process.env.BENCH_FIRST_LOAD_SHOTS;
const admin = { email: 'firstload@talkbase.test', password: 'First-Load-Senha-2026' };

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** Records every response of the page through CDP: its type, encoding and bytes received. */
async function recordTransfers(context: BrowserContext, page: Page): Promise<Transfer[]> {
  const cdp = await context.newCDPSession(page);
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    pending.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: headers['content-encoding'] ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const response = pending.get(e.requestId);
    if (response) done.push({ ...response, bytes: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  return done;
}

const isStatic = (t: Transfer) => !/\/(api|websocket)(\/|$|\?)/.test(new URL(t.url).pathname);

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

interface Measure {
  screen: string;
  transfers: Transfer[];
}

function summary({ screen, transfers }: Measure) {
  const assets = transfers.filter(isStatic);
  const sum = (list: Transfer[]) => list.reduce((s, t) => s + t.bytes, 0);
  const byType = (type: string) => sum(assets.filter((t) => t.type === type));
  return {
    screen,
    total: sum(assets),
    document: byType('Document'),
    script: byType('Script'),
    stylesheet: byType('Stylesheet'),
    font: byType('Font'),
    other: sum(assets.filter((t) => !['Document', 'Script', 'Stylesheet', 'Font'].includes(t.type))),
    api: sum(transfers.filter((t) => !isStatic(t))),
    requests: assets.length,
    encodings: [...new Set(assets.map((t) => t.encoding || 'identity'))].sort().join('+'),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const server = await startServer({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SEED: 'demo',
  ...(process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {}),
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const measures: Measure[] = [];
try {
  // Sign-in screen, cold.
  const signInContext = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR' });
  const signInPage = await signInContext.newPage();
  const signInTransfers = await recordTransfers(signInContext, signInPage);
  await signInPage.goto(`${server.url}/`);
  await signInPage.getByRole('button', { name: 'Entrar' }).waitFor();
  await settle(signInPage);
  measures.push({ screen: 'sign-in', transfers: [...signInTransfers] });
  if (SHOTS) await signInPage.screenshot({ path: `${SHOTS}/first-load-sign-in.png` });
  await signInPage.getByLabel('E-mail').fill(admin.email);
  await signInPage.getByLabel(/^Senha/).fill(admin.password);
  await signInPage.getByRole('checkbox', { name: 'Manter conectado' }).check();
  await signInPage.getByRole('button', { name: 'Entrar' }).click();
  await signInPage.getByRole('button', { name: 'Abrir ou fechar o menu (Alt+J)' }).waitFor();
  const session = await signInContext.storageState();
  await signInContext.close();

  // Shell + grid, signed in, cold cache.
  const gridContext = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'pt-BR',
    storageState: session,
  });
  const gridPage = await gridContext.newPage();
  const gridTransfers = await recordTransfers(gridContext, gridPage);
  await gridPage.goto(`${server.url}${GRID_PATH}`);
  await gridPage.locator('.grid-scroll [role="row"][aria-rowindex="2"]').waitFor();
  await settle(gridPage);
  measures.push({ screen: 'shell + grid', transfers: [...gridTransfers] });
  if (SHOTS) await gridPage.screenshot({ path: `${SHOTS}/first-load-grid.png` });
  // Icons drawn with the full set (outside the subset): each one costs the 3.9 MB font.
  const fullIcons = await gridPage.$$eval('.material-symbols-full', (els) => els.map((e) => e.textContent));
  if (fullIcons.length > 0)
    console.log(`icons outside the subset on the grid: ${[...new Set(fullIcons)].join(', ')}`);

  // The same grid again: what the HTTP cache saves.
  gridTransfers.length = 0;
  await gridPage.reload();
  await gridPage.locator('.grid-scroll [role="row"][aria-rowindex="2"]').waitFor();
  await settle(gridPage);
  measures.push({ screen: 'shell + grid, repeat visit', transfers: [...gridTransfers] });
  await gridContext.close();
} finally {
  await browser.close();
  await server.stop();
}

const rows = measures.map(summary);
for (const m of measures) {
  console.log(`\n${m.screen}`);
  for (const t of m.transfers.filter(isStatic).sort((a, b) => b.bytes - a.bytes))
    console.log(
      `  ${kb(t.bytes).padStart(8)} KB  ${t.type.padEnd(10)} ${t.encoding || '-'}  ${new URL(t.url).pathname}`,
    );
}
console.table(rows.map((r) => ({ ...r, total: `${kb(r.total)} KB` })));

// Keep the rows of other labels (e.g. "before") and replace this label's.
const tableHead =
  '| run | screen | static total | document | JS | CSS | fonts | other | requests | encodings | API |\n|---|---|---|---|---|---|---|---|---|---|---|';
const line = (r: ReturnType<typeof summary>) =>
  `| ${LABEL} | ${r.screen} | **${kb(r.total)} KB** | ${kb(r.document)} | ${kb(r.script)} | ${kb(r.stylesheet)} | ${kb(r.font)} | ${kb(r.other)} | ${r.requests} | ${r.encodings} | ${kb(r.api)} |`;
const fs = await import('node:fs');
const { resultsFile } = await import('./results.ts');
const doc = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const previous = doc.slice(
  Math.max(0, doc.indexOf('<!-- first-load:')),
  Math.max(0, doc.indexOf('<!-- /first-load -->')),
);
const kept = previous
  .split('\n')
  .filter(
    (l) => l.startsWith('| ') && !l.startsWith(`| ${LABEL} |`) && /^\| [^|]+ \| (sign-in|shell)/.test(l),
  );
writeResultsSection(
  'first-load',
  `## First load (issue 18): bytes on the wire

\`npm run bench:first-load -w @talkbase/bench\` (Chromium, each screen in a fresh context, empty cache;
KB = 1,024 bytes received per CDP \`encodedDataLength\`, headers included; "static" = everything but
/api and /websocket). Targets: sign-in ≤ 150 KB, shell + grid ≤ 300 KB. Byte counts are exact
and independent of machine load; no timings here.

${tableHead}
${[...kept, ...rows.map(line)].join('\n')}
`,
);
