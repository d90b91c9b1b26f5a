/**
 * Debian's Chromium as the end-to-end suite and the browser benches (first load, grid, Lighthouse)
 * run it: never a downloaded browser, headless, nothing of its own reaching the network.
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
