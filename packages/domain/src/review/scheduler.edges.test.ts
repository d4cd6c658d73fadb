/** The scheduler with no exam plan, and a card the curve cannot hold. */
import { describe, expect, it } from 'vitest';
import { examStartMs } from './exam-date.ts';
import { DEFAULT_TARGET_RECALL, examRecall, isSchedulerMastered, recall, reviewCard } from './scheduler.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-02T02:00:00.000Z');
const answered = (rating: 'again' | 'good', at: number) => ({
  questionId: 'q1',
  lessonId: 3,
  questionType: 'word_interpretation',
  rating,
  at: new Date(at).toISOString(),
});

describe('a learner with no exam plan', () => {
  const card = reviewCard(undefined, answered('good', NOW), null);

  it('has recall judged now rather than on an exam day', () => {
    expect(examRecall(card, null, NOW)).toBe(1);
    expect(examRecall(card, null, NOW + 60 * DAY)).toBeLessThan(examRecall(card, null, NOW + DAY));
  });

  it('has mastery judged against the default target', () => {
    expect(isSchedulerMastered(card, null, NOW)).toBe(true);
    const months = 365 * DAY;
    expect(examRecall(card, null, NOW + months)).toBeLessThan(DEFAULT_TARGET_RECALL);
    expect(isSchedulerMastered(card, null, NOW + months)).toBe(false);
  });
});

describe('the forgetting curve of a card with no stability', () => {
  it('recalls nothing, at once or later', () => {
    expect(recall(0, 0)).toBe(0);
    expect(recall(0, 10)).toBe(0);
    expect(recall(-1, 1)).toBe(0);
  });
});

describe('the exam day’s start', () => {
  it('stays right for any number of exam dates (the cache of them is bounded)', () => {
    for (let i = 0; i < 1100; i += 1) {
      const day = new Date(Date.UTC(2027, 0, 1) + i * DAY).toISOString().slice(0, 10);
      expect(examStartMs(day)).toBe(Date.parse(`${day}T00:00:00+08:00`));
    }
  });
});
