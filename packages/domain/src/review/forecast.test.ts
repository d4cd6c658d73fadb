import { describe, expect, it } from 'vitest';
import { examStartMs, startOfHongKongDayMs } from './exam-date.ts';
import {
  type CardOutlook,
  drawReviewSession,
  FORECAST_MAX_DAYS,
  type ForecastCard,
  forecastOfOutlooks,
  forecastOrder,
  interleaveByLesson,
  knowledgeTagFigures,
  reviewForecast,
  type TaggedCard,
} from './forecast.ts';
import { type ExamPlan, reviewCard } from './scheduler.ts';

const DAY = 24 * 60 * 60 * 1000;
const plan: ExamPlan = { examDate: '2027-04-08', targetRecall: 0.9 };
const exam = examStartMs(plan.examDate);
const now = exam - 40 * DAY + 12 * 60 * 60 * 1000;

function card(
  id: string,
  lessonId: number,
  rating: 'again' | 'good',
  daysAgo: number,
  tags: string[],
  inErrorBook = false,
): TaggedCard {
  const c = reviewCard(
    undefined,
    {
      questionId: id,
      lessonId,
      questionType: 'word_interpretation',
      rating,
      at: new Date(now - daysAgo * DAY).toISOString(),
    },
    plan,
  );
  return { ...c, tags, inErrorBook };
}

const cards = [
  card('a', 1, 'again', 3, ['polysemy'], true),
  card('b', 1, 'again', 3, ['polysemy', 'function_word'], true),
  card('c', 2, 'again', 4, ['function_word'], false),
  card('d', 2, 'good', 0, [], false),
  card('e', 3, 'good', 1, ['theme'], false),
];

describe('the forecast', () => {
  it('lists each lesson once, with recall with and without the asked reviews', () => {
    const f = reviewForecast(cards, plan, now);
    expect(f.lessons.map((l) => l.lessonId)).toEqual([1, 2, 3]);
    expect(f.cardCount).toBe(5);
    expect(f.dueToday).toBe(3);
    expect(f.daysToExam).toBe(40);
    expect(f.days).toHaveLength(40);
    expect(f.plannedRecall).toBeGreaterThanOrEqual(0.9);
    expect(f.predictedRecall).toBeLessThan(f.plannedRecall);
    const planned = f.days.reduce((s, d) => s + d.reviews, 0);
    expect(f.reviewsPerDay).toBeCloseTo(planned / 40, 9);
    // Overdue cards are asked for today.
    expect(f.days[0]?.reviews).toBeGreaterThanOrEqual(3);
  });

  it('is empty but well-formed with no cards', () => {
    expect(reviewForecast([], plan, now)).toMatchObject({
      cardCount: 0,
      predictedRecall: 0,
      reviewsPerDay: 0,
    });
  });
});

describe('accuracy by kind of knowledge', () => {
  it('counts a card under every tag it carries and untagged ones under null', () => {
    const { figures, weakest } = knowledgeTagFigures(
      cards,
      ['polysemy', 'function_word', 'theme', 'technique'],
      now,
    );
    expect(figures.map((f) => f.tag)).toEqual(['polysemy', 'function_word', 'theme', 'technique', null]);
    expect(figures[0]).toMatchObject({ answers: 2, correct: 0, accuracy: 0, openErrors: 2, cardCount: 2 });
    expect(figures[3]).toMatchObject({ answers: 0, accuracy: null });
    expect(figures[4]).toMatchObject({ tag: null, cardCount: 1, accuracy: 100 });
    // Fewer than three answers per tag: none is called the weakest yet.
    expect(weakest).toBeNull();
  });
});

describe('a review session', () => {
  it('draws due error-book items first, interleaved across lessons', () => {
    const drawn = drawReviewSession(cards, 'due', null, 10, now);
    expect(drawn.map((c) => c.questionId)).toEqual(['a', 'b', 'c']);
    expect(
      interleaveByLesson([{ lessonId: 1 }, { lessonId: 1 }, { lessonId: 2 }]).map((c) => c.lessonId),
    ).toEqual([1, 2, 1]);
  });

  it('draws a tag’s cards, due first, and the open error book', () => {
    expect(
      drawReviewSession(cards, 'tag', 'function_word', 10, now)
        .map((c) => c.questionId)
        .sort(),
    ).toEqual(['b', 'c']);
    expect(drawReviewSession(cards, 'error_book', null, 1, now)).toHaveLength(1);
  });
});

describe('the forecast’s days', () => {
  const outlook = (questionId: string, reviewDays: number[]): CardOutlook => ({
    questionId,
    lessonId: 1,
    stability: 10,
    difficulty: 5,
    lastReviewMs: now - DAY,
    dueMs: now + DAY,
    predicted: 0.5,
    planned: 0.9,
    reviewDays,
  });
  const today = startOfHongKongDayMs(now);

  it('lists at most a year of days, while the reviews a day count every planned review to the exam', () => {
    const far: ExamPlan = { examDate: '2029-04-08', targetRecall: 0.9 };
    const daysToExam = Math.round((examStartMs(far.examDate) - today) / DAY);
    const inList = today + 10 * DAY;
    const beyondList = today + (FORECAST_MAX_DAYS + 5) * DAY;
    const f = forecastOfOutlooks([outlook('a', [inList, beyondList])], far, now);
    expect(f.days).toHaveLength(FORECAST_MAX_DAYS);
    expect(f.days.reduce((sum, d) => sum + d.reviews, 0)).toBe(1);
    expect(f.days[10]?.reviews).toBe(1);
    expect(f.reviewsPerDay).toBeCloseTo(2 / daysToExam, 12);
  });
  it('lists no day and no reviews a day without a plan (the exam is taken as today)', () => {
    const f = forecastOfOutlooks([outlook('a', [today])], null, now);
    expect(f).toMatchObject({ daysToExam: 0, days: [], reviewsPerDay: 0, cardCount: 1 });
  });
});

describe('the order of a kept forecast', () => {
  const at = (questionId: string, dueMs: number): ForecastCard => ({
    questionId,
    lessonId: 1,
    stability: 1,
    difficulty: 5,
    lastReviewMs: 0,
    dueMs,
  });
  it('is soonest due first, then by question id in code-unit order', () => {
    const sorted = [at('b', 2), at('b', 1), at('a', 2), at('B', 2)].sort(forecastOrder);
    expect(sorted.map((c) => `${c.questionId}${c.dueMs}`)).toEqual(['b1', 'B2', 'a2', 'b2']);
    expect(forecastOrder(at('a', 1), at('a', 1))).toBe(0);
  });
});

describe('the weakest kind of knowledge', () => {
  const many = (prefix: string, n: number, rating: 'again' | 'good', tags: string[], inErrorBook = false) =>
    Array.from({ length: n }, (_, i) => card(`${prefix}${i}`, 1, rating, 3, tags, inErrorBook));

  it('is the tag of lowest accuracy among those with at least three answers', () => {
    const tagged = [
      ...many('x', 3, 'again', ['x']), // 0 %, three answers
      ...many('y', 2, 'good', ['y']),
      ...many('y-', 1, 'again', ['y']), // 33.3 %
      ...many('z', 2, 'again', ['z']), // 0 % but only two answers
    ];
    expect(knowledgeTagFigures(tagged, ['y', 'x', 'z'], now).weakest).toBe('x');
  });
  it('breaks a tie of accuracy by more open error-book items', () => {
    const tagged = [
      ...many('x', 3, 'again', ['x']),
      ...many('w', 3, 'again', ['w'], true),
      ...many('v', 3, 'again', ['v']),
    ];
    // x, w and v are all at 0 %: w has three open items, x and v none.
    expect(knowledgeTagFigures(tagged, ['x', 'w', 'v'], now).weakest).toBe('w');
  });
  it('never names the untagged cards, and lists a tag found on a card after the tags asked for', () => {
    const tagged = [...many('u', 3, 'again', []), ...many('x', 3, 'good', ['x'])];
    const { figures, weakest } = knowledgeTagFigures(tagged, [], now);
    expect(figures.map((f) => f.tag)).toEqual(['x', null]);
    expect(weakest).toBe('x');
  });
});

describe('a review session by tag or error book', () => {
  it('draws due cards first, soonest due first, then the least likely to be recalled now', () => {
    const pool = [
      card('fresh', 1, 'good', 0, ['t']),
      card('older', 1, 'good', 1, ['t']),
      card('due3', 1, 'again', 3, ['t']),
      card('due4', 1, 'again', 4, ['t']),
    ];
    const order = ['due4', 'due3', 'older', 'fresh'];
    expect(drawReviewSession(pool, 'tag', 't', 10, now).map((c) => c.questionId)).toEqual(order);
    // Whatever order the cards come in.
    expect(drawReviewSession([...pool].reverse(), 'tag', 't', 10, now).map((c) => c.questionId)).toEqual(
      order,
    );
  });
  it('orders cards due at the same moment, or equally likely to be recalled, by question id', () => {
    const pool = [
      card('q2', 1, 'good', 0, [], true),
      card('q1', 1, 'good', 0, [], true),
      card('d2', 1, 'again', 3, [], true),
      card('d1', 1, 'again', 3, [], true),
    ];
    expect(drawReviewSession(pool, 'error_book', null, 10, now).map((c) => c.questionId)).toEqual([
      'd1',
      'd2',
      'q1',
      'q2',
    ]);
  });
  it('draws nothing by tag when no tag is named', () => {
    expect(drawReviewSession(cards, 'tag', null, 10, now)).toEqual([]);
  });
});
