import { describe, expect, it } from 'vitest';
import { CORRECT_RUN_BONUS_FROM, XP_AWARDS, XP_REASON_LABELS, XP_REASONS, xpForAnswer } from './awards.ts';

describe('the XP table of spec part 1 §9', () => {
  it('pins every amount', () => {
    expect(XP_AWARDS).toEqual({
      correct_answer: 10,
      correct_run_bonus: 15,
      lesson_completed: 50,
      unit_completed: 100,
      daily_sign_in: 5,
      streak_milestone: 20,
      review_correct: 5,
    });
    expect(CORRECT_RUN_BONUS_FROM).toBe(3);
  });

  it('has a Chinese label for every reason', () => {
    expect(Object.keys(XP_REASON_LABELS).sort()).toEqual([...XP_REASONS].sort());
    expect(XP_REASON_LABELS.daily_sign_in).toBe('每日登入');
  });
});

describe('xpForAnswer', () => {
  it('awards nothing for a wrong answer', () => {
    expect(xpForAnswer(false, 0)).toEqual([]);
  });

  it('awards 10 for a correct answer in a run of one or two', () => {
    expect(xpForAnswer(true, 1)).toEqual(['correct_answer']);
    expect(xpForAnswer(true, 2)).toEqual(['correct_answer']);
  });

  it('adds the run bonus from the third correct answer in a row', () => {
    expect(xpForAnswer(true, 3)).toEqual(['correct_answer', 'correct_run_bonus']);
    expect(xpForAnswer(true, 12)).toEqual(['correct_answer', 'correct_run_bonus']);
  });
});
