/** How the view takes a change of verdict after the answer: a re-mark, a revert and a confirmed self-mark. */
import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import { schemeAnswered } from '../test-support/answers.ts';
import { foldLearnerView, projectLearner } from './learner-view.ts';

const at = '2024-09-02T02:00:00.000Z';
const later = '2024-09-03T02:00:00.000Z';
const event = (type: string, data: Record<string, unknown>) =>
  ({ type, schemaVersion: 1, data }) as unknown as LearnerEvent;

const answered = (isCorrect: boolean) => schemeAnswered({ questionId: 'q1', lessonId: 1, isCorrect, at });
const onAnswer = { answerVersion: 1, questionId: 'q1', lessonId: 1, at: later };
const revert = (wasCorrect: boolean, isCorrect: boolean) =>
  event('AnswerRemarkedOnRevert', {
    ...onAnswer,
    questionType: 'sentence_translation',
    difficulty: 'beginner',
    correctAnswer: '正',
    selectedAnswer: '答',
    wasCorrect,
    isCorrect,
  });

describe('a re-mark on appeal', () => {
  it('that leaves the answer wrong changes nothing', () => {
    const before = foldLearnerView([answered(false)]);
    const after = projectLearner(before, event('AnswerRemarked', { ...onAnswer, isCorrect: false }));
    expect(after.lessons).toEqual(before.lessons);
    expect(after.errorBook).toEqual(before.errorBook);
  });
});

describe('a re-mark after a reverted rendering', () => {
  it('that keeps the verdict changes nothing', () => {
    const before = foldLearnerView([answered(true)]);
    const after = projectLearner(before, revert(true, true));
    expect(after.lessons).toEqual(before.lessons);
    expect(after.errorBook).toEqual(before.errorBook);
  });
  it('that takes back a correct verdict counts one correct answer fewer and opens the error book', () => {
    const before = foldLearnerView([answered(true)]);
    const after = foldLearnerView([revert(true, false)], before);
    expect(after.lessons['1']?.correctAnswers).toBe((before.lessons['1']?.correctAnswers ?? 0) - 1);
    expect(after.errorBook.q1).toMatchObject({ isActive: true, incorrectAnswer: '答', masteredAt: null });
  });
  it('that reopens a mastered item keeps the item, active again', () => {
    const mastered = foldLearnerView([
      answered(false),
      event('ErrorQuestionMastered', { questionId: 'q1', at }),
    ]);
    expect(mastered.errorBook.q1?.isActive).toBe(false);
    const after = foldLearnerView([revert(true, false)], mastered);
    expect(after.errorBook.q1).toMatchObject({ isActive: true, masteredAt: null });
    expect(after.errorBook.q1?.firstErrorAt).toBe(mastered.errorBook.q1?.firstErrorAt);
  });
  it('that gives a correct verdict counts one correct answer more', () => {
    const before = foldLearnerView([answered(false)]);
    const after = foldLearnerView([revert(false, true)], before);
    expect(after.lessons['1']?.correctAnswers).toBe((before.lessons['1']?.correctAnswers ?? 0) + 1);
  });
});

describe('a confirmed self-mark', () => {
  const confirmed = (isCorrect: boolean) => event('SelfMarkConfirmed', { ...onAnswer, isCorrect });
  it('counts in accuracy from now on, and a correct one masters an open error-book item', () => {
    const before = foldLearnerView([answered(false)]);
    const right = foldLearnerView([confirmed(true)], before);
    expect(right.lessons['1']).toMatchObject({
      answers: (before.lessons['1']?.answers ?? 0) + 1,
      correctAnswers: (before.lessons['1']?.correctAnswers ?? 0) + 1,
    });
    expect(right.errorBook.q1).toMatchObject({ isActive: false, masteredAt: later });
  });
  it('a wrong one counts as an answer and leaves the error book as it was', () => {
    const before = foldLearnerView([answered(false)]);
    const wrong = foldLearnerView([confirmed(false)], before);
    expect(wrong.lessons['1']?.correctAnswers).toBe(before.lessons['1']?.correctAnswers);
    expect(wrong.lessons['1']?.answers).toBe((before.lessons['1']?.answers ?? 0) + 1);
    expect(wrong.errorBook).toEqual(before.errorBook);
  });
});
