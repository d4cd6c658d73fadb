import { describe, expect, it } from 'vitest';
import { decide } from '../learner/decide.ts';
import { foldLearner } from '../learner/events.ts';
import { foldLearnerView } from '../projections/learner-view.ts';
import { ACCURACY_JUMP, fairPlayFlags, isAccuracyJump } from './flags.ts';
import { PACE_FLAG_ANSWERS } from './pace.ts';

const NOW = '2024-09-02T02:00:00.000Z';
const tally = (answered: number, correct: number) => ({ answered, correct });

describe('the accuracy-jump rule', () => {
  describe('when a learner who answered half right before answers all right this week', () => {
    it('flags them', () => {
      expect(isAccuracyJump(tally(40, 40), tally(60, 30))).toBe(true);
    });
  });

  describe('at the thresholds', () => {
    it('needs enough answers this week', () => {
      const few = ACCURACY_JUMP.weekAnswers - 1;
      expect(isAccuracyJump(tally(few, few), tally(60, 30))).toBe(false);
      expect(isAccuracyJump(tally(few + 1, few + 1), tally(60, 30))).toBe(true);
    });

    it('needs a history to jump from (a new learner is left to the pace rule)', () => {
      const few = ACCURACY_JUMP.historyAnswers - 1;
      expect(isAccuracyJump(tally(40, 40), tally(few, 0))).toBe(false);
      expect(isAccuracyJump(tally(40, 40), tally(0, 0))).toBe(false);
    });

    it('needs this week at 90 % or more', () => {
      // 35 of 40 is 87.5 %, 47.5 points above 40 %: not a jump to a rate no student keeps.
      expect(isAccuracyJump(tally(40, 35), tally(50, 20))).toBe(false);
      expect(isAccuracyJump(tally(40, 36), tally(50, 20))).toBe(true);
    });

    it('needs 40 points above the learner’s own accuracy', () => {
      // A strong student improving: 70 % → 100 % is 30 points.
      expect(isAccuracyJump(tally(40, 40), tally(50, 35))).toBe(false);
      expect(isAccuracyJump(tally(40, 40), tally(50, 30))).toBe(true);
    });
  });
});

describe('a learner’s fair-play flags', () => {
  const facts = { answersBeyondPace: 0, week: tally(40, 40), history: tally(60, 30), cleared: false };

  it('names each pattern found', () => {
    expect(fairPlayFlags(facts)).toEqual(['accuracy_jump']);
    expect(fairPlayFlags({ ...facts, answersBeyondPace: PACE_FLAG_ANSWERS })).toEqual([
      'pace',
      'accuracy_jump',
    ]);
    expect(fairPlayFlags({ ...facts, week: tally(40, 20) })).toEqual([]);
  });

  it('has none once a review cleared them', () => {
    expect(fairPlayFlags({ ...facts, answersBeyondPace: PACE_FLAG_ANSWERS, cleared: true })).toEqual([]);
  });
});

describe('clearing a flag', () => {
  const clear = (flags: readonly ('pace' | 'accuracy_jump')[]) =>
    decide(
      {
        type: 'ClearFairPlayFlag',
        data: { weekStart: '2024-09-01T16:00:00.000Z', flags, reviewerId: 't1' },
      },
      foldLearner([]),
      { now: NOW },
    );

  it('records who cleared which flags for the week, and nothing else (a teacher’s command)', () => {
    const decision = clear(['accuracy_jump']);
    expect(decision).toMatchObject({
      ok: true,
      events: [
        {
          type: 'FairPlayFlagCleared',
          data: {
            weekStart: '2024-09-01T16:00:00.000Z',
            flags: ['accuracy_jump'],
            reviewerId: 't1',
            at: NOW,
          },
        },
      ],
    });
    // The learner's figures do not move.
    const events = decision.ok ? decision.events : [];
    expect(foldLearner(events).totalXP).toBe(0);
    expect(foldLearnerView(events).totalXP).toBe(0);
  });

  it('refuses when there is nothing to clear', () => {
    expect(clear([])).toEqual({ ok: false, error: { code: 'NOT_FLAGGED', message: expect.any(String) } });
  });
});
