import fs from 'node:fs';

/**
 * Debian's Chromium as the browser benches (first load, grid, Lighthouse) run it — the browser a
 * user runs: never a downloaded browser, headless, nothing of its own reaching the network.
 */
export const CHROMIUM = '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium (package `chromium-headless-shell`). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The end-to-end suite's browser: the headless shell when installed — the same Blink and V8
 * without the full browser's layers, and what Playwright itself runs headless tests in; three
 * suite files on two workers took 88–90 s against 110–120 s (docs/decisions.md, "CI time") —
 * else Debian's `chromium`.
 */
export const E2E_CHROMIUM = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * The end-to-end suite's arguments: V8 without its optimising compilers (TurboFan, Maglev). A test
 * page lives seconds, so what they compile (on background threads, on the same two cores as
 * everything else) rarely runs long enough to pay back; the code still runs, interpreted and
 * baseline-compiled, with the same results. Four suite files on two workers, alternating runs on
 * this machine kind: 125 and 118 s with those compilers against 92 and 102 s without; four others
 * 132 against 103 s (docs/decisions.md, "CI time"). The benches keep `CHROMIUM_ARGS`: they measure
 * what a user's browser does.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev'];
