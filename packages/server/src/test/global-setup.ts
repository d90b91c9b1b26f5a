import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { adminQuery, databaseUrl, readTemplate, type TemplateContents } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied, which createTestApp copies for each new app. */
    sqliteTemplate?: string;
    /**
     * PostgreSQL: a database with every migration applied, which createTestApp clones for each
     * new app (`create database … template …`), the prefix of every database the run makes, and
     * what it holds, for emptying a closed app's database for the next app instead (harness.ts).
     */
    pgTemplate?: { name: string; prefix: string; contents: TemplateContents };
  }
}

/**
 * Once per run of the server suite on SQLite: the migrations applied to one file, which each test
 * app starts from instead of applying them again (~0.2 s an app, hundreds of apps a run: one DDL
 * commit after another, each synced). The apps still run `migrateToLatest` at start, which finds
 * nothing pending. The migrations themselves are exercised here and by their own tests.
 */
export async function setup(project: TestProject): Promise<(() => Promise<void> | void) | undefined> {
  const postgresUrl = project.config.env.TEST_DATABASE_URL;
  if (postgresUrl) return setupPostgres(project, postgresUrl);
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

/**
 * The same on PostgreSQL: an app migrated its own fresh schema, ~0.8 s of DDL an app on CI's
 * hosts, for ~270 apps a run; cloning a migrated database takes 0.15–4 s by host (it writes and
 * syncs every file of it), so a worker clones one only when none of its closed apps' databases is
 * free: those are emptied back to the template instead (~50 ms; harness.ts, postgres.ts
 * `emptyDatabase`). Whatever a run leaves (a file stopped before its apps closed) is dropped at its end.
 */
async function setupPostgres(project: TestProject, url: string): Promise<() => Promise<void>> {
  const prefix = `tb_${crypto.randomBytes(4).toString('hex')}`;
  const name = `${prefix}_template`;
  await adminQuery(url, `create database ${name}`);
  const db = openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    // No connection may stay on a template while it is cloned.
    await db.close();
  }
  const contents = await readTemplate(databaseUrl(url, name));
  project.provide('pgTemplate', { name, prefix, contents });
  return async () => {
    const { rows } = await adminQuery<{ datname: string }>(
      url,
      `select datname from pg_database where datname like '${prefix}\\_%'`,
    );
    for (const r of rows) await adminQuery(url, `drop database if exists ${r.datname} with (force)`);
  };
}
