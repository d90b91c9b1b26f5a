import { defineConfig } from 'vitest/config';

// One real server and one Chromium per file; files run one after another so that browsers and
// servers do not compete for the machine.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    // A state change the page makes (a click re-rendering the shell) may take more than vitest's
    // default 1 s on a loaded CI machine; conditions are still awaited, never slept on.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
