import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { iconSubset } from './build/icon-subset.ts';
import { icons } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), iconSubset(icons)],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // jsdom built once per worker, each file still in a context of its own: 153 → 66 s for this
    // suite on two cores (docs/decisions.md, CI time). `isolate: false` was faster still (38 s) but
    // shares modules between files, so one file's leftovers could decide another's result.
    pool: 'vmThreads',
  },
});
