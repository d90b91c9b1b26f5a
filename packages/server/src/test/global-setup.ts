import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied, which createTestApp copies for each new app. */
    sqliteTemplate?: string;
  }
}

/**
 * Once per run of the server suite on SQLite: the migrations applied to one file, which each test
 * app starts from instead of applying them again (~0.2 s an app, hundreds of apps a run: one DDL
 * commit after another, each synced). The apps still run `migrateToLatest` at start, which finds
 * nothing pending. The migrations themselves are exercised here and by their own tests.
 */
export async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (project.config.env.TEST_DATABASE_URL) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-template-'));
  const file = path.join(dir, 'talkbase.db');
  const db = openDatabase({ sqliteFile: file, checkpointThread: false });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  // Closing the last connection checkpoints the WAL into the file and removes it: one file to copy.
  if (fs.existsSync(`${file}-wal`)) throw new Error(`${file}-wal remained after closing the template`);
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
