/** The quiz sends each question's served token back with its answer, and keeps why XP was withheld (issue 37). */
import type { AnswerResult, Question } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AnswerSubmission, createAnswerSubmitter } from '../../lib/answers/answerSubmitter.ts';
import { XP_WITHHELD_MESSAGES } from '../answers/XpWithheldNote.tsx';
import { quizMachine } from './quizMachine.ts';

const question: Question = {
  id: 'q1',
  lessonId: 1,
  type: 'word_interpretation',
  content: '題目',
  options: ['甲', '乙'],
  targetText: null,
  highlight: null,
  difficulty: 'beginner',
  characterFrequency: 400,
  points: null,
  rubric: null,
  served: 'mx50n0yd.PK-c6UafnphNzYbsJTVaSg',
};

const tooFast: AnswerResult = {
  answerVersion: 1,
  isCorrect: true,
  correctAnswer: '甲',
  explanation: '',
  culturalContext: null,
  marking: { verdict: 'correct', earned: 1, available: 1, copied: false, selfAssessed: false, points: [] },
  earnedXp: false,
  xpWithheld: 'too_fast',
  xpAwarded: [],
  totals: { totalXP: 0, level: 1, streakDays: 1 },
};

describe('an answer of the quiz', () => {
  it('carries the question’s served token, and the verdict keeps why no XP was paid', async () => {
    const sent: AnswerSubmission[] = [];
    const submitter = createAnswerSubmitter(async (answer) => {
      sent.push(answer);
      return tooFast;
    });
    const machine = quizMachine.provide({
      actors: { loadQuestions: fromPromise(async () => [question]) },
    });
    const actor = createActor(machine, {
      input: {
        lessonId: 1,
        userId: 'u1',
        config: { type: 'word_interpretation', questionCount: 10, characterThreshold: 400 },
        startingXP: 0,
        now: () => 0,
        submitter,
      },
    });
    actor.start();
    await waitFor(actor, (s) => s.matches('question'));
    actor.send({ type: 'answer.select', answer: '甲' });
    actor.send({ type: 'answer.submit' });
    await waitFor(actor, (s) => s.matches({ feedback: 'shown' }));
    expect(sent[0]?.served).toBe(question.served);
    expect(actor.getSnapshot().context.answers[0]?.xpWithheld).toBe('too_fast');
  });

  it('has a Traditional Chinese line for every reason', () => {
    for (const message of Object.values(XP_WITHHELD_MESSAGES)) expect(message).toContain('經驗值');
  });
});
