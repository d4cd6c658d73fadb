import type { ClassLearnerForecast, KnowledgeTagStats } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { reviewMinutes, reviewPath } from '../../lib/reviews.ts';
import { forecastOrder } from '../teacher/ClassForecast.tsx';
import { examYearChoices } from './FirstGuide.tsx';
import { tagRows } from './KnowledgeTagsCard.tsx';
import { sessionFromSearch } from './ReviewSessionPage.tsx';

const tag = (
  key: KnowledgeTagStats['tags'][number]['tag'],
  label: string,
  answers: number,
  correct: number,
  openErrors = 0,
): KnowledgeTagStats['tags'][number] => ({
  tag: key,
  label,
  answers,
  correct,
  accuracy: answers > 0 ? Math.round((correct / answers) * 1000) / 10 : null,
  openErrors,
  cardCount: answers,
  dueToday: 0,
});

describe('the review screens', () => {
  it('reads the kind of session from the address, falling back to today’s due cards', () => {
    expect(sessionFromSearch(new URLSearchParams(''))).toEqual({ mode: 'due', tag: null });
    expect(sessionFromSearch(new URLSearchParams('mode=error_book'))).toEqual({
      mode: 'error_book',
      tag: null,
    });
    expect(sessionFromSearch(new URLSearchParams('mode=tag&tag=polysemy'))).toEqual({
      mode: 'tag',
      tag: 'polysemy',
    });
    expect(sessionFromSearch(new URLSearchParams('mode=nonsense&tag=nonsense'))).toEqual({
      mode: 'due',
      tag: null,
    });
    // The paths the buttons use read back as what they start.
    expect(sessionFromSearch(new URLSearchParams(reviewPath.tag('theme').split('?')[1]))).toEqual({
      mode: 'tag',
      tag: 'theme',
    });
  });

  it('estimates about 20 seconds a card, at least a minute', () => {
    expect(reviewMinutes(1)).toBe(1);
    expect(reviewMinutes(3)).toBe(1);
    expect(reviewMinutes(4)).toBe(2);
    expect(reviewMinutes(30)).toBe(10);
  });

  it('offers the coming exam year and the two after it', () => {
    expect(examYearChoices({ examDate: '2027-04-12' })).toEqual([2027, 2028, 2029]);
  });

  it('charts the answered kinds of knowledge weakest first and lists the untested', () => {
    const stats: KnowledgeTagStats = {
      learnerId: 'u1',
      weakest: 'function_word',
      tags: [
        tag('polysemy', '一詞多義', 4, 3),
        tag('function_word', '虛詞', 5, 1, 2),
        tag('theme', '主旨', 0, 0),
        tag('loan_character', '通假字', 2, 1, 1),
        tag('sentence_pattern', '句式', 4, 2, 0),
      ],
    };
    const { rows, untested } = tagRows(stats);
    expect(rows.map((r) => r.label)).toEqual(['虛詞', '通假字', '句式', '一詞多義']);
    expect(rows[0]).toMatchObject({ value: 20, valueLabel: '20%', detail: '答對 1/5 題，待練習錯題 2 題' });
    expect(untested).toEqual(['主旨']);
  });

  it('puts the learners behind on reviews first, the most overdue first', () => {
    const learner = (id: string, behind: boolean, overdue: number): ClassLearnerForecast => ({
      id,
      username: id,
      firstName: null,
      lastName: null,
      examDate: '2027-04-12',
      targetRecall: 0.9,
      cardCount: 10,
      dueToday: 0,
      overdue,
      reviewedToday: 0,
      dailyGoal: 5,
      predictedRecall: 0.8,
      reviewsPerDay: 3,
      behind,
    });
    const order = forecastOrder([
      learner('c', false, 0),
      learner('a', true, 6),
      learner('b', false, 2),
      learner('d', true, 9),
    ]);
    expect(order.map((l) => l.id)).toEqual(['d', 'a', 'b', 'c']);
  });
});
