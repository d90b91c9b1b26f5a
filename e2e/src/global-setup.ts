import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createOrdinaryUser, type TestUser } from './api.ts';
import { repoRoot, webDist } from './paths.ts';
import { makeDataTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * By SEED value: a data directory as a first start leaves it, with an ordinary user of the
     * customers' room made in it, which each file's server copies.
     */
    dataTemplates: Record<string, { dir: string; customer: TestUser }>;
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
  // The user every file's suite has (`useSuite`'s customer), made once here rather than in each file:
  // two password hashes (the administrator's sign-in, the account's) each file no longer pays. Number
  // 0 (Carla Cliente0), apart from the users a file makes (1, 2…, counted in its own process).
  const made = await Promise.allSettled(
    seeds.map((seed) => makeDataTemplate({ SEED: seed }, (server) => createOrdinaryUser(server, 0))),
  );
  const templates = made.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
  const dirs = templates.map((t) => t.dir);
  const removeAll = () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const failed = made.find((m) => m.status === 'rejected');
  if (failed) {
    removeAll();
    throw failed.reason;
  }
  project.provide('dataTemplates', Object.fromEntries(templates.map((t, i) => [seeds[i] ?? '', t])));
  return removeAll;
}
