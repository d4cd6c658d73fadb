import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import { foldLearnerView } from './learner-view.ts';
import { errorBookRecords } from './selectors.ts';

const wrong = (questionId: string, at: string) =>
  ({
    type: 'AnswerSubmitted',
    schemaVersion: 1,
    data: {
      questionId,
      lessonId: 1,
      questionType: 'word_interpretation',
      difficulty: 'beginner',
      source: 'quiz',
      selectedAnswer: 'x',
      correctAnswer: 'y',
      isCorrect: false,
      pointsEarned: 0,
      pointsAvailable: 1,
      points: [],
      timeSpent: 1,
      at,
    },
  }) as unknown as LearnerEvent;

describe('the error book’s order', () => {
  it('is the most recently attempted first, whatever order the questions were first missed in', () => {
    const times = ['2024-09-02T01:00:00.000Z', '2024-09-02T03:00:00.000Z', '2024-09-02T02:00:00.000Z'];
    const view = foldLearnerView([wrong('a', times[0]!), wrong('b', times[1]!), wrong('c', times[2]!)]);
    expect(errorBookRecords(view).map((r) => r.questionId)).toEqual(['b', 'c', 'a']);
    // A later attempt at the oldest brings it to the top.
    const again = foldLearnerView([wrong('a', '2024-09-02T04:00:00.000Z')], view);
    expect(errorBookRecords(again).map((r) => r.questionId)).toEqual(['a', 'b', 'c']);
  });
});
