import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, webDist } from './paths.ts';

/**
 * The suite drives the built app as the server serves it. It builds once when there is no build
 * yet, or when E2E_BUILD=1 asks for a fresh one (`npm test` builds just before).
 */
export function setup(): void {
  if (fs.existsSync(path.join(webDist, 'index.html')) && process.env.E2E_BUILD !== '1') return;
  execFileSync('npm', ['run', 'build', '-w', '@talkbase/web'], { cwd: repoRoot, stdio: 'inherit' });
}
