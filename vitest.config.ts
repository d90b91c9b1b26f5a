import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Suites, each runnable alone: `unit` (pure rules in domain), `web` (components in jsdom) and
// `server` (integration through the real app on a fresh SQLite database). With TEST_DATABASE_URL
// set, `server-pg` runs the same files on PostgreSQL (each app in a schema of its own) in the same
// run, so `vitest run --project 'server*'` keeps both cores busy with either database's files.
/**
 * Server files that open no database (pure rules, or a server process on its own SQLite): the
 * PostgreSQL pass would run them again for nothing (main.test.ts alone takes ~20 s).
 */
const DATABASE_FREE = [
  'packages/server/src/main.test.ts',
  'packages/server/src/config.test.ts',
  'packages/server/src/node-flags.test.ts',
  'packages/server/src/runtime/*.test.ts',
  'packages/server/src/access/boundary.test.ts',
  'packages/server/src/outbound/outbound-guard.test.ts',
  'packages/server/src/mail/inbound/mail-text.test.ts',
  'packages/server/src/modules/automations/cron.test.ts',
  'packages/server/src/modules/accounts/password-scoring.test.ts',
  'packages/server/src/records/count-cache.test.ts',
];

const server = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['packages/server/src/**/*.test.ts'],
    ...(databaseUrl ? { exclude: DATABASE_FREE } : {}),
    environment: 'node',
    env: { TEST_DATABASE_URL: databaseUrl },
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file builds its own app on its own database; files run in parallel workers. A
    // worker keeps its loaded modules from one file to the next (both databases: 590 → 349 s on
    // two cores, docs/decisions.md): every app and database is still a file's own, and
    // test/setup.ts puts back the clock, environment and spies after each test.
    pool: 'forks',
    isolate: false,
    setupFiles: ['packages/server/src/test/setup.ts'],
  },
});

const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      'packages/*/vitest.config.ts',
      server('server', ''),
      ...(postgres ? [server('server-pg', postgres)] : []),
    ],
  },
});
