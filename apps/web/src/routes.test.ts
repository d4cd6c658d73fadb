import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes.tsx';

/** One concrete path per route of both spec parts and the teacher pages. */
const SPEC_PATHS = [
  '/',
  '/login',
  '/library',
  '/star-map',
  '/passage/3',
  '/passage/dse/3',
  '/passage-text/3',
  '/mindmap',
  '/mindmap/passage/3',
  '/lesson/3/types',
  '/lesson/3/word_interpretation/roadmap',
  '/lesson/3/questions/word_interpretation/course1',
  '/lesson/3/questions/word_interpretation',
  '/lesson/3/roadmap',
  '/lesson/3',
  '/lesson/3/unit/1/complete',
  '/memorization',
  '/vocabulary',
  '/vocabulary/quick-practice',
  '/vocabulary/add',
  '/dse-past-papers',
  '/dse-pastpapers',
  '/dse-mixed-practice',
  '/streak',
  '/profile',
  '/tokens',
  '/rank',
  '/error-book',
  '/error-questions',
  '/settings',
  '/teacher',
  '/teacher/classes/c1',
  '/teacher/learners/u1',
  '/admin',
];

const matched = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.path;

describe('the route table', () => {
  it.each(SPEC_PATHS)('%s resolves to a screen, not the fallback', (path) => {
    expect(matched(path)).toBeDefined();
    expect(matched(path)).not.toBe('*');
  });

  it('sends an unknown path to the fallback', () => {
    expect(matched('/no-such-page')).toBe('*');
  });

  it('declares each path once', () => {
    const paths = appRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a case here for every route it declares', () => {
    const covered = new Set(SPEC_PATHS.map(matched));
    const declared = appRoutes.map((route) => route.path).filter((path) => path !== '*');
    expect(declared.filter((path) => !covered.has(path))).toEqual([]);
  });
});
