import { defineConfig } from 'vitest/config';
import { UNIT_INCLUDE, UNIT_ISOLATED } from './tests/support/unit-files.ts';

/** Workers of the first group (`unit` and `integration`; a group's projects share one worker count). */
const INTEGRATION_WORKERS = 3;

/** Browser files at a time, against the run's one server and Chromium. */
const BROWSER_WORKERS = 2;

/**
 * Four projects: `unit` (pure, no services, modules shared between files), `unit-isolated` (the unit
 * files that replace modules or globals, tests/support/unit-files.ts), `integration` (real Postgres and
 * Redis, `*.int.test.ts`) and `browser` (real Chromium against the real server, `tests/browser/**`).
 */
export default defineConfig({
  test: {
    // Two groups, one after the other (vitest runs a project's files in the pool of its `groupOrder`):
    // first the unit projects and `integration` together, three workers on the 2-core CI machine (an
    // integration file waits on Postgres, Redis and its child processes part of the time, so a third
    // worker fills the cores); then `browser`, two files at a time against the run's one server and
    // Chromium.
    // Integration files run side by side safely: each has its own database (a clone of the run's
    // template), its own Redis key prefix and free ports, and a fault drill its own throwaway servers.
    maxWorkers: INTEGRATION_WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_INCLUDE,
          exclude: ['**/node_modules/**', '**/*.int.test.ts', ...UNIT_ISOLATED],
          isolate: false,
          // The files share their modules: the first test to reach a lazily loaded table (the
          // marker's CJK decomposition and pinyin, about half a second idle) pays for it, several
          // seconds beside three integration workers on two cores; a file's content load, and the
          // content rules that mark every item's model answer (8 s on a loaded machine), likewise.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          // The files share their modules (importing was a quarter of a file's time, 370 of 1,515 s):
          // each file makes its own apps, databases and Redis prefixes, so nothing else is shared.
          isolate: false,
          testTimeout: 60_000,
          // Three files at a time share two cores: an app's start (beforeAll) gets a third of the time.
          hookTimeout: 240_000,
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/browser-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // An `expect.poll` waits on the page or the server as long as a locator's wait would (vitest's
          // default second is too short for a password hash on a busy machine).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time: one file keeps the cores far from busy (the sequential run took 281 CPU-s
          // in 13 min), as it waits on the page, the server and Postgres in turn. Files keep apart by
          // their own accounts and browser contexts.
          maxWorkers: BROWSER_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/test-support/**'],
      reporter: ['text-summary', 'text'],
    },
  },
});
