import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AnswerSubmission, createAnswerSubmitter } from '../../lib/answers/answerSubmitter.ts';
import { answerResult, choiceQuestion } from '../../lib/test-support/answers.ts';
import { XP_WITHHELD_MESSAGES } from '../answers/XpWithheldNote.tsx';
import { quizMachine } from './quizMachine.ts';

const question = choiceQuestion('q1', {
  content: '題目',
  options: ['甲', '乙'],
  served: 'mx50n0yd.PK-c6UafnphNzYbsJTVaSg',
});

const tooFast = answerResult(true, {
  explanation: '',
  earnedXp: false,
  xpWithheld: 'too_fast',
  xpAwarded: [],
  totals: { totalXP: 0, level: 1, streakDays: 1 },
});

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
