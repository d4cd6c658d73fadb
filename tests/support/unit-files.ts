/**
 * Which files the `unit` project runs, and which of them run isolated (`unit-isolated`): vitest.config.ts
 * reads both, and tests/unit/unit-isolation.test.ts checks that every unit file that replaces a module
 * or a global is in `UNIT_ISOLATED`.
 */

export const UNIT_INCLUDE = [
  'packages/**/*.test.ts',
  'content/**/*.test.ts',
  'apps/**/*.test.ts',
  'apps/**/*.test.tsx',
  'tests/unit/**/*.test.ts',
  'load/**/*.test.ts',
];

/**
 * Unit files that change what other files would import: they replace modules (`vi.mock`), stub globals,
 * or patch `globalThis.Function` and set zod's global config. The other unit files share their worker's
 * modules (`isolate: false`: importing was ~70 % of the unit time); these get a fresh module graph each.
 */
export const UNIT_ISOLATED = [
  'apps/api/src/plugins/session-cache.test.ts',
  'apps/web/src/lib/client.test.ts',
  'apps/web/src/components/quiz/api.test.ts',
  'tests/unit/zod-jitless.test.ts',
];
