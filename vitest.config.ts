import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: "unit" runs components and machines in jsdom, "book" the book in node;
// "api" runs the Hono app against an in-memory PGlite (or DATABASE_URL when set).
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine like CI's.
    maxWorkers: 2,
    // Under CI (CI=1, set by .ci/run) a failed test runs once more, as in Playwright; one that then
    // passes still counts as passed, and `npm test` names it as flaky above its summary.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          // Vitest's 5 s is tight for a screen test on two busy cores: a model-based walk of the
          // preview screen that takes ~1 s alone took 7 s with the API tests and a build beside it.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'book',
          include: ['tests/book/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The API files share their worker's loaded modules (the server, Drizzle, PGlite's WASM)
          // instead of loading them again for each of ~180 files: import time 160 s -> ~50 s. Each
          // file still makes its own database and app; none may rely on a module's fresh state.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
