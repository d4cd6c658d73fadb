/**
 * Who mastered an error-book item (issue 40): each way a record closes keeps its cause, and a record
 * that opens again forgets it. (The scheduler's 「已掌握」 closes nothing; it is read from the card.)
 */
import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import { schemeAnswered } from '../test-support/answers.ts';
import { foldLearnerView } from './learner-view.ts';

const at = '2024-09-02T02:00:00.000Z';
const later = '2024-09-03T02:00:00.000Z';
const latest = '2024-09-04T02:00:00.000Z';
const event = (type: string, data: Record<string, unknown>) =>
  ({ type, schemaVersion: 1, data }) as unknown as LearnerEvent;

const answered = (isCorrect: boolean, when = at) =>
  schemeAnswered({
    questionId: 'q1',
    lessonId: 1,
    isCorrect,
    selectedAnswer: isCorrect ? '正' : '答',
    at: when,
  });
const onAnswer = { answerVersion: 1, questionId: 'q1', lessonId: 1, at: later };
const ticked = event('ErrorQuestionMastered', { questionId: 'q1', at: later });
const appealAccepted = event('AnswerRemarked', { ...onAnswer, isCorrect: true });
const selfMarkConfirmed = event('SelfMarkConfirmed', { ...onAnswer, isCorrect: true });
const teacherMarked = (isCorrect: boolean) =>
  event('AnswerTeacherMarked', {
    ...onAnswer,
    questionType: 'sentence_translation',
    difficulty: 'beginner',
    selectedAnswer: '答',
    correctAnswer: '正',
    isCorrect,
  });

describe('who mastered an error-book item', () => {
  describe('when the record is still open', () => {
    it('has no cause, even after the question is answered right again', () => {
      const view = foldLearnerView([answered(false), answered(true, later)]);
      expect(view.errorBook.q1).toMatchObject({ isActive: true, masteredBy: null });
    });
    it('has no cause after a teacher marks a pending answer right (the card moves; the record stays open)', () => {
      const view = foldLearnerView([answered(false), teacherMarked(true)]);
      expect(view.errorBook.q1).toMatchObject({ isActive: true, masteredBy: null });
    });
  });

  describe('when the record is closed', () => {
    it.each([
      ['the learner ticks it', ticked, 'self'],
      ['a teacher accepts the appeal of its answer', appealAccepted, 'appeal'],
      ['a teacher confirms a self-marked answer of it as right', selfMarkConfirmed, 'teacher'],
    ])('keeps the cause when %s', (_how, closing, cause) => {
      const view = foldLearnerView([answered(false), closing]);
      expect(view.errorBook.q1).toMatchObject({ isActive: false, masteredAt: later, masteredBy: cause });
    });

    it('keeps the first cause when a later one finds it already closed', () => {
      const view = foldLearnerView([answered(false), appealAccepted, selfMarkConfirmed]);
      expect(view.errorBook.q1?.masteredBy).toBe('appeal');
      const tickedFirst = foldLearnerView([answered(false), ticked, appealAccepted]);
      expect(tickedFirst.errorBook.q1).toMatchObject({ masteredBy: 'self', masteredAt: later });
    });
  });

  describe('when a closed record opens again', () => {
    it('forgets the cause on a wrong answer, and takes the next one', () => {
      const reopened = foldLearnerView([answered(false), appealAccepted, answered(false, latest)]);
      expect(reopened.errorBook.q1).toMatchObject({ isActive: true, masteredAt: null, masteredBy: null });
      const ticking = foldLearnerView(
        [event('ErrorQuestionMastered', { questionId: 'q1', at: latest })],
        reopened,
      );
      expect(ticking.errorBook.q1).toMatchObject({ isActive: false, masteredBy: 'self' });
    });
    it('forgets the cause when a reverted rendering takes the right verdict back', () => {
      const view = foldLearnerView([
        answered(false),
        appealAccepted,
        event('AnswerRemarkedOnRevert', {
          ...onAnswer,
          at: latest,
          questionType: 'sentence_translation',
          difficulty: 'beginner',
          correctAnswer: '正',
          selectedAnswer: '答',
          wasCorrect: true,
          isCorrect: false,
        }),
      ]);
      expect(view.errorBook.q1).toMatchObject({ isActive: true, masteredBy: null });
    });
  });
});
