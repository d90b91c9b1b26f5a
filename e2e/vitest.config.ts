import { defineConfig } from 'vitest/config';

// One real server (on a copy of the data the global setup's first start left) and one Chromium per
// file; two files at a time (CI has two cores), or one after another with E2E_SERIAL=1 when a
// failure needs a quiet machine to be read.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: process.env.E2E_SERIAL !== '1',
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    // A state change the page makes (a click re-rendering the shell) may take more than vitest's
    // default 1 s on a loaded CI machine; conditions are still awaited, never slept on. 10 s for
    // the slowest machines of this kind with two files running. (The shell.e2e failure that raised
    // it from 5 s was not a slow page: the tab bar read the screen it closed from its last render,
    // one navigation behind; TabsBar.tsx now reads the address.)
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
