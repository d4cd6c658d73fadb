/**
 * The one answer-submission flow of every quiz-like screen (question session, adaptive and word quiz,
 * and the screens to come: mock papers, mixed years). It holds one Idempotency-Key per question and
 * selection until the server acknowledges the answer:
 *
 * - a submission that fails (after the client's own `WRITE_RETRY`) keeps its key, so submitting the same
 *   selection of the same question again reuses it: an answer whose first try did reach the server is
 *   replayed by the server, not counted twice;
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
}

/** Sends one answer with its Idempotency-Key and resolves with the server's verdict. */
export type SendAnswer = (answer: AnswerSubmission, idempotencyKey: string) => Promise<AnswerResult>;

/** The answer being submitted, and the key every try of it carries. */
export interface AnswerAttempt {
  readonly questionId: string;
  readonly selectedAnswer: string;
  readonly key: string;
}

/**
 * The attempt for this question and selection: the held one when it is the same answer (its key kept),
 * else a new one with a new key.
 */
export function holdAttempt(
  held: AnswerAttempt | null,
  questionId: string,
  selectedAnswer: string,
  mint: () => string = newIdempotencyKey,
): AnswerAttempt {
  if (held && held.questionId === questionId && held.selectedAnswer === selectedAnswer) return held;
  return { questionId, selectedAnswer, key: mint() };
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
      const attempt = holdAttempt(held, answer.questionId, answer.selectedAnswer, options.mint);
      held = attempt;
      if (inFlight?.key === attempt.key) return inFlight.promise;
      const promise = send({ ...answer, timeSpent: Math.max(0, Math.round(answer.timeSpent)) }, attempt.key)
        .then((result) => {
          if (held === attempt) held = null;
          options.onAcknowledged?.(result, answer);
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
