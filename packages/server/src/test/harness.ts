import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { adminQuery, databaseUrl, emptyDatabase } from './postgres.ts';
import type { LogStream } from '../http/log-redaction.ts';
import type { ActionHandler } from '../modules/automations/actions/types.ts';

export const ADMIN_EMAIL = 'admin@talkbase.test';
export const ADMIN_PASSWORD = 'Admin-Password-123';

/** PostgreSQL when TEST_DATABASE_URL is set (each app on a fresh database), SQLite otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const dialectName = testDatabaseUrl ? 'postgres' : 'sqlite';

/**
 * The test apps' sessions commit without waiting for the WAL to reach the disk: what a test checks
 * is what was committed, never a crash of PostgreSQL itself, and waiting for each commit's fsync
 * made the PostgreSQL pass of the suite ~2.6 times as long as SQLite's (docs/decisions.md, "CI
 * time"). The server's own durability is measured by `npm run bench:durability`, not here.
 */
const TEST_SESSION_OPTIONS = '-c synchronous_commit=off';

/** TEST_DATABASE_URL pointed at one schema, as a deployment's DATABASE_URL would be. */
export function schemaUrl(schema: string): string {
  const url = new URL(testDatabaseUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema} ${TEST_SESSION_OPTIONS}`);
  return url.toString();
}

/** A database of the test server, for a test app's sessions. */
function appDatabaseUrl(database: string): string {
  const url = new URL(databaseUrl(testDatabaseUrl ?? '', database));
  url.searchParams.set('options', TEST_SESSION_OPTIONS);
  return url.toString();
}

/**
 * This worker's databases whose apps have closed, emptied back to the template's state
 * (`emptyDatabase`): the next app takes one of them before cloning a new one.
 */
const emptiedDatabases: string[] = [];

/**
 * A fresh PostgreSQL place for one app: a database as the run's migrated template left it
 * (test/global-setup.ts) — one a closed app left and that was emptied back to it, or a new clone —
 * or, for a file run outside the server project's setup, a new schema of the test database that
 * the app migrates itself.
 */
async function freshPostgres(id: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = testDatabaseUrl ?? '';
  const template = inject('pgTemplate');
  if (template) {
    let name = emptiedDatabases.pop();
    if (name === undefined) {
      name = `${template.prefix}_${id}`;
      await adminQuery(url, `create database ${name} template ${template.name}`);
    }
    const own = name;
    return {
      url: appDatabaseUrl(own),
      drop: async () => {
        if (await emptyDatabase(url, own, template.contents)) emptiedDatabases.push(own);
        else await adminQuery(url, `drop database ${own} with (force)`);
      },
    };
  }
  const schema = `t_${id}`;
  await adminQuery(url, `create schema ${schema}`);
  return {
    url: schemaUrl(schema),
    drop: async () => {
      await adminQuery(url, `drop schema ${schema} cascade`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  dataDir: string;
  /** Another app instance on the same database (PostgreSQL: same schema), for multi-instance tests. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh, empty database, as main.ts builds it — plus the answer check: every
 * successful answer must match its route's declared response (http/response-check.ts), or the
 * call answers 500 and close() fails with the route and the differences.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: LogStream; actionHandlers?: ActionHandler[] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-test-'));
  const id = crypto.randomBytes(6).toString('hex');
  const postgres = testDatabaseUrl ? await freshPostgres(id) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SESSION_CHECK_MS: '200',
    // The service levels' checker works after every commit: tests that need it drain it (sla.test).
    SLA_CHECK_MS: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const openDb = () =>
    postgres
      ? openDatabase({
          databaseUrl: postgres.url,
          poolSize: 4,
          statementTimeoutMs: config.databaseStatementTimeoutMs,
        })
      : openDatabase({ sqliteFile: path.join(dataDir, 'talkbase.db') });
  if (!postgres) {
    // Already migrated once for the whole run (test/global-setup.ts); absent when a file runs
    // outside the server project's setup, and the app then migrates its fresh file itself.
    const template = inject('sqliteTemplate');
    if (template) fs.copyFileSync(template, path.join(dataDir, 'talkbase.db'));
  }
  const db = openDb();
  // With a log stream, the server's own logger configuration is used (level from LOG_LEVEL).
  const app = await buildApp({
    config,
    db,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    realtimeChannel: `tb_${id}`,
    checkResponses: true,
    ...(opts.actionHandlers ? { actionHandlers: opts.actionHandlers } : {}),
  });
  const siblings: { app: FastifyInstance; db: Db }[] = [];
  return {
    app,
    config,
    db,
    dataDir,
    async sibling() {
      const siblingDb = openDb();
      const other = await buildApp({
        config,
        db: siblingDb,
        logger: false,
        realtimeChannel: `tb_${id}`,
        checkResponses: true,
      });
      siblings.push({ app: other, db: siblingDb });
      return other;
    },
    async close() {
      // Answers that did not match their route's declared response (http/response-check.ts).
      const mismatches = [app, ...siblings.map((s) => s.app)].flatMap((a) => a.responseCheck?.failures ?? []);
      for (const s of siblings) {
        await s.app.close();
        await s.db.close();
      }
      await app.close();
      await db.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (mismatches.length) {
        throw new Error(
          `Respostas que não conferem com o esquema declarado da rota:\n${[...new Set(mismatches)].join('\n')}`,
        );
      }
    },
  };
}

export interface LoggedIn {
  token: string;
  accountId: number;
}

export async function login(
  app: FastifyInstance,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; user: { accountId: number } }>();
  return { token: body.token, accountId: body.user.accountId };
}

export function as(token: string, opts: InjectOptions): InjectOptions {
  return { ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } };
}

export function errorsOf(res: LightMyRequestResponse): { message: string; field?: string }[] {
  return res.json<{ errors: { message: string; field?: string }[] }>().errors;
}

/** Creates an ordinary person account through the API, as an administrator would. */
export async function createPerson(
  app: FastifyInstance,
  adminToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ accountId: number; email: string; password: string }> {
  const email = `pessoa-${crypto.randomBytes(4).toString('hex')}@talkbase.test`;
  const password = 'Pessoa-Senha-Forte-1';
  const res = await app.inject(
    as(adminToken, {
      method: 'POST',
      url: '/api/account/',
      payload: {
        accountType: 1,
        roomId: 1196,
        firstName: 'Maria',
        lastName: 'Silva',
        displayName: 'Maria',
        phoneNumber: '(11) 91234-5678',
        email,
        password,
        ...overrides,
      },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`create person failed: ${res.statusCode} ${res.body}`);
  return { accountId: res.json<{ accountId: number }>().accountId, email, password };
}
