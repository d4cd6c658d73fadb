/** How the decider's state takes a change of verdict on an answer already recorded. */
import { describe, expect, it } from 'vitest';
import { foldLearner, initialLearnerState, type LearnerEvent, type LearnerState } from './events.ts';

const at = '2024-09-03T02:00:00.000Z';
const event = (type: string, data: Record<string, unknown>) =>
  ({
    type,
    schemaVersion: 1,
    data: { answerVersion: 4, questionId: 'q1', lessonId: 1, at, ...data },
  }) as unknown as LearnerEvent;

/** q1 already answered right in lesson 1 (its XP paid); q2 answered wrong and in the error book. */
const state: LearnerState = {
  ...initialLearnerState,
  lessons: {
    '1': {
      answered: { q1: true, q2: true },
      questionsCompleted: 2,
      completed: false,
      nodeTypes: [],
      unitCompleted: false,
      correct: { q1: true },
      nodeSessions: {},
      nodeBest: {},
    },
  },
  errorBook: { q2: 'active' },
};

describe('a re-mark on appeal', () => {
  it('that leaves the answer wrong only settles the appeal', () => {
    const after = foldLearner([event('AnswerRemarked', { questionId: 'q2', isCorrect: false })], state);
    expect(after.appeals).toEqual({ '4': 'accepted' });
    expect(after.lessons).toEqual(state.lessons);
    expect(after.errorBook).toEqual(state.errorBook);
  });
  it('that makes it right masters an open item and marks the question correct once', () => {
    const after = foldLearner([event('AnswerRemarked', { questionId: 'q2', isCorrect: true })], state);
    expect(after.errorBook.q2).toBe('mastered');
    expect(after.lessons['1']?.correct).toEqual({ q1: true, q2: true });
    // A question already correct and not in the book keeps its lesson record as it was.
    const again = foldLearner([event('AnswerRemarked', { questionId: 'q1', isCorrect: true })], state);
    expect(again.lessons['1']).toBe(state.lessons['1']);
    expect(again.errorBook).toEqual({ q2: 'active' });
  });
});

describe('a re-mark after a reverted rendering', () => {
  it('puts a question back in the error book only when a right answer turns wrong', () => {
    const turned = foldLearner(
      [event('AnswerRemarkedOnRevert', { wasCorrect: true, isCorrect: false })],
      state,
    );
    expect(turned.errorBook.q1).toBe('active');
    // XP paid stays paid: the question stays correct.
    expect(turned.lessons['1']?.correct.q1).toBe(true);
    for (const [wasCorrect, isCorrect] of [
      [false, true],
      [true, true],
      [false, false],
    ]) {
      expect(foldLearner([event('AnswerRemarkedOnRevert', { wasCorrect, isCorrect })], state)).toBe(state);
    }
  });
});

describe("a teacher's marks and a confirmed self-mark", () => {
  it('a right mark of a question already correct records the mark and leaves the lesson', () => {
    const after = foldLearner([event('AnswerTeacherMarked', { isCorrect: true })], state);
    expect(after.teacherMarked).toEqual({ '4': true });
    expect(after.lessons['1']).toBe(state.lessons['1']);
  });
  it('a wrong confirmed self-mark records the confirmation only', () => {
    const after = foldLearner([event('SelfMarkConfirmed', { questionId: 'q2', isCorrect: false })], state);
    expect(after.confirmedSelfMarks).toEqual({ '4': true });
    expect(after.lessons).toEqual(state.lessons);
    expect(after.errorBook).toEqual(state.errorBook);
  });
  it('a right confirmed self-mark marks the question correct, once', () => {
    const after = foldLearner([event('SelfMarkConfirmed', { questionId: 'q2', isCorrect: true })], state);
    expect(after.lessons['1']?.correct).toEqual({ q1: true, q2: true });
    const again = foldLearner([event('SelfMarkConfirmed', { isCorrect: true })], state);
    expect(again.lessons['1']).toBe(state.lessons['1']);
  });
});
