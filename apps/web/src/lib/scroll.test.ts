import { describe, expect, it } from 'vitest';
import { scrollTarget } from './scroll.ts';

const place = (pathname: string, key: string, search = '', hash = '') => ({
  pathname,
  search,
  hash,
  key,
});
const lobby = place('/', 'a');
const saved = new Map([['a', 640]]);

describe('the scroll after a navigation', () => {
  it('starts a newly opened page at the top, not where the last page was left', () => {
    expect(scrollTarget('PUSH', lobby, place('/library', 'b'), saved)).toEqual({ kind: 'top' });
  });

  it('returns to where an entry was left on back and forward', () => {
    expect(scrollTarget('POP', place('/library', 'b'), lobby, saved)).toEqual({
      kind: 'restore',
      y: 640,
    });
  });

  it('starts at the top on back to an entry it never saw (opened before this load)', () => {
    expect(scrollTarget('POP', lobby, place('/library', 'z'), saved)).toEqual({ kind: 'top' });
  });

  it('keeps the place when a screen rewrites its own query (a filter)', () => {
    const filtered = place('/error-questions', 'c', '?type=word');
    expect(scrollTarget('REPLACE', place('/error-questions', 'b'), filtered, saved)).toEqual({
      kind: 'keep',
    });
  });

  it('starts a redirect to another path at the top', () => {
    expect(scrollTarget('REPLACE', place('/login', 'b'), place('/', 'c'), saved)).toEqual({
      kind: 'top',
    });
  });

  it('goes to the anchor of a link with one', () => {
    expect(scrollTarget('PUSH', lobby, place('/settings', 'b', '', '#privacy'), saved)).toEqual({
      kind: 'hash',
      id: 'privacy',
    });
  });

  it('leaves the first load and a re-render of the same entry alone', () => {
    expect(scrollTarget('POP', undefined, lobby, saved)).toEqual({ kind: 'keep' });
    expect(scrollTarget('PUSH', lobby, lobby, saved)).toEqual({ kind: 'keep' });
  });
});
