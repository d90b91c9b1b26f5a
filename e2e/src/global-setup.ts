import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, webDist } from './paths.ts';
import { makeDataTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** By SEED value: a data directory as a first start leaves it, which each file's server copies. */
    dataTemplates: Record<string, string>;
  }
}

/**
 * The suite drives the built app as the server serves it. It builds once when there is no build
 * yet, or when E2E_BUILD=1 asks for a fresh one (`npm test` builds just before). Then it starts
 * the server once per seed to keep what the first start wrote (see `makeDataTemplate`).
 */
export async function setup(project: TestProject): Promise<() => void> {
  if (!fs.existsSync(path.join(webDist, 'index.html')) || process.env.E2E_BUILD === '1') {
    execFileSync('npm', ['run', 'build', '-w', '@talkbase/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const seeds = ['none', 'demo'];
  const made = await Promise.allSettled(seeds.map((seed) => makeDataTemplate({ SEED: seed })));
  const dirs = made.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
  const removeAll = () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const failed = made.find((m) => m.status === 'rejected');
  if (failed) {
    removeAll();
    throw failed.reason;
  }
  project.provide('dataTemplates', Object.fromEntries(seeds.map((seed, i) => [seed, dirs[i] ?? ''])));
  return removeAll;
}
