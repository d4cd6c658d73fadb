import type { AnswerResult, ProgressResult, Question } from '@wenyan/contracts';
import { assign, fromPromise, setup } from 'xstate';
import {
  AnswerQueuedError,
  type AnswerSubmission,
  type AnswerSubmitter,
  createAnswerSubmitter,
} from '../../lib/answers/answerSubmitter.ts';
import { sendAnswer } from '../../lib/answers/api.ts';
import { completeNode } from '../../lib/progress.ts';
import { fetchQuizQuestions, type QuizQuestionsRequest, saveVocabularyRecord } from './api.ts';
import { type CompletionRequest, completionRequest } from './quizResults.ts';
import type { QuizAnswer, QuizContext, QuizInput } from './quizTypes.ts';

export { type CompletionRequest, completionRequest, quizSummary } from './quizResults.ts';
export type { QuizAnswer, QuizConfig, QuizContext, QuizInput } from './quizTypes.ts';

/**
 * The adaptive quiz (spec part 1 §4): loading → question → selected → feedback → the next question or
 * completed (the completion popup), then finished. Restart clears everything and refetches; exit calls
 * the exit handler. The server grades each answer; side effects are the named actors below, swapped with
 * `.provide()` in tests.
 */

/** The question's served token for the answer's body (absent when the list came without one). */
function servedOf(question: Question): { served?: string } {
  return question.served === undefined ? {} : { served: question.served };
}

export type QuizEvent =
  | { type: 'answer.select'; answer: string }
  | { type: 'answer.submit' }
  | { type: 'question.continue' }
  | { type: 'quiz.restart' }
  | { type: 'quiz.exit' }
  | { type: 'popup.close' };

function fresh(input: QuizInput): QuizContext {
  const now = (input.now ?? Date.now)();
  return {
    input,
    questions: [],
    index: 0,
    selected: null,
    answers: [],
    awards: [],
    totals: null,
    startedAt: now,
    questionStartedAt: now,
    finishedAt: null,
    submitFailed: false,
    submitter: input.submitter ?? createAnswerSubmitter(sendAnswer),
  };
}

const clock = (context: QuizContext) => (context.input.now ?? Date.now)();

export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as QuizInput,
  },
  actors: {
    /** Preloaded questions are used as they are; otherwise the spec's fetch rule applies. */
    loadQuestions: fromPromise<
      Question[],
      QuizQuestionsRequest & { preloaded?: readonly Question[] | undefined }
    >(async ({ input }) => (input.preloaded ? [...input.preloaded] : fetchQuizQuestions(input))),
    /** Through the shared flow: the same selection submitted again after a failure keeps its key. */
    submitAnswer: fromPromise<AnswerResult, { submitter: AnswerSubmitter; answer: AnswerSubmission }>(
      ({ input }) => input.submitter.submit(input.answer),
    ),
    recordCompletion: fromPromise<ProgressResult | null, CompletionRequest>(async ({ input }) => {
      if (!input) return null;
      if (input.kind === 'vocabulary') {
        await saveVocabularyRecord(input.body);
        return null;
      }
      const { userId, lessonId, type, body } = input;
      return completeNode({ userId, lessonId, type }, body);
    }),
  },
  actions: {
    reset: assign(({ context }) => fresh(context.input)),
    storeQuestions: assign(({ context }, questions: Question[]) => ({
      questions: questions.slice(0, context.input.config.questionCount),
      index: 0,
      startedAt: clock(context),
      questionStartedAt: clock(context),
    })),
    select: assign((_, answer: string) => ({ selected: answer, submitFailed: false })),
    storeVerdict: assign(({ context }, result: AnswerResult) => {
      const question = context.questions[context.index]!;
      const answer: QuizAnswer = {
        questionId: question.id,
        selectedAnswer: context.selected ?? '',
        isCorrect: result.isCorrect,
        correctAnswer: result.correctAnswer,
        marking: result.marking,
        answerVersion: result.answerVersion,
        explanation: result.explanation,
        culturalContext: result.culturalContext,
        timeSpent: Math.round((clock(context) - context.questionStartedAt) / 1000),
        difficulty: question.difficulty,
        review: result.review,
        xpWithheld: result.xpWithheld,
      };
      return {
        answers: [...context.answers, answer],
        awards: [...context.awards, ...result.xpAwarded],
        totals: result.totals,
      };
    }),
    markSubmitFailed: assign({ submitFailed: true }),
    /** The answer is kept on the device: it holds the question's place, with no verdict. */
    storeKept: assign(({ context }) => {
      const question = context.questions[context.index]!;
      const answer: QuizAnswer = {
        questionId: question.id,
        selectedAnswer: context.selected ?? '',
        isCorrect: false,
        correctAnswer: '',
        explanation: '',
        culturalContext: null,
        timeSpent: Math.round((clock(context) - context.questionStartedAt) / 1000),
        difficulty: question.difficulty,
        pending: true,
      };
      return { answers: [...context.answers, answer], submitFailed: false };
    }),
    nextQuestion: assign(({ context }) => ({
      index: context.index + 1,
      selected: null,
      questionStartedAt: clock(context),
    })),
    markFinished: assign(({ context }) => ({ finishedAt: clock(context) })),
    storeCompletion: assign(({ context }, result: ProgressResult | null) =>
      result ? { awards: [...context.awards, ...result.xpAwarded], totals: result.totals } : {},
    ),
    /** The exit handler; the screen provides it. */
    notifyExit: () => {},
  },
  guards: {
    hasQuestions: (_, questions: Question[]) => questions.length > 0,
    hasSelection: ({ context }) => context.selected !== null && context.selected.trim() !== '',
    isLastQuestion: ({ context }) => context.index + 1 >= context.questions.length,
    canRestart: ({ context }) => context.answers.length > 0 || context.questions.length === 0,
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => fresh(input),
  initial: 'loading',
  on: {
    'quiz.exit': { target: '.exited' },
    'quiz.restart': { guard: 'canRestart', target: '.loading', actions: 'reset', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadQuestions',
        input: ({ context }) => ({
          lessonId: context.input.lessonId,
          userId: context.input.userId,
          lessonIds: context.input.lessonIds,
          type: context.input.config.type,
          questionCount: context.input.config.questionCount,
          characterThreshold: context.input.config.characterThreshold,
          adaptive: context.input.config.adaptive,
          preloaded: context.input.preloadedQuestions,
        }),
        onDone: [
          {
            guard: { type: 'hasQuestions', params: ({ event }) => event.output },
            target: 'question',
            actions: { type: 'storeQuestions', params: ({ event }) => event.output },
          },
          { target: 'empty' },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {},
    empty: {},
    question: {
      on: {
        'answer.select': {
          target: 'selected',
          actions: { type: 'select', params: ({ event }) => event.answer },
        },
      },
    },
    selected: {
      on: {
        'answer.select': { actions: { type: 'select', params: ({ event }) => event.answer } },
        'answer.submit': { guard: 'hasSelection', target: 'feedback' },
      },
    },
    feedback: {
      initial: 'grading',
      states: {
        grading: {
          invoke: {
            src: 'submitAnswer',
            input: ({ context }) => ({
              submitter: context.submitter,
              answer: {
                userId: context.input.userId,
                questionId: context.questions[context.index]!.id,
                selectedAnswer: context.selected ?? '',
                timeSpent: Math.max(0, (clock(context) - context.questionStartedAt) / 1000),
                ...servedOf(context.questions[context.index]!),
              },
            }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeVerdict', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: ({ event }) => event.error instanceof AnswerQueuedError,
                target: 'kept',
                actions: 'storeKept',
              },
              { target: '#quiz.selected', actions: 'markSubmitFailed' },
            ],
          },
        },
        /** Offline: the answer waits on the device and the quiz goes on. */
        kept: {
          on: {
            'question.continue': [
              { guard: 'isLastQuestion', target: '#quiz.completed' },
              { target: '#quiz.question', actions: 'nextQuestion' },
            ],
          },
        },
        shown: {
          on: {
            'question.continue': [
              { guard: 'isLastQuestion', target: '#quiz.completed' },
              { target: '#quiz.question', actions: 'nextQuestion' },
            ],
          },
        },
      },
    },
    completed: {
      entry: 'markFinished',
      initial: 'recording',
      states: {
        recording: {
          invoke: {
            src: 'recordCompletion',
            input: ({ context }) => completionRequest(context),
            onDone: {
              target: 'popup',
              actions: { type: 'storeCompletion', params: ({ event }) => event.output },
            },
            onError: { target: 'popup' },
          },
        },
        popup: { on: { 'popup.close': { target: '#quiz.finished' } } },
      },
    },
    finished: {},
    exited: { type: 'final', entry: 'notifyExit' },
  },
});
