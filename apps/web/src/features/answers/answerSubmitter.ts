/**
 * The one answer-submission flow of every quiz-like screen (question session, adaptive and word quiz,
 * and the screens to come: mock papers, mixed years). It holds one Idempotency-Key per question and
 * selection until the server acknowledges the answer:
 *
 * - a submission that fails (after the client's own `WRITE_RETRY`) keeps its key and its body, so
 *   submitting the same selection of the same question again resends the very same request: an answer
 *   whose first try did reach the server is replayed by the server, not counted twice (the server refuses
 *   a key reused with another body, so the time spent is the first try's, not the retry's);
 * - another selection, or another question, is another answer and gets a new key;
 * - once acknowledged the key is released: answering the same question again later (a new session, a
 *   retried practice) is a new answer;
 * - a second submit of the held answer while the first is in flight waits for that one, not a new call.
 *
 * Framework-free, so a reducer screen (through `useAnswerSubmission`) and an XState machine (through its
 * input) share the same holder and the same rule.
 */
import type { AnswerResult } from '@wenyan/contracts';
import { newIdempotencyKey } from '../../lib/api.ts';

/** One answer as a screen submits it. `timeSpent` in seconds (rounded, never negative, when sent). */
export interface AnswerSubmission {
  userId: string;
  questionId: string;
  selectedAnswer: string;
  timeSpent: number;
  /** Long paper questions: the rubric level the learner gives their own answer. */
  selfAssessedLevel?: string;
}

/** Sends one answer with its Idempotency-Key and resolves with the server's verdict. */
export type SendAnswer = (answer: AnswerSubmission, idempotencyKey: string) => Promise<AnswerResult>;

/** The answer being submitted: the body every try of it sends, and the key every try carries. */
export interface AnswerAttempt {
  readonly answer: AnswerSubmission;
  readonly key: string;
}

/**
 * The attempt for this answer: the held one when it is the same question and selection (its key and
 * body kept), else a new one with a new key and the time spent in whole seconds (never negative).
 */
export function holdAttempt(
  held: AnswerAttempt | null,
  answer: AnswerSubmission,
  mint: () => string = newIdempotencyKey,
): AnswerAttempt {
  if (
    held &&
    held.answer.userId === answer.userId &&
    held.answer.questionId === answer.questionId &&
    held.answer.selectedAnswer === answer.selectedAnswer &&
    held.answer.selfAssessedLevel === answer.selfAssessedLevel
  ) {
    return held;
  }
  return { answer: { ...answer, timeSpent: Math.max(0, Math.round(answer.timeSpent)) }, key: mint() };
}

export interface AnswerSubmitter {
  /** Submits an answer (see the rules above); rejects when it could not be sent. */
  submit(answer: AnswerSubmission): Promise<AnswerResult>;
  /** The key held for an answer not yet acknowledged, or null. */
  heldKey(): string | null;
}

export interface AnswerSubmitterOptions {
  /** Called once per acknowledged answer, before `submit` resolves (e.g. put the totals in the cache). */
  onAcknowledged?: (result: AnswerResult, answer: AnswerSubmission) => void;
  /** Mints keys (tests pass their own). */
  mint?: () => string;
}

/** A holder of one answer attempt at a time, sending through `send`. */
export function createAnswerSubmitter(
  send: SendAnswer,
  options: AnswerSubmitterOptions = {},
): AnswerSubmitter {
  let held: AnswerAttempt | null = null;
  let inFlight: { key: string; promise: Promise<AnswerResult> } | null = null;
  return {
    heldKey: () => held?.key ?? null,
    submit(answer) {
      const attempt = holdAttempt(held, answer, options.mint);
      held = attempt;
      if (inFlight?.key === attempt.key) return inFlight.promise;
      const promise = send(attempt.answer, attempt.key)
        .then((result) => {
          if (held === attempt) held = null;
          options.onAcknowledged?.(result, attempt.answer);
          return result;
        })
        .finally(() => {
          if (inFlight?.promise === promise) inFlight = null;
        });
      inFlight = { key: attempt.key, promise };
      return promise;
    },
  };
}
