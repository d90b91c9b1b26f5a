import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The built web app; E2E_WEB_DIST points a run at a private build (`vite build --outDir …`). */
export const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist');
export const serverMain = path.join(repoRoot, 'packages/server/src/main.ts');
/** Screenshots to look at after a run. */
export const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
