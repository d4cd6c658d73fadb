/** Which k6 script a load run starts: a built-in scenario by its name, or a script of one's own by its path. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsToSeed, OWN_SCRIPT, PROFILES, resolveScenario } from './scenarios.ts';

describe('resolveScenario', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wyt-scenario-'));
  writeFileSync(path.join(dir, 'night-before.js'), 'export default function () {}\n');
  writeFileSync(path.join(dir, 'notes.txt'), 'not a script\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every built-in scenario in load/scenarios, whatever the folder it is run from', () => {
    for (const name of Object.keys(PROFILES)) {
      const found = resolveScenario(name, dir);
      expect(found?.name).toBe(name);
      expect(found?.profile).toBe(PROFILES[name]);
      expect(path.basename(found!.script)).toBe(`${name}.js`);
      expect(existsSync(found!.script)).toBe(true);
    }
  });

  it('takes a script of one’s own by a path from the folder npm was run in, named after its file', () => {
    const found = resolveScenario('night-before.js', dir);
    expect(found).toEqual({
      script: path.join(dir, 'night-before.js'),
      name: 'night-before',
      profile: OWN_SCRIPT,
    });
    expect(resolveScenario(path.join(dir, 'night-before.js'), tmpdir())?.script).toBe(found!.script);
  });

  it('refuses an unknown name, a missing file and a file that is not a script', () => {
    expect(resolveScenario('exam-morning', dir)).toBeNull();
    expect(resolveScenario('missing.js', dir)).toBeNull();
    expect(resolveScenario('notes.txt', dir)).toBeNull();
  });

  it('seeds exactly the accounts a script of one’s own asks for, a built-in scenario its VUs and watchers and more', () => {
    const own = { ...OWN_SCRIPT.defaults, ACCOUNTS: '5000' };
    const numbers = Object.fromEntries(Object.entries(own).map(([k, v]) => [k, Number(v)]));
    expect(accountsToSeed(OWN_SCRIPT, OWN_SCRIPT.learnerVus(numbers), numbers)).toBe(5000);
    const spike = { ...PROFILES.spike!.defaults, WATCHERS: '4700' };
    const s = Object.fromEntries(Object.entries(spike).map(([k, v]) => [k, Number(v)]));
    const vus = PROFILES.spike!.learnerVus(s);
    expect(accountsToSeed(PROFILES.spike!, vus, s)).toBe(vus + 4700 + 100);
  });
});
