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
 * - a second submit of the held answer while the first is in flight waits for that one, not a new call;
 * - with an offline queue: an answer given while the device is offline, or whose send fails on the
 *   network, is kept on the device with its key and body (offlineQueue.ts) and `submit` rejects with
 *   `AnswerQueuedError`; answers waiting are sent, in order, before any new one;
 * - once a question's answer is kept on the device, submitting that question again in the same
 *   submitter (repeated taps, another selection) rejects with the same `AnswerQueuedError` and neither
 *   sends nor keeps a second answer: one answer per question and session.
 *
 * Every body carries `answeredAt`, the moment the learner gave the answer (fixed at the first try), so an
 * answer sent later counts for the day it was given (the server bounds it: docs/spec-decisions.md).
 *
 * Framework-free, so a reducer screen (through `useAnswerSubmission`) and an XState machine (through its
 * input) share the same holder and the same rule.
 */
import type { AnswerResult } from '@wenyan/contracts';
import { newIdempotencyKey } from '../api.ts';
import type { AnswerAttempt, AnswerSubmission, SendAnswer } from './attempt.ts';
import { isOfflineFailure, type OfflineQueue } from './offlineQueue.ts';

/** The answer could not reach the server and is kept on the device: it is sent when the connection returns. */
export class AnswerQueuedError extends Error {
  readonly key: string;
  constructor(key: string) {
    super('answer kept on the device until the connection returns');
    this.name = 'AnswerQueuedError';
    this.key = key;
  }
}

export type { AnswerAttempt, AnswerSubmission, SendAnswer } from './attempt.ts';

/**
 * The attempt for this answer: the held one when it is the same question and selection (its key and
 * body kept), else a new one with a new key and the time spent in whole seconds (never negative).
 */
export function holdAttempt(
  held: AnswerAttempt | null,
  answer: AnswerSubmission,
  mint: () => string = newIdempotencyKey,
  now: () => Date = () => new Date(),
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
  return {
    answer: {
      ...answer,
      timeSpent: Math.max(0, Math.round(answer.timeSpent)),
      answeredAt: answer.answeredAt ?? now().toISOString(),
    },
    key: mint(),
  };
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
  /** The clock of `answeredAt` (tests pass their own). */
  now?: () => Date;
  /** Keeps answers that cannot be sent now (offline) and sends them first when they can. */
  queue?: OfflineQueue;
  /** Whether the device knows it is offline (then it does not try the network). */
  isOffline?: () => boolean;
  /** This session's id in the queue (a fresh one when absent). */
  session?: string;
}

/** A holder of one answer attempt at a time, sending through `send`. */
export function createAnswerSubmitter(
  send: SendAnswer,
  options: AnswerSubmitterOptions = {},
): AnswerSubmitter {
  let held: AnswerAttempt | null = null;
  let inFlight: { key: string; promise: Promise<AnswerResult> } | null = null;
  const session = options.session ?? newIdempotencyKey();
  /** The questions whose answer this session kept on the device, with that answer's key. */
  const kept = new Map<string, string>();
  const keep = async (attempt: AnswerAttempt): Promise<never> => {
    await options.queue?.add(attempt, undefined, session);
    kept.set(`${attempt.answer.userId}\u0000${attempt.answer.questionId}`, attempt.key);
    throw new AnswerQueuedError(attempt.key);
  };
  return {
    heldKey: () => held?.key ?? null,
    submit(answer) {
      const keptKey = kept.get(`${answer.userId}\u0000${answer.questionId}`);
      if (keptKey !== undefined) return Promise.reject(new AnswerQueuedError(keptKey));
      const attempt = holdAttempt(held, answer, options.mint, options.now);
      held = attempt;
      if (inFlight?.key === attempt.key) return inFlight.promise;
      const { queue } = options;
      const deliver = async (): Promise<AnswerResult> => {
        if (!queue) return send(attempt.answer, attempt.key);
        if (options.isOffline?.()) return keep(attempt);
        // Answers given offline go first, in order (their verdicts through onAcknowledged).
        const earlier = await queue.flush(attempt.answer.userId, send);
        for (const { entry, result } of earlier.sent) {
          // This very answer, kept earlier and now sent: its verdict is this submit's.
          if (entry.key === attempt.key) return result;
          options.onAcknowledged?.(result, entry.answer);
        }
        try {
          return await send(attempt.answer, attempt.key);
        } catch (error) {
          if (!isOfflineFailure(error)) throw error;
          return keep(attempt);
        }
      };
      const promise = deliver()
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
