/**
 * The `unit` project shares modules between its files (`isolate: false`, issue 39): a file that replaces
 * a module or a global there would change what the next file in its worker imports. Such files belong
 * in `UNIT_ISOLATED` (tests/support/unit-files.ts), which run in the `unit-isolated` project. The
 * `integration` project shares modules too, and has no such place: none of its files may do it.
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNIT_INCLUDE, UNIT_ISOLATED } from '../support/unit-files.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What leaks out of a file when its worker's modules are shared. */
const LEAKS = [
  /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/,
  /\bglobalThis\.\w+\s*=(?!=)/,
  /\bprocess\.env\.\w+\s*=(?!=)/,
  /\bprocess\.env\[[^\]]+\]\s*=(?!=)/,
];

const unitFiles = globSync(UNIT_INCLUDE, {
  cwd: repo,
  exclude: (name) => name === 'node_modules',
}).filter((file) => !file.endsWith('.int.test.ts'));

describe('the unit files that run isolated', () => {
  it('are every unit file that replaces a module or a global', () => {
    const leaking = unitFiles
      .filter((file) => LEAKS.some((leak) => leak.test(readFileSync(path.join(repo, file), 'utf8'))))
      .sort();
    expect(leaking).toEqual([...UNIT_ISOLATED].sort());
  });

  it('leave no integration file replacing a module or a global (integration shares modules too)', () => {
    const integration = globSync('**/*.int.test.ts', {
      cwd: repo,
      exclude: (name) => name === 'node_modules',
    });
    expect(integration.length).toBeGreaterThan(50);
    const leaking = integration.filter((file) =>
      LEAKS.some((leak) => leak.test(readFileSync(path.join(repo, file), 'utf8'))),
    );
    expect(leaking).toEqual([]);
  });

  it('are found among the unit files', () => {
    expect(unitFiles.length).toBeGreaterThan(100);
    for (const file of UNIT_ISOLATED) expect(unitFiles).toContain(file);
  });
});
