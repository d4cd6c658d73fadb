import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure, no services), `integration` (real Postgres and Redis, `*.int.test.ts`)
 * and `browser` (real Chromium against the real server, `tests/browser/**`).
 */
export default defineConfig({
  test: {
    // One worker per core. Vitest's default in a run is one less than the cores, which on the 2-core CI
    // machine ran every file of every project one at a time; the integration and browser files (one at
    // a time each: fileParallelism) mostly wait on their servers, so a unit file runs beside them.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'content/**/*.test.ts',
            'apps/**/*.test.ts',
            'apps/**/*.test.tsx',
            'tests/unit/**/*.test.ts',
            'load/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/browser-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
