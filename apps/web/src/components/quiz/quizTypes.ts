/** The adaptive quiz's types: its input, its answers and its context (kept apart from the machine so that
 * the figures of a finished quiz, quizResults.ts, read them without importing the machine). */
import type {
  AnswerMarking,
  AnswerReview,
  Question,
  QuestionType,
  Totals,
  XpAward,
  XpWithheld,
} from '@wenyan/contracts';
import type { AnswerSubmitter } from '../../lib/answers/answerSubmitter.ts';

export interface QuizConfig {
  type: QuestionType;
  questionCount: number;
  characterThreshold: number;
  /** Adaptive questions whatever the type (see `QuizQuestionsRequest.adaptive`). */
  adaptive?: boolean | undefined;
}

export interface QuizInput {
  /** Negative: a mixed session (its id is the absolute value). 0 with `lessonIds`: quick practice. */
  lessonId: number;
  userId: string;
  lessonIds?: readonly number[] | undefined;
  preloadedQuestions?: readonly Question[] | undefined;
  config: QuizConfig;
  /** The learner's XP when the quiz starts (the popup starts from it). */
  startingXP: number;
  /**
   * False for a drill that is no node or vocabulary exercise of its own (a passage note's questions):
   * its end posts nothing; each answer still counts. True by default.
   */
  record?: boolean | undefined;
  /**
   * The answer-submission flow (the screen passes `useAnswerSubmission()`; tests their own). It holds
   * one Idempotency-Key per question and selection until the answer is acknowledged. Without it the
   * machine makes its own, which sends through the client but refreshes no cache.
   */
  submitter?: AnswerSubmitter | undefined;
  /** The clock (tests pass their own). */
  now?: () => number;
  /**
   * A review session (issue 21): each answer reschedules its card and earns its review XP on the server;
   * the end records no node and no word-quiz record.
   */
  review?: boolean | undefined;
}

/** One answer of the session (spec part 1 §3), with the server's verdict. */
export interface QuizAnswer {
  questionId: string;
  selectedAnswer: string;
  isCorrect: boolean;
  correctAnswer: string;
  /** Points earned and missed (free text); a choice has none. */
  marking?: AnswerMarking;
  /** The answer's version in the learner's stream: what an appeal names. */
  answerVersion?: number;
  explanation: string;
  culturalContext: string | null;
  timeSpent: number;
  difficulty: string | null;
  /** The review card after this answer: whether it was due, the review XP it earned, its next review. */
  review?: AnswerReview | undefined;
  /**
   * Kept on the device (offline): no verdict yet, so it counts in no figure of this quiz; the server
   * marks it when it is sent (the offline banner says how it went).
   */
  pending?: true | undefined;
  /** Why a correct answer earned no XP (recorded all the same). */
  xpWithheld?: XpWithheld | undefined;
}

export interface QuizContext {
  input: QuizInput;
  questions: Question[];
  index: number;
  selected: string | null;
  answers: QuizAnswer[];
  awards: XpAward[];
  totals: Totals | null;
  startedAt: number;
  questionStartedAt: number;
  finishedAt: number | null;
  submitFailed: boolean;
  /** Where answers are submitted (see `QuizInput.submitter`). */
  submitter: AnswerSubmitter;
}
