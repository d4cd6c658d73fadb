import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type LearnerCommand, type QuestionForGrading } from '../learner/decide.ts';
import { foldLearner, type LearnerEvent } from '../learner/events.ts';
import {
  bookCard,
  bookCards,
  cardOfStored,
  foldReviewBook,
  initialReviewBook,
  ledgerDueMs,
  ledgerDueMsUnder,
  reviewLedgerOf,
  storedCard,
} from './review-book.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-25T12:00:00Z');

const questions: QuestionForGrading[] = [
  {
    id: 'l01-wi-01',
    lessonId: 1,
    type: 'word_interpretation',
    difficulty: 'beginner',
    correctAnswer: '窮困',
  },
  {
    id: 'l01-wi-02',
    lessonId: 1,
    type: 'word_interpretation',
    difficulty: 'beginner',
    correctAnswer: '約定',
  },
  {
    id: 'l07-wi-01',
    lessonId: 7,
    type: 'word_interpretation',
    difficulty: 'beginner',
    correctAnswer: '登上',
  },
];

type Step =
  | { kind: 'answer'; question: number; right: boolean; gapHours: number }
  | { kind: 'date'; daysAhead: number; gapHours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      question: fc.integer({ min: 0, max: 2 }),
      right: fc.boolean(),
      gapHours: fc.integer({ min: 0, max: 24 * 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('date' as const),
      daysAhead: fc.integer({ min: 5, max: 400 }),
      gapHours: fc.integer({ min: 0, max: 48 }),
    }),
  },
);

function commandOf(s: Step, nowMs: number): LearnerCommand {
  if (s.kind === 'date') {
    return {
      type: 'SetExamDate',
      data: { examDate: new Date(nowMs + s.daysAhead * DAY_MS).toISOString().slice(0, 10) },
    };
  }
  const q = questions[s.question]!;
  return {
    type: 'SubmitAnswer',
    data: { question: q, selectedAnswer: s.right ? q.correctAnswer : '錯', timeSpent: 5 },
  };
}

describe('the decider’s review ledger', () => {
  it('holds the same schedule as the view’s review book, answer by answer and through new exam dates', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const events: LearnerEvent[] = [];
        let nowMs = START;
        for (const s of steps) {
          nowMs += s.gapHours * 60 * 60 * 1000;
          const decision = decide(commandOf(s, nowMs), foldLearner(events), {
            now: new Date(nowMs).toISOString(),
          });
          if (decision.ok) events.push(...decision.events);
        }
        const ledger = reviewLedgerOf(foldLearner(events));
        const book = events.reduce(foldReviewBook, initialReviewBook);
        expect({ plan: ledger.plan, today: ledger.today }).toEqual({ plan: book.plan, today: book.today });
        const cards = bookCards(book);
        expect(Object.values(ledger.memory).flatMap(Object.keys).sort()).toEqual(
          cards.map((c) => c.questionId).sort(),
        );
        for (const card of cards) {
          const [, lastReviewMs, stability, difficulty, reps, lapses, state] =
            ledger.memory[String(card.lessonId)]![card.questionId]!;
          expect(new Date(ledgerDueMs(ledger, card.lessonId, card.questionId)!).toISOString()).toBe(card.due);
          // Planned again under the plan in force, the card keeps its due time.
          expect(ledgerDueMsUnder(ledger, card.lessonId, card.questionId, ledger.plan)).toBe(
            ledgerDueMs(ledger, card.lessonId, card.questionId),
          );
          expect({
            lastReview: new Date(lastReviewMs).toISOString(),
            stability,
            difficulty,
            reps,
            lapses,
            state,
          }).toEqual({
            lastReview: card.lastReview,
            stability: card.stability,
            difficulty: card.difficulty,
            reps: card.reps,
            lapses: card.lapses,
            state: card.state,
          });
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('a stored card', () => {
  it('reads back as the card it was stored from', () => {
    const q = questions[0]!;
    const events: LearnerEvent[] = [];
    [true, false, true].forEach((right, i) => {
      const d = decide(
        {
          type: 'SubmitAnswer',
          data: { question: q, selectedAnswer: right ? q.correctAnswer : '錯', timeSpent: 5 },
        },
        foldLearner(events),
        { now: new Date(START + i * 3 * DAY_MS).toISOString() },
      );
      if (d.ok) events.push(...d.events);
    });
    const book = events.reduce(foldReviewBook, initialReviewBook);
    const card = bookCard(book, 'l01-wi-01')!;
    expect(card).toMatchObject({
      questionId: 'l01-wi-01',
      lessonId: 1,
      reps: 3,
      correct: 2,
      lastRating: 'good',
    });
    expect(cardOfStored(card.questionId, storedCard(card))).toEqual(card);
    expect(JSON.stringify(storedCard(card)).length).toBeLessThan(JSON.stringify(card).length / 2);
  });
});
