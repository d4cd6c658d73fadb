import type { AnswerResult, ProgressResult, Question } from '@wenyan/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AnswerQueuedError, createAnswerSubmitter } from '../../lib/answers/answerSubmitter.ts';
import { answerResult, choiceQuestion } from '../../lib/test-support/answers.ts';
import {
  type CompletionRequest,
  completionRequest,
  type QuizInput,
  quizMachine,
  quizSummary,
} from './quizMachine.ts';

const question = (id: string) => choiceQuestion(id);

const QUESTIONS = [question('q1'), question('q2')];

/** The server's grading, as the tests want it: 甲 is right, 10 XP each. */
function grade(selectedAnswer: string, totalXP: number): AnswerResult {
  return answerResult(selectedAnswer === '甲', {
    culturalContext: '背景',
    totals: { totalXP, level: 1, streakDays: 1 },
  });
}

const INPUT: QuizInput = {
  lessonId: 3,
  userId: 'u1',
  config: { type: 'word_interpretation', questionCount: 10, characterThreshold: 400 },
  startingXP: 0,
  now: () => 0,
};

interface Setup {
  questions?: Question[];
  load?: () => Promise<Question[]>;
  submit?: (answer: string, idempotencyKey: string) => Promise<AnswerResult>;
  input?: Partial<QuizInput>;
}

function start(setup: Setup = {}) {
  let xp = 0;
  const loads = vi.fn(setup.load ?? (async () => setup.questions ?? QUESTIONS));
  const submits = vi.fn(
    setup.submit ??
      (async (answer: string) => {
        if (answer === '甲') xp += 10;
        return grade(answer, xp);
      }),
  );
  const records = vi.fn(async (_request: CompletionRequest) => null);
  const exits = vi.fn();
  const machine = quizMachine.provide({
    actors: {
      loadQuestions: fromPromise(async () => loads()),
      recordCompletion: fromPromise<ProgressResult | null, CompletionRequest>(async ({ input }) =>
        records(input),
      ),
    },
    actions: { notifyExit: exits },
  });
  const submitter = createAnswerSubmitter((a, key) => submits(a.selectedAnswer, key));
  const actor = createActor(machine, { input: { ...INPUT, submitter, ...setup.input } });
  actor.start();
  return { actor, loads, submits, records, exits };
}

async function answer(actor: ReturnType<typeof start>['actor'], choice: string) {
  actor.send({ type: 'answer.select', answer: choice });
  actor.send({ type: 'answer.submit' });
  await waitFor(actor, (s) => s.matches({ feedback: 'shown' }) || s.matches('selected'));
}

describe('the adaptive quiz machine', () => {
  describe('loading', () => {
    it('starts loading and goes to the first question', async () => {
      const { actor, loads } = start();
      expect(actor.getSnapshot().value).toBe('loading');
      await waitFor(actor, (s) => s.matches('question'));
      expect(loads).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.questions).toHaveLength(2);
    });

    it('keeps at most the configured number of questions', async () => {
      const many = Array.from({ length: 12 }, (_, i) => question(`q${i}`));
      const { actor } = start({ questions: many, input: { config: { ...INPUT.config, questionCount: 5 } } });
      await waitFor(actor, (s) => s.matches('question'));
      expect(actor.getSnapshot().context.questions).toHaveLength(5);
    });

    it('shows the empty state when there is no question', async () => {
      const { actor } = start({ questions: [] });
      await waitFor(actor, (s) => s.matches('empty'));
    });

    it('shows the failure state when loading fails, and restart loads again', async () => {
      let calls = 0;
      const { actor, loads } = start({
        load: async () => {
          calls += 1;
          if (calls === 1) throw new Error('offline');
          return QUESTIONS;
        },
      });
      await waitFor(actor, (s) => s.matches('failed'));
      actor.send({ type: 'quiz.restart' });
      await waitFor(actor, (s) => s.matches('question'));
      expect(loads).toHaveBeenCalledTimes(2);
    });
  });

  describe('question and selected', () => {
    it('cannot submit before an answer is selected', async () => {
      const { actor, submits } = start();
      await waitFor(actor, (s) => s.matches('question'));
      expect(actor.getSnapshot().can({ type: 'answer.submit' })).toBe(false);
      actor.send({ type: 'answer.submit' });
      expect(actor.getSnapshot().value).toBe('question');
      expect(submits).not.toHaveBeenCalled();
    });

    it('lets the answer change until it is submitted', async () => {
      const { actor } = start();
      await waitFor(actor, (s) => s.matches('question'));
      actor.send({ type: 'answer.select', answer: '乙' });
      expect(actor.getSnapshot().value).toBe('selected');
      actor.send({ type: 'answer.select', answer: '甲' });
      expect(actor.getSnapshot().context.selected).toBe('甲');
    });

    it('does not submit a blank free-text answer', async () => {
      const { actor } = start();
      await waitFor(actor, (s) => s.matches('question'));
      actor.send({ type: 'answer.select', answer: '   ' });
      expect(actor.getSnapshot().can({ type: 'answer.submit' })).toBe(false);
    });
  });

  describe('feedback', () => {
    it('records the server verdict and its XP, and locks the answer', async () => {
      const { actor, submits } = start();
      await waitFor(actor, (s) => s.matches('question'));
      await answer(actor, '乙');
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ feedback: 'shown' })).toBe(true);
      expect(submits).toHaveBeenCalledWith('乙', expect.any(String));
      expect(snapshot.context.answers[0]).toMatchObject({
        selectedAnswer: '乙',
        isCorrect: false,
        correctAnswer: '甲',
      });
      actor.send({ type: 'answer.select', answer: '甲' });
      expect(actor.getSnapshot().context.answers[0]?.selectedAnswer).toBe('乙');
      expect(actor.getSnapshot().matches({ feedback: 'shown' })).toBe(true);
    });

    it('goes back to selected when the answer cannot be sent', async () => {
      const { actor } = start({ submit: async () => Promise.reject(new Error('offline')) });
      await waitFor(actor, (s) => s.matches('question'));
      await answer(actor, '甲');
      expect(actor.getSnapshot().value).toBe('selected');
      expect(actor.getSnapshot().context.submitFailed).toBe(true);
      expect(actor.getSnapshot().context.answers).toHaveLength(0);
    });

    it('offline, keeps the answer on the device and offers the next question, with no failure shown', async () => {
      const { actor } = start({
        submit: async (_answer, key) => Promise.reject(new AnswerQueuedError(key)),
      });
      await waitFor(actor, (s) => s.matches('question'));
      actor.send({ type: 'answer.select', answer: '乙' });
      actor.send({ type: 'answer.submit' });
      await waitFor(actor, (s) => s.matches({ feedback: 'kept' }));
      expect(actor.getSnapshot().context.submitFailed).toBe(false);
      expect(actor.getSnapshot().context.answers).toEqual([
        expect.objectContaining({ questionId: 'q1', selectedAnswer: '乙', pending: true }),
      ]);
      actor.send({ type: 'question.continue' });
      expect(actor.getSnapshot().value).toBe('question');
      expect(actor.getSnapshot().context.index).toBe(1);
      // The kept answer has no verdict yet: it counts in no figure of the quiz.
      expect(quizSummary(actor.getSnapshot().context)).toMatchObject({ answered: 0, correct: 0 });
      actor.send({ type: 'answer.select', answer: '甲' });
      actor.send({ type: 'answer.submit' });
      await waitFor(actor, (s) => s.matches({ feedback: 'kept' }));
      actor.send({ type: 'question.continue' });
      await waitFor(actor, (s) => s.matches({ completed: 'popup' }));
    });

    it('sends the same Idempotency-Key when the same answer is submitted again after a failure, and a new one otherwise', async () => {
      let failuresLeft = 2;
      const { actor, submits } = start({
        submit: async (answer) => {
          if (failuresLeft-- > 0) throw new Error('503: 服務暫時未能使用');
          return grade(answer, answer === '甲' ? 10 : 0);
        },
      });
      await waitFor(actor, (s) => s.matches('question'));
      await answer(actor, '乙');
      expect(actor.getSnapshot().value).toBe('selected');
      // The same selection again (picked anew): its first try may have been applied, so the key is kept.
      await answer(actor, '乙');
      expect(actor.getSnapshot().value).toBe('selected');
      // Another selection is another answer.
      await answer(actor, '甲');
      expect(actor.getSnapshot().matches({ feedback: 'shown' })).toBe(true);
      actor.send({ type: 'question.continue' });
      await answer(actor, '甲');
      const keys = submits.mock.calls.map(([, key]) => key);
      expect(keys).toHaveLength(4);
      expect(keys[1]).toBe(keys[0]);
      expect(new Set([keys[0], keys[2], keys[3]]).size).toBe(3);
      for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(8);
    });
  });

  describe('next or completed', () => {
    it('moves to the next question, then completes with the popup and the record', async () => {
      const { actor, records } = start();
      await waitFor(actor, (s) => s.matches('question'));
      await answer(actor, '甲');
      actor.send({ type: 'question.continue' });
      expect(actor.getSnapshot().value).toBe('question');
      expect(actor.getSnapshot().context).toMatchObject({ index: 1, selected: null });
      await answer(actor, '乙');
      actor.send({ type: 'question.continue' });
      await waitFor(actor, (s) => s.matches({ completed: 'popup' }));
      expect(records).toHaveBeenCalledWith({
        kind: 'vocabulary',
        body: expect.objectContaining({
          userId: 'u1',
          exerciseType: 'lesson_specific',
          exerciseId: '3',
          lessonIds: null,
          score: 50,
          questionsAnswered: 2,
          correctAnswers: 1,
          difficulty: 'intermediate',
        }),
      });
      const summary = quizSummary(actor.getSnapshot().context);
      expect(summary).toMatchObject({ answered: 2, correct: 1, score: 50, earnedXP: 10 });
      expect(actor.getSnapshot().context.totals?.totalXP).toBe(10);
      actor.send({ type: 'popup.close' });
      expect(actor.getSnapshot().value).toBe('finished');
    });
  });

  describe('restart and exit', () => {
    it('restarts only once an answer exists, clearing everything and refetching', async () => {
      const { actor, loads } = start();
      await waitFor(actor, (s) => s.matches('question'));
      actor.send({ type: 'quiz.restart' });
      expect(loads).toHaveBeenCalledTimes(1);
      await answer(actor, '甲');
      actor.send({ type: 'quiz.restart' });
      expect(actor.getSnapshot().value).toBe('loading');
      expect(actor.getSnapshot().context.answers).toHaveLength(0);
      await waitFor(actor, (s) => s.matches('question'));
      expect(loads).toHaveBeenCalledTimes(2);
    });

    it('calls the exit handler on exit, from any state', async () => {
      const { actor, exits } = start({ questions: [] });
      await waitFor(actor, (s) => s.matches('empty'));
      actor.send({ type: 'quiz.exit' });
      expect(exits).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().status).toBe('done');
    });
  });
});

describe('what the end of a quiz posts', () => {
  const context = (input: Partial<QuizInput>, correct: boolean[]) => {
    const actor = createActor(quizMachine, { input: { ...INPUT, ...input } });
    const base = actor.getSnapshot().context;
    return {
      ...base,
      answers: correct.map((isCorrect, i) => ({
        questionId: `q${i}`,
        selectedAnswer: '',
        isCorrect,
        correctAnswer: '',
        explanation: '',
        culturalContext: null,
        timeSpent: 1,
        difficulty: null,
      })),
      finishedAt: 65_000,
    };
  };

  it('a mixed session posts its session id', () => {
    const request = completionRequest(context({ lessonId: -4 }, [true, true, false]));
    expect(request).toMatchObject({
      kind: 'vocabulary',
      body: { exerciseType: 'mixed_session', exerciseId: '4', score: 67, timeSpent: 65 },
    });
  });

  it('quick practice posts its lesson list', () => {
    const request = completionRequest(context({ lessonId: 0, lessonIds: [9, 2] }, [true]));
    expect(request).toMatchObject({
      kind: 'vocabulary',
      body: { exerciseType: 'quick_practice', exerciseId: '2,9', lessonIds: [9, 2] },
    });
  });

  it("a passage note's drill (record false) posts nothing, of any type", () => {
    expect(completionRequest(context({ lessonId: 9, record: false }, [true]))).toBeNull();
    const theme = { type: 'theme_understanding', questionCount: 8, characterThreshold: 400 } as const;
    expect(completionRequest(context({ config: theme, record: false }, [true]))).toBeNull();
    expect(completionRequest(context({ lessonId: 9 }, [true]))).toMatchObject({ kind: 'vocabulary' });
  });

  it('a review session posts nothing, whatever its lesson and type (its answers are its record)', () => {
    expect(completionRequest(context({ lessonId: 3, review: true }, [true, false]))).toBeNull();
    expect(
      completionRequest(
        context(
          {
            lessonId: 3,
            review: true,
            config: { type: 'theme_understanding', questionCount: 8, characterThreshold: 400 },
          },
          [true],
        ),
      ),
    ).toBeNull();
  });

  it('lesson 0 without a list posts nothing', () => {
    expect(completionRequest(context({ lessonId: 0 }, [true]))).toBeNull();
  });

  it('other types complete their node', () => {
    const request = completionRequest(
      context({ config: { type: 'theme_understanding', questionCount: 8, characterThreshold: 400 } }, [
        true,
        false,
      ]),
    );
    expect(request).toEqual({
      kind: 'node',
      userId: 'u1',
      lessonId: 3,
      type: 'theme_understanding',
      body: { score: 50, questionsAnswered: 2, correctAnswers: 1, timeSpent: 65 },
    });
  });
});
