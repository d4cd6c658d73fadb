import type { ClassLearnerForecast } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { forecastOrder } from './ClassForecast.tsx';

describe('the class forecast', () => {
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
