import { describe, expect, it } from 'vitest';
import { canSubmit, initialSession, type SessionState, sessionReducer, sessionSummary } from './session.ts';

const graded = (isCorrect: boolean, now: number) =>
  ({
    type: 'answer.graded',
    now,
    answer: { questionId: 'q', answer: 'a', isCorrect, correctAnswer: 'a', explanation: '' },
  }) as const;

function answer(state: SessionState, isCorrect: boolean, now: number): SessionState {
  let s = sessionReducer(state, { type: 'answer.change', answer: 'a' });
  s = sessionReducer(s, { type: 'answer.submit' });
  return sessionReducer(s, graded(isCorrect, now));
}

describe('the question session', () => {
  it('needs a non-empty answer before it submits', () => {
    const s = initialSession(2, 0);
    expect(canSubmit(s)).toBe(false);
    expect(sessionReducer(s, { type: 'answer.submit' }).phase).toBe('answering');
    const typed = sessionReducer(s, { type: 'answer.change', answer: '  ' });
    expect(canSubmit(typed)).toBe(false);
  });

  it('locks the answer once submitted', () => {
    let s = sessionReducer(initialSession(2, 0), { type: 'answer.change', answer: '甲' });
    s = sessionReducer(s, { type: 'answer.submit' });
    expect(s.phase).toBe('submitting');
    expect(sessionReducer(s, { type: 'answer.change', answer: '乙' }).draft).toBe('甲');
    s = sessionReducer(s, graded(true, 4000));
    expect(s.phase).toBe('answered');
    expect(s.answers[0]?.timeSpent).toBe(4);
    expect(sessionReducer(s, { type: 'answer.change', answer: '乙' }).draft).toBe('甲');
  });

  it('returns to answering with an error when the submission fails', () => {
    let s = sessionReducer(initialSession(1, 0), { type: 'answer.change', answer: '甲' });
    s = sessionReducer(s, { type: 'answer.submit' });
    s = sessionReducer(s, { type: 'answer.failed' });
    expect(s.phase).toBe('answering');
    expect(s.submitError).toBe(true);
    expect(canSubmit(s)).toBe(true);
  });

  it('moves to the next question, then to the results after the last', () => {
    let s = answer(initialSession(2, 0), true, 1000);
    s = sessionReducer(s, { type: 'question.next', now: 1000 });
    expect(s).toMatchObject({ phase: 'answering', index: 1, draft: '' });
    s = answer(s, false, 3000);
    s = sessionReducer(s, { type: 'question.next', now: 3000 });
    expect(s.phase).toBe('results');
    expect(sessionSummary(s)).toEqual({
      correct: 1,
      wrong: 1,
      answered: 2,
      accuracy: 50,
      timeSpent: 3,
      pending: 0,
    });
  });

  it('starts over on retry', () => {
    let s = answer(initialSession(1, 0), true, 1000);
    s = sessionReducer(s, { type: 'question.next', now: 1000 });
    s = sessionReducer(s, { type: 'session.retry', now: 5000 });
    expect(s).toEqual(initialSession(1, 5000));
  });
});

describe('an answer kept on the device (offline)', () => {
  it('moves on without a verdict, and the results count it neither right nor wrong', () => {
    let s = initialSession(2, 0);
    s = sessionReducer(s, { type: 'answer.change', answer: '甲' });
    s = sessionReducer(s, { type: 'answer.submit' });
    s = sessionReducer(s, { type: 'answer.queued', questionId: 'q1', answer: '甲', now: 4000 });
    expect(s.phase).toBe('answered');
    expect(s.answers[0]).toMatchObject({ questionId: 'q1', pending: true, timeSpent: 4 });
    s = sessionReducer(s, { type: 'question.next', now: 4000 });
    s = sessionReducer(s, { type: 'answer.change', answer: '乙' });
    s = sessionReducer(s, { type: 'answer.submit' });
    s = sessionReducer(s, {
      type: 'answer.graded',
      now: 6000,
      answer: { questionId: 'q2', answer: '乙', isCorrect: false, correctAnswer: '甲', explanation: '' },
    });
    expect(sessionSummary(s)).toMatchObject({ correct: 0, wrong: 1, answered: 1, pending: 1 });
  });

  it('is ignored unless an answer is being submitted', () => {
    const s = initialSession(1, 0);
    expect(sessionReducer(s, { type: 'answer.queued', questionId: 'q1', answer: '甲', now: 1 })).toBe(s);
  });
});
