import { describe, expect, it } from 'vitest';
import { examStartMs } from './exam-date.ts';
import {
  drawReviewSession,
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
