import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leagueStandings } from '../homework/league.ts';
import {
  isPaceFlagged,
  maxPaidAnswers,
  minAnswerSeconds,
  PACE,
  PACE_FLAG_ANSWERS,
  type PaceRecord,
  paceAnswer,
} from './pace.ts';

const T0 = Date.parse('2024-09-02T02:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;

describe('the minimum time of an answer', () => {
  it('is PACE.choiceSeconds for a choice item', () => {
    expect(minAnswerSeconds(true, 'A')).toBe(PACE.choiceSeconds);
  });

  it('grows with a written answer at PACE.charactersPerSecond, spaces not counted', () => {
    expect(minAnswerSeconds(false, '喜悅')).toBe(PACE.writtenSeconds + 1);
    expect(minAnswerSeconds(false, '十個漢字 十個漢字十個')).toBe(PACE.writtenSeconds + 5);
  });
});

describe('pacing an answer that would earn XP', () => {
  it('pays nothing for a question the server did not serve', () => {
    expect(paceAnswer(undefined, undefined, s(60), 3)).toEqual({
      paid: false,
      reason: 'not_served',
      pace: undefined,
    });
  });

  it('pays nothing sooner after serving than the minimum time', () => {
    const verdict = paceAnswer(undefined, s(0), s(2.9), 3);
    expect(verdict.paid === false && verdict.reason).toBe('too_fast');
  });

  it('measures from the serving, never before it (a back-dated answer is as fast as it was)', () => {
    const verdict = paceAnswer(undefined, s(0), s(-100), 3);
    expect(verdict.paid === false && verdict.reason).toBe('too_fast');
  });

  it('pays from a full bucket, and draws it down by the minimum time', () => {
    expect(paceAnswer(undefined, s(0), s(3), 3)).toEqual({
      paid: true,
      pace: { credit: PACE.bucketSeconds - 3, atMs: s(3) },
    });
  });

  it('pays a burst of bucketSeconds ÷ cost answers at once, then waits for the bucket', () => {
    let pace: PaceRecord | undefined;
    const paid: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      const verdict = paceAnswer(pace, s(0), s(60), 3);
      paid.push(verdict.paid);
      pace = verdict.pace;
    }
    const burst = PACE.bucketSeconds / 3;
    expect(paid.filter(Boolean)).toHaveLength(burst);
    expect(paceAnswer(pace, s(0), s(60), 3)).toMatchObject({ paid: false, reason: 'pace' });
    // Three seconds later the bucket holds one more answer.
    expect(paceAnswer(pace, s(0), s(63), 3).paid).toBe(true);
  });

  it('pays every answer at the fast student’s pace', () => {
    let pace: PaceRecord | undefined;
    for (let i = 1; i <= 100; i++) {
      const verdict = paceAnswer(pace, s(3 * i - 3), s(3 * i), 3);
      expect(verdict.paid).toBe(true);
      pace = verdict.pace;
    }
  });

  it('never refills the bucket from a time before its clock (back-dated answers)', () => {
    const pace: PaceRecord = { credit: 0, atMs: s(100) };
    expect(paceAnswer(pace, s(0), s(50), 3)).toMatchObject({ paid: false, reason: 'pace' });
  });

  it('pays no more answers over any run than the bucket plus one per cost of real time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ served: fc.nat(600), delay: fc.nat(600), back: fc.nat(600) }), {
          maxLength: 80,
        }),
        (answers) => {
          // Answers arrive in order; each claims a time between its serving and its arrival.
          let pace: PaceRecord | undefined;
          let paid = 0;
          let arrival = 0;
          for (const a of answers) {
            arrival = Math.max(arrival, a.served + a.delay / 10);
            const claimed = Math.max(a.served, arrival - a.back);
            const verdict = paceAnswer(pace, s(a.served), s(claimed), 3);
            if (verdict.paid) paid++;
            pace = verdict.pace;
          }
          expect(paid).toBeLessThanOrEqual(maxPaidAnswers(arrival));
        },
      ),
    );
  });
});

describe('the fair-play flag', () => {
  it('flags a week with PACE_FLAG_ANSWERS correct answers beyond the pace, not fewer', () => {
    expect(isPaceFlagged(PACE_FLAG_ANSWERS - 1)).toBe(false);
    expect(isPaceFlagged(PACE_FLAG_ANSWERS)).toBe(true);
  });

  it('keeps a flagged learner off the league standings until review', () => {
    const member = (userId: string, weeklyXp: number, flagged = false) => ({
      userId,
      weeklyXp,
      firstName: null,
      lastName: null,
      nickname: null,
      flagged,
    });
    expect(leagueStandings([member('1', 50), member('2', 11_600, true), member('3', 20)])).toEqual([
      { userId: '1', rank: 1, weeklyXp: 50 },
      { userId: '3', rank: 2, weeklyXp: 20 },
    ]);
  });
});
