import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { documentTitle, screenTitle } from './lib/title.ts';
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

/** Paths that are one screen under several addresses (old links, a source prefix): one title. */
const ALIASES: readonly (readonly string[])[] = [
  ['/passage/9', '/passage/dse/9', '/passage-text/9'],
  ['/lesson/9/roadmap', '/lesson/9'],
  ['/dse-past-papers', '/dse-pastpapers'],
];
/** Simplified forms of characters common in screen names: none may appear in a title. */
const SIMPLIFIED =
  /[课题练习词错设级书读师诵历试页单选择导图签账户连续个档币务复计划温规纸录码资辑场联赛审阅评诉]/u;

describe('the screen titles', () => {
  const titles = paths.map((path) => ({ path, title: screenTitle(appRoutes, path) }));

  it.each(titles)('$path has a Traditional Chinese title', ({ title }) => {
    expect(title).toMatch(/\p{Script=Han}/u);
    expect(title).not.toMatch(SIMPLIFIED);
    expect(title).not.toContain('文言通');
  });

  it('gives every screen its own title (aliases of one screen share it)', () => {
    const canonical = (path: string) => ALIASES.find((group) => group.includes(path))?.[0] ?? path;
    const byTitle = new Map<string | undefined, Set<string>>();
    for (const { path, title } of titles) {
      byTitle.set(title, (byTitle.get(title) ?? new Set()).add(canonical(path)));
    }
    const shared = [...byTitle].filter(([, screens]) => screens.size > 1);
    expect(shared).toEqual([]);
    for (const group of ALIASES) {
      expect(new Set(group.map((path) => screenTitle(appRoutes, path))).size).toBe(1);
    }
  });

  it('puts the screen name before the product name', () => {
    expect(documentTitle(screenTitle(appRoutes, '/passage/9'))).toBe('課文 · 文言通');
    expect(documentTitle(undefined)).toBe('文言通');
  });
});
