// The browser as the end-to-end suite runs it (e2e/src/chromium.ts), for the browser benches.
export { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from '../../e2e/src/chromium.ts';

/** The ticket grid, the screen the browser benches open after sign-in. */
export const GRID_PATH = '/context/grid/chamado';
