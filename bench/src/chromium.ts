/**
 * Debian's Chromium as the browser benches run it (first load, grid, Lighthouse): headless, with
 * nothing of its own reaching the network, at the e2e suite's window size.
 */
export const CHROMIUM = '/usr/bin/chromium';
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
/** The ticket grid, the screen the browser benches open after sign-in. */
export const GRID_PATH = '/context/grid/chamado';
