import { describe, expect, it } from 'vitest';
import {
  isChunkLoadError,
  RELOAD_GUARD_MS,
  type ReloadDeps,
  reloadOnceForNewVersion,
} from './new-version.ts';

function fakeDeps(start: number) {
  const store = new Map<string, string>();
  let clock = start;
  let reloads = 0;
  const deps: ReloadDeps = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: () => {
      reloads += 1;
    },
    now: () => clock,
  };
  return {
    deps,
    advance: (ms: number) => {
      clock += ms;
    },
    reloads: () => reloads,
  };
}

describe('reloading into a new version', () => {
  it('reloads the first time a screen fails to load', () => {
    const page = fakeDeps(1_000_000);
    expect(reloadOnceForNewVersion(page.deps)).toBe(true);
    expect(page.reloads()).toBe(1);
  });

  it('does not reload again when the new version fails too (no loop)', () => {
    const page = fakeDeps(1_000_000);
    reloadOnceForNewVersion(page.deps);
    page.advance(2_000);
    expect(reloadOnceForNewVersion(page.deps)).toBe(false);
    expect(page.reloads()).toBe(1);
  });

  it('reloads again for a later deploy', () => {
    const page = fakeDeps(1_000_000);
    reloadOnceForNewVersion(page.deps);
    page.advance(RELOAD_GUARD_MS + 1);
    expect(reloadOnceForNewVersion(page.deps)).toBe(true);
    expect(page.reloads()).toBe(2);
  });
});

describe('what counts as a failed load of a screen', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/assets/a-1.js')],
    ['Vite preload', new Error('Unable to preload CSS for /assets/a-1.css')],
  ])('%s', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('not a bug in a screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
