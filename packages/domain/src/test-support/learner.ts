/**
 * What the learner decider's tests share: the clock, the translation question most of them answer, a
 * history decided command by command, and the answer as the API reads it back. Only tests import this
 * file (the package's index does not export it).
 */
import {
  type AppealedAnswer,
  appealedAnswerOf,
  type DecideContext,
  type Decision,
  decide,
  type LearnerCommand,
  type QuestionForGrading,
} from '../learner/decide.ts';
import { type AnswerSubmitted, foldLearner, type LearnerEvent } from '../learner/events.ts';

/** Monday 2 September 2024, 10:00 in Hong Kong; a teacher acts the next day. */
export const NOW = '2024-09-02T10:00:00+08:00';
export const NEXT_DAY = '2024-09-03T10:00:00+08:00';

/** 君子固窮: two word points, 窮 (困境) and 固 (堅守). */
export const translation: QuestionForGrading = {
  id: 't1',
  lessonId: 1,
  type: 'sentence_translation',
  difficulty: 'intermediate',
  targetText: '君子固窮',
  correctAnswer: '君子處於困境時仍堅守節操',
  marking: {
    points: [
      { id: 'p1', kind: 'word', source: '窮', label: '「窮」解作困境', accept: ['困境', '窮困'] },
      { id: 'p2', kind: 'word', source: '固', label: '「固」解作堅守', accept: ['堅守', '固守'] },
    ],
  },
};

/** An answer to `translation` that earns p2 but not p1 (「潦倒」 is not an accepted rendering of 窮). */
export const PARTIAL = '君子潦倒時仍堅守節操';

type Context = Omit<DecideContext, 'now'>;

/**
 * `run` decides a command on the state the events leave; `ok` does and appends its events, throwing on
 * a refusal. Both at `now` (by default `defaultNow`) with the context given (by default `defaults`).
 */
export function decider(defaultNow = NOW, defaults: Context = {}) {
  const run = (events: LearnerEvent[], command: LearnerCommand, now = defaultNow, context = defaults) =>
    decide(command, foldLearner(events), { ...context, now });
  const ok = (
    events: LearnerEvent[],
    command: LearnerCommand,
    now = defaultNow,
    context = defaults,
  ): LearnerEvent[] => {
    const decision = run(events, command, now, context);
    if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
    return [...events, ...decision.events];
  };
  return { run, ok };
}

/** The refusal's code, or null when the command was accepted. */
export const refusal = (d: Decision) => (d.ok ? null : d.error.code);

export const submit = (
  selectedAnswer: string,
  question: QuestionForGrading = translation,
): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: { question, selectedAnswer, timeSpent: 30 },
});

/** The last answer to the question and its stream version (1-based position). */
export function lastAnswer(
  events: LearnerEvent[],
  questionId = 't1',
): { answer: AnswerSubmitted; version: number } {
  const index = events.findLastIndex((e) => e.type === 'AnswerSubmitted' && e.data.questionId === questionId);
  if (index < 0) throw new Error(`no answer to ${questionId}`);
  return { answer: events[index] as AnswerSubmitted, version: index + 1 };
}

/** The last answer to the question at its stream version, as the API reads it back for an appeal. */
export function stored(events: LearnerEvent[], questionId = 't1'): AppealedAnswer {
  const { answer, version } = lastAnswer(events, questionId);
  return appealedAnswerOf(answer, version);
}
