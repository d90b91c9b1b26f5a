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
  },
});
