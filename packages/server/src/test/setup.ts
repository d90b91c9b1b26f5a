import { afterEach, vi } from 'vitest';

// The server suite's files share a worker's modules (isolate: false in vitest.config.ts): what one
// test changes in the process's clock, environment or spies must not reach the next file's tests.
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
