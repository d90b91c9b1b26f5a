import { defineConfig } from 'vitest/config';

// Three suites, each runnable alone: `unit` (pure rules in domain), `web` (components in jsdom)
// and `server` (integration through the real app on a fresh database; PostgreSQL too when
// TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'packages/*/vitest.config.ts',
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file builds its own app on its own database; files run in parallel workers.
          pool: 'forks',
        },
      },
    ],
  },
});
