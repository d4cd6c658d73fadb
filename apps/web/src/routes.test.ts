import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes.tsx';
import { SCREENS, screenPath } from './screens.ts';

const matched = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.path;
const paths = SCREENS.map((screen) => screenPath(screen, { class: 'c1', learner: 'u1' }));

describe('the route table', () => {
  it.each(paths.filter((path) => path !== '/no-such-page'))(
    '%s resolves to a screen, not the fallback',
    (path) => {
      expect(matched(path)).toBeDefined();
      expect(matched(path)).not.toBe('*');
    },
  );

  it('sends an unknown path to the fallback', () => {
    expect(matched('/no-such-page')).toBe('*');
  });

  it('declares each path once', () => {
    const declared = appRoutes.map((route) => route.path);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('has a screen (a sample path, a screenshot) for every route it declares', () => {
    const covered = new Set(paths.map(matched));
    expect(appRoutes.map((route) => route.path).filter((path) => !covered.has(path))).toEqual([]);
  });

  it('names each screen once', () => {
    expect(new Set(SCREENS.map((s) => s.name)).size).toBe(SCREENS.length);
  });
});
