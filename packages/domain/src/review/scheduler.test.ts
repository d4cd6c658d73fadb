import fc from 'fast-check';
import { createEmptyCard, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { examStartMs } from './exam-date.ts';
import {
  answerRating,
  DEFAULT_TARGET_RECALL,
  dueAfter,
  type ExamPlan,
  examRecall,
  fsrsAt,
  fsrsRating,
  intervalDays,
  isDueBy,
  isSchedulerMastered,
  planCard,
  type ReviewCard,
  recall,
  replanCard,
  reviewCard,
  toFsrsCard,
} from './scheduler.ts';

const DAY = 24 * 60 * 60 * 1000;
const plan: ExamPlan = { examDate: '2027-04-08', targetRecall: 0.9 };
const exam = examStartMs(plan.examDate);
const answer = (rating: 'again' | 'hard' | 'good', at: number) => ({
  questionId: 'q1',
  lessonId: 3,
  questionType: 'word_interpretation',
  rating,
  at: new Date(at).toISOString(),
});

/** A card after a run of ratings, each answered when it fell due. */
function history(
  ratings: ReadonlyArray<'again' | 'hard' | 'good'>,
  start: number,
  p: ExamPlan | null = plan,
) {
  let card: ReviewCard | undefined;
  let at = start;
  for (const rating of ratings) {
    card = reviewCard(card, answer(rating, at), p);
    at = Math.max(Date.parse(card.due), at + DAY);
  }
  return card as ReviewCard;
}

describe('rating an answer', () => {
  it('wrong is Again, partly marked is Hard, correct is Good', () => {
    expect(answerRating({ isCorrect: false, pointsEarned: 0, pointsAvailable: 1 })).toBe('again');
    expect(answerRating({ isCorrect: false, pointsEarned: 2, pointsAvailable: 4 })).toBe('hard');
    expect(answerRating({ isCorrect: true, pointsEarned: 4, pointsAvailable: 4 })).toBe('good');
  });
});

describe('the forgetting curve', () => {
  it("is ts-fsrs's own, to the last bit", () => {
    const base = fsrsAt(0.9);
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 36500, noNaN: true }),
        fc.double({ min: -5, max: 3000, noNaN: true }),
        (stability, elapsed) => {
          expect(recall(stability, elapsed)).toBe(base.forgetting_curve(Math.max(0, elapsed), stability));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('a card', () => {
  it('is deterministic: the same answers give the same card', () => {
    const start = exam - 100 * DAY;
    expect(history(['again', 'good', 'good', 'hard'], start)).toEqual(
      history(['again', 'good', 'good', 'hard'], start),
    );
  });

  it('comes back sooner after Again than after Good', () => {
    const at = exam - 90 * DAY;
    const wrong = reviewCard(undefined, answer('again', at), plan);
    const right = reviewCard(undefined, answer('good', at), plan);
    expect(Date.parse(wrong.due)).toBeLessThan(Date.parse(right.due));
    expect(wrong.lastRating).toBe('again');
    expect(right).toMatchObject({ reps: 1, correct: 1, lastRating: 'good' });
  });

  it('never moves back in time for an answer given earlier offline', () => {
    const at = exam - 60 * DAY;
    const first = reviewCard(undefined, answer('good', at), plan);
    const earlier = reviewCard(first, answer('good', at - DAY), plan);
    expect(Date.parse(earlier.lastReview)).toBe(at);
  });
});

describe('when the exam is ahead', () => {
  it('asks for no review past the exam for a card that would fall below the target by then', () => {
    for (let days = 5; days <= 200; days += 15) {
      const card = history(['good', 'good'], exam - days * DAY);
      const last = Date.parse(card.lastReview);
      if (last >= exam - DAY) continue;
      if (recall(card.stability, (exam - last) / DAY) < plan.targetRecall) {
        expect(Date.parse(card.due)).toBeLessThan(exam);
      }
    }
  });

  it('lets a card safe for the exam wait until after it (plain FSRS)', () => {
    const memory = { stability: 400, difficulty: 3 };
    const last = exam - 20 * DAY;
    expect(recall(memory.stability, 20)).toBeGreaterThan(0.9);
    expect(dueAfter(memory, last, plan)).toBe(last + intervalDays(400, 0.9) * DAY);
    expect(dueAfter(memory, last, plan)).toBeGreaterThan(exam);
  });

  it('waits longer than plain FSRS while the exam is far (early retention below the target)', () => {
    const memory = { stability: 10, difficulty: 5 };
    const last = exam - 200 * DAY;
    expect(dueAfter(memory, last, plan)).toBeGreaterThan(last + intervalDays(10, 0.9) * DAY);
  });

  it('a learner who does every review asked reaches the target on the exam day', () => {
    for (const start of [120, 60, 30, 10]) {
      const card = history(['again'], exam - start * DAY);
      const planned = planCard(card, plan, Date.parse(card.lastReview));
      expect(planned.plannedRecall).toBeGreaterThanOrEqual(0.9);
      for (const day of planned.reviewDays) expect(day).toBeLessThan(exam);
    }
  });

  it('is plain FSRS after the exam', () => {
    const memory = { stability: 5, difficulty: 5 };
    const last = exam + 3 * DAY;
    expect(dueAfter(memory, last, plan)).toBe(last + intervalDays(5, 0.9) * DAY);
    expect(dueAfter(memory, last, null)).toBe(last + intervalDays(5, 0.9) * DAY);
  });

  it('plans a card again under a new exam date', () => {
    const card = history(['good'], exam - 100 * DAY);
    const sooner = replanCard(card, { examDate: '2026-12-01', targetRecall: 0.9 });
    expect(Date.parse(sooner.due)).toBeLessThanOrEqual(Date.parse(card.due));
    expect(replanCard(card, plan)).toBe(card);
  });
});

describe('due, recall and mastery', () => {
  it('is due when its time falls before the end of the Hong Kong day', () => {
    const card = history(['again'], exam - 50 * DAY);
    const due = Date.parse(card.due);
    expect(isDueBy(card, due)).toBe(true);
    expect(isDueBy(card, due + 5 * DAY)).toBe(true);
    // The day before the due time's Hong Kong day: not yet.
    expect(isDueBy(card, due - 2 * DAY)).toBe(false);
  });

  it('is mastered by the scheduler only when the last answer was right and exam-day recall reaches the target', () => {
    const near = { examDate: '2027-04-08', targetRecall: 0.9 };
    const right = reviewCard(undefined, answer('good', exam - DAY), near);
    expect(examRecall(right, near, exam - DAY)).toBeGreaterThanOrEqual(0.9);
    expect(isSchedulerMastered(right, near, exam - DAY)).toBe(true);
    const wrong = reviewCard(right, answer('again', exam - DAY + 60_000), near);
    expect(isSchedulerMastered(wrong, near, exam - DAY + 60_000)).toBe(false);
    const far = reviewCard(undefined, answer('good', exam - 100 * DAY), plan);
    expect(examRecall(far, plan, exam - 100 * DAY)).toBeLessThan(0.9);
    expect(isSchedulerMastered(far, plan, exam - 100 * DAY)).toBe(false);
  });
});

describe('an answer’s move of the memory', () => {
  it('is what ts-fsrs’s own scheduler gives for that grade, answer after answer', () => {
    const f = fsrsAt(DEFAULT_TARGET_RECALL);
    const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            rating: fc.constantFrom('again' as const, 'hard' as const, 'good' as const),
            gapHours: fc.integer({ min: 0, max: 24 * 120 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (steps) => {
          let card: ReviewCard | undefined;
          let at = Date.parse('2026-11-25T04:00:00Z');
          for (const { rating, gapHours } of steps) {
            at += gapHours * 60 * 60 * 1000;
            const when = new Date(Math.max(at, card ? Date.parse(card.lastReview) : at));
            const reference = f.next(
              card ? toFsrsCard(card) : createEmptyCard(when),
              when,
              fsrsRating(rating),
            ).card;
            card = reviewCard(card, answer(rating, at), plan);
            expect(card).toMatchObject({
              stability: round6(reference.stability),
              difficulty: round6(reference.difficulty),
              reps: reference.reps,
              lapses: reference.lapses,
              state: 'review',
            });
            expect(reference.state).toBe(State.Review);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
