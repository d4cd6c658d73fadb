/**
 * The forecast from kept outlooks (issue 38): an outlook made earlier and reused while it holds gives
 * the figures `reviewForecast` gives from scratch, to the last bit, for several kinds of learners,
 * plans and moments; a due card, a changed card or another plan is made anew.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../adaptive/adaptive.ts';
import { examStartMs, startOfHongKongDayMs } from './exam-date.ts';
import {
  type CardOutlook,
  cardOutlook,
  type ForecastCard,
  forecastCard,
  forecastOfOutlooks,
  forecastOrder,
  outlookHolds,
  outlooksAt,
  renewOutlooks,
  reviewForecast,
} from './forecast.ts';
import { type ExamPlan, type ReviewCard, recallAt, reviewCard } from './scheduler.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * `n` cards of a learner at `nowMs`: each first answered in the last `spanDays`, then reviewed when due
 * (late by up to `slipDays`), correct with its recall then; a learner who stopped `stoppedDays` ago
 * leaves their cards overdue.
 */
function learnerCards(
  n: number,
  nowMs: number,
  plan: ExamPlan | null,
  { seed = 1, spanDays = 120, slipDays = 1, stoppedDays = 0, lessons = 8 } = {},
): ReviewCard[] {
  const random = seededRandom(seed);
  const until = nowMs - stoppedDays * DAY;
  return Array.from({ length: n }, (_, i) => {
    let card: ReviewCard | undefined;
    const answer = (at: number, right: boolean) =>
      reviewCard(
        card,
        {
          questionId: `q${String(i).padStart(4, '0')}`,
          lessonId: 1 + (i % lessons),
          questionType: 'word_interpretation',
          rating: right ? 'good' : random() < 0.3 ? 'hard' : 'again',
          at: new Date(at).toISOString(),
        },
        plan,
      );
    card = answer(until - Math.floor(random() * spanDays * DAY), random() < 0.6);
    for (let k = 0; k < 40; k++) {
      const at = Date.parse(card.due) + Math.floor(random() * slipDays * DAY);
      if (at >= until) break;
      card = answer(at, random() < recallAt(card, at));
    }
    return card;
  });
}

const inOrder = (cards: readonly ReviewCard[]): ForecastCard[] => cards.map(forecastCard).sort(forecastOrder);
const byId = (outlooks: readonly CardOutlook[]) => new Map(outlooks.map((o) => [o.questionId, o]));

const far: ExamPlan = { examDate: '2027-04-08', targetRecall: 0.9 };
/** 13:30 in Hong Kong, 128 days before the exam. */
const now = examStartMs(far.examDate) - 128 * DAY + 13.5 * HOUR;
const soon: ExamPlan = { examDate: '2026-12-09', targetRecall: 0.85 };
const past: ExamPlan = { examDate: '2026-11-20', targetRecall: 0.9 };

const sets: Record<string, ReviewCard[]> = {
  'a learner keeping up': learnerCards(300, now, far, { seed: 1 }),
  'a learner two weeks behind': learnerCards(300, now, far, { seed: 2, stoppedDays: 14, slipDays: 4 }),
  'a new learner': learnerCards(12, now, far, { seed: 3, spanDays: 3 }),
  'one lesson, answered today': learnerCards(40, now, far, { seed: 4, spanDays: 0.4, lessons: 1 }),
  'no cards': [],
};
const plans: Record<string, ExamPlan | null> = {
  'an exam months away': far,
  'an exam in the final weeks': soon,
  'an exam past': past,
  'no plan': null,
};

describe('the forecast from outlooks', () => {
  for (const [setName, cards] of Object.entries(sets)) {
    for (const [planName, plan] of Object.entries(plans)) {
      describe(`${setName}, ${planName}`, () => {
        const ordered = inOrder(cards);
        const orderedCards = ordered.map(
          (c) => cards.find((x) => x.questionId === c.questionId) as ReviewCard,
        );
        const fresh = reviewForecast(orderedCards, plan, now);

        it('sums to the figures reviewForecast gives', () => {
          expect(forecastOfOutlooks(outlooksAt(ordered, plan, now), plan, now)).toEqual(fresh);
        });

        it('gives the same figures from outlooks made hours or days earlier, reusing those that hold', () => {
          for (const before of [1, 5 * HOUR, 13 * HOUR, 3 * DAY]) {
            const earlier = outlooksAt(ordered, plan, now - before);
            const renewed = outlooksAt(ordered, plan, now, byId(earlier));
            expect(forecastOfOutlooks(renewed, plan, now)).toEqual(fresh);
            expect(forecastOfOutlooks(renewOutlooks(earlier, plan, now), plan, now)).toEqual(fresh);
            renewed.forEach((o, i) => {
              expect(o === earlier[i]).toBe(outlookHolds(earlier[i] as CardOutlook, plan, now));
            });
          }
        });
      });
    }
  }

  it('keeps most outlooks of a learner keeping up, and makes the due ones anew', () => {
    const ordered = inOrder(sets['a learner keeping up'] as ReviewCard[]);
    const earlier = outlooksAt(ordered, far, now - 2 * HOUR);
    const renewed = renewOutlooks(earlier, far, now);
    const kept = renewed.filter((o, i) => o === earlier[i]);
    expect(kept.length).toBeGreaterThan(ordered.length / 2);
    for (const o of kept) expect(o.dueMs).toBeGreaterThanOrEqual(now);
    for (const o of renewed.filter((x, i) => x !== earlier[i])) expect(o.dueMs).toBeLessThan(now);
  });

  it('makes a changed card anew, and a card under another plan', () => {
    const cards = sets['a learner keeping up'] as ReviewCard[];
    const known = byId(outlooksAt(inOrder(cards), far, now));
    const moved = cards.map((c, i) =>
      i % 50 === 0
        ? reviewCard(
            c,
            {
              questionId: c.questionId,
              lessonId: c.lessonId,
              questionType: c.questionType,
              rating: 'again',
              at: new Date(now - HOUR).toISOString(),
            },
            far,
          )
        : c,
    );
    const ordered = inOrder(moved);
    const orderedCards = ordered.map((c) => moved.find((x) => x.questionId === c.questionId) as ReviewCard);
    expect(forecastOfOutlooks(outlooksAt(ordered, far, now, known), far, now)).toEqual(
      reviewForecast(orderedCards, far, now),
    );
    // Outlooks made under one plan are not given to another (the caller keeps them by plan) and hold
    // under none after its exam.
    const one = outlooksAt(ordered, far, now)[0] as CardOutlook;
    expect(outlookHolds(one, null, now)).toBe(false);
    expect(outlookHolds(one, past, now)).toBe(false);
  });

  it('holds while the card is not due and the exam is to come', () => {
    const card = forecastCard(sets['a learner keeping up']?.[0] as ReviewCard);
    const o = cardOutlook(card, far, card.dueMs - DAY);
    expect(outlookHolds(o, far, card.dueMs)).toBe(true);
    expect(cardOutlook(card, far, card.dueMs)).toEqual(o);
    expect(outlookHolds(o, far, card.dueMs + 1)).toBe(false);
    expect(outlookHolds(o, far, examStartMs(far.examDate))).toBe(false);
  });

  it('sums soonest due first, then by question id', () => {
    const at = startOfHongKongDayMs(now);
    const cards = [
      { questionId: 'b', lessonId: 1, stability: 1, difficulty: 5, lastReviewMs: at, dueMs: at + DAY },
      { questionId: 'a', lessonId: 1, stability: 1, difficulty: 5, lastReviewMs: at, dueMs: at + DAY },
      { questionId: 'c', lessonId: 1, stability: 1, difficulty: 5, lastReviewMs: at, dueMs: at },
    ];
    expect([...cards].sort(forecastOrder).map((c) => c.questionId)).toEqual(['c', 'a', 'b']);
  });
});
