import { describe, expect, it } from 'vitest';
import { compareCourseDifficulty, courseBand, pickCourse } from './courses.ts';

const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
/** Sixteen questions, given in a shuffled order: q00 easiest … q15 hardest. */
const bank = Array.from({ length: 16 }, (_, i) => ({
  id: `q${String(i).padStart(2, '0')}`,
  difficulty: LEVELS[Math.min(2, Math.floor(i / 6))]!,
})).sort((a, b) => ((a.id.charCodeAt(2) * 7) % 11) - ((b.id.charCodeAt(2) * 7) % 11));
const none = new Set<string>();
const ids = (qs: readonly { id: string }[]) => qs.map((q) => q.id);
const rank = (id: string) => Number(id.slice(1));

describe('the four courses of a type roadmap', () => {
  describe('when the learner has answered nothing', () => {
    const courses = [1, 2, 3, 4].map((n) => ids(pickCourse(bank, n, 4, none)));

    it('gives each course its own quarter of the questions, easier to harder', () => {
      expect(courses).toEqual([
        ['q00', 'q01', 'q02', 'q03'],
        ['q04', 'q05', 'q06', 'q07'],
        ['q08', 'q09', 'q10', 'q11'],
        ['q12', 'q13', 'q14', 'q15'],
      ]);
    });

    it('fills a course past its quarter with the nearest questions, so sets still differ and rise', () => {
      const eight = [1, 2, 3, 4].map((n) => ids(pickCourse(bank, n, 8, none)));
      expect(new Set(eight.map((c) => c.join())).size).toBe(4);
      for (const course of eight) expect(course).toHaveLength(8);
      const mean = (c: string[]) => c.reduce((s, id) => s + rank(id), 0) / c.length;
      for (let i = 1; i < 4; i++) expect(mean(eight[i]!)).toBeGreaterThan(mean(eight[i - 1]!));
      // Course 2 keeps all of its own band and takes its neighbours on both sides.
      expect(eight[1]).toEqual(expect.arrayContaining(['q04', 'q05', 'q06', 'q07', 'q03', 'q08']));
    });

    it('serves a course easier first', () => {
      for (let n = 1; n <= 4; n++) {
        const course = pickCourse(bank, n, 8, none);
        expect([...course].sort(compareCourseDifficulty)).toEqual(course);
      }
    });
  });

  describe('when the learner has answered some questions', () => {
    it('puts the unseen questions of the course first, before the answered ones', () => {
      const answered = new Set(['q04', 'q05']);
      // Three places in course 2: its two unseen questions, then the first answered one (served in order).
      expect(ids(pickCourse(bank, 2, 3, answered))).toEqual(['q04', 'q06', 'q07']);
      expect(ids(pickCourse(bank, 2, 2, answered))).toEqual(['q06', 'q07']);
    });

    it('prefers an unseen neighbour to an answered one at the same distance band', () => {
      const answered = new Set(['q03']);
      const course = ids(pickCourse(bank, 2, 5, answered));
      expect(course).toContain('q08');
      expect(course).not.toContain('q03');
    });
  });

  it('orders by difficulty, then by a rarer word, then by id', () => {
    const a = { id: 'b', difficulty: 'beginner', characterFrequency: 900 };
    const b = { id: 'a', difficulty: 'beginner', characterFrequency: 200 };
    const c = { id: 'c', difficulty: 'intermediate', characterFrequency: 200 };
    expect([a, c, b].sort(compareCourseDifficulty).map((q) => q.id)).toEqual(['a', 'b', 'c']);
  });

  it('cuts the list into four bands that cover it without overlap, whatever its length', () => {
    for (const total of [0, 1, 3, 8, 9, 16, 17, 33]) {
      const bands = [1, 2, 3, 4].map((n) => courseBand(total, n));
      expect(bands[0]!.start).toBe(0);
      expect(bands[3]!.end).toBe(total);
      for (let i = 1; i < 4; i++) expect(bands[i]!.start).toBe(bands[i - 1]!.end);
    }
  });

  it('serves a short list whole to every course and never repeats a question', () => {
    const three = bank.slice(0, 3);
    for (let n = 1; n <= 4; n++) expect(pickCourse([...three, ...three], n, 8, none)).toHaveLength(3);
  });
});

describe('the order of a roadmap’s questions', () => {
  it('takes a question of a difficulty it does not know for an intermediate one', () => {
    const odd = { id: 'q-odd', difficulty: 'legendary' };
    const easy = { id: 'q-easy', difficulty: 'beginner' };
    const hard = { id: 'q-hard', difficulty: 'advanced' };
    const middle = { id: 'q-mid', difficulty: 'intermediate' };
    expect([hard, odd, easy].sort(compareCourseDifficulty).map((q) => q.id)).toEqual([
      'q-easy',
      'q-odd',
      'q-hard',
    ]);
    // Level with an intermediate one, it is ordered by id.
    expect(compareCourseDifficulty(odd, middle)).toBeGreaterThan(0);
    expect(compareCourseDifficulty(middle, odd)).toBeLessThan(0);
    // A question is level with itself, so a sort keeps it stable.
    expect(compareCourseDifficulty(odd, { ...odd })).toBe(0);
  });
});
