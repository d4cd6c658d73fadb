import { describe, expect, it } from 'vitest';
import { type LeagueMember, leagueName, leagueStandings } from './league.ts';

const member = (userId: string, weeklyXp: number, extra: Partial<LeagueMember> = {}): LeagueMember => ({
  userId,
  weeklyXp,
  firstName: null,
  lastName: null,
  nickname: null,
  ...extra,
});

describe('a league name', () => {
  it('is the given name alone when the family name is missing or blank', () => {
    expect(leagueName(member('1', 0, { firstName: '志明', lastName: null }), 1)).toBe('志明');
    expect(leagueName(member('1', 0, { firstName: 'Amy', lastName: '  ' }), 1)).toBe('Amy');
  });
  it('ignores a blank nickname', () => {
    expect(leagueName(member('1', 0, { nickname: '  ', firstName: 'Amy', lastName: 'Chan' }), 1)).toBe(
      'Amy C.',
    );
  });
});

describe('the league order', () => {
  it('lists ties by numeric user id (9 before 10), else by the id’s text', () => {
    expect(leagueStandings([member('10', 5), member('9', 5)]).map((s) => s.userId)).toEqual(['9', '10']);
    expect(leagueStandings([member('b', 5), member('a', 5)]).map((s) => s.userId)).toEqual(['a', 'b']);
  });
  it('leaves out a learner flagged for answers beyond the pace, ranking the others without a gap', () => {
    const standings = leagueStandings([member('1', 50, { flagged: true }), member('2', 30), member('3', 10)]);
    expect(standings).toEqual([
      { userId: '2', rank: 1, weeklyXp: 30 },
      { userId: '3', rank: 2, weeklyXp: 10 },
    ]);
  });
});
