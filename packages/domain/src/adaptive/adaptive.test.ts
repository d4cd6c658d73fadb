import { describe, expect, it } from 'vitest';
import {
  type AdaptiveHistory,
  adaptiveScore,
  pickAdaptive,
  seededRandom,
  targetDifficulty,
} from './adaptive.ts';

const q = (id: string, difficulty: string) => ({ id, difficulty });
const history = (over: Partial<AdaptiveHistory> = {}): AdaptiveHistory => ({
  recentAnswers: [],
  latestByQuestion: {},
  openErrors: new Set(),
  ...over,
});
const answers = (right: number, wrong: number) => [
  ...Array.from({ length: right }, () => ({ isCorrect: true })),
  ...Array.from({ length: wrong }, () => ({ isCorrect: false })),
];

describe('the target difficulty', () => {
  it('starts a new learner at beginner', () => {
    expect(targetDifficulty([])).toBe('beginner');
  });
  it('moves to advanced at 80 % of the last ten answers, intermediate at 50 %, else beginner', () => {
    expect(targetDifficulty(answers(8, 2))).toBe('advanced');
    expect(targetDifficulty(answers(7, 3))).toBe('intermediate');
    expect(targetDifficulty(answers(5, 5))).toBe('intermediate');
    expect(targetDifficulty(answers(4, 6))).toBe('beginner');
  });
  it('reads only the ten most recent answers', () => {
    expect(targetDifficulty([...answers(0, 10), ...answers(30, 0)])).toBe('beginner');
  });
});

describe('picking questions', () => {
  const bank = [
    q('b1', 'beginner'),
    q('b2', 'beginner'),
    q('i1', 'intermediate'),
    q('a1', 'advanced'),
    q('a2', 'advanced'),
  ];

  it('gives harder questions after strong answers', () => {
    const picked = pickAdaptive(bank, history({ recentAnswers: answers(10, 0) }), 2, seededRandom(1));
    expect(picked.map((x) => x.difficulty)).toEqual(['advanced', 'advanced']);
  });

  it('gives easier questions after weak answers', () => {
    const picked = pickAdaptive(bank, history({ recentAnswers: answers(1, 9) }), 2, seededRandom(1));
    expect(picked.map((x) => x.difficulty)).toEqual(['beginner', 'beginner']);
  });

  it('puts open error-book questions first, and mastered ones last', () => {
    const h = history({
      recentAnswers: answers(10, 0),
      openErrors: new Set(['b1']),
      latestByQuestion: { b1: false, a1: true, a2: true },
    });
    const picked = pickAdaptive(bank, h, 5, seededRandom(7)).map((x) => x.id);
    expect(picked[0]).toBe('b1');
    expect(picked.slice(-2).sort()).toEqual(['a1', 'a2']);
  });

  it('prefers questions never answered over ones answered wrongly but not in the book', () => {
    const h = history({ latestByQuestion: { b1: false } });
    expect(adaptiveScore(q('b2', 'beginner'), h, 'beginner')).toBeGreaterThan(
      adaptiveScore(q('b1', 'beginner'), h, 'beginner'),
    );
  });

  it('never repeats a question in one set and respects the count', () => {
    const picked = pickAdaptive([...bank, ...bank], history(), 10, seededRandom(3));
    expect(new Set(picked.map((x) => x.id)).size).toBe(picked.length);
    expect(picked).toHaveLength(5);
    expect(pickAdaptive(bank, history(), 0, seededRandom(3))).toEqual([]);
  });

  it('is the same for the same seed and may differ for another', () => {
    const a = pickAdaptive(bank, history(), 3, seededRandom(11)).map((x) => x.id);
    const b = pickAdaptive(bank, history(), 3, seededRandom(11)).map((x) => x.id);
    expect(a).toEqual(b);
  });

  it('treats an unknown difficulty as intermediate', () => {
    expect(
      adaptiveScore(q('x', 'weird'), history({ latestByQuestion: { x: false } }), 'intermediate'),
    ).toEqual(0);
    expect(adaptiveScore(q('y', 'weird'), history({ latestByQuestion: { y: false } }), 'advanced')).toEqual(
      -1,
    );
  });
});
