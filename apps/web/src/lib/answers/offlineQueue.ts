/**
 * Answers given offline, kept on the device (IndexedDB through idb-keyval) until the server has them.
 * Each entry is the very request the answer-submission flow would have sent: its body (with the moment
 * the answer was given, `answeredAt`) and its Idempotency-Key, so sending it later, or twice, counts it
 * once. The entries are sent in the order they were given, when the connection returns (the `online`
 * event) and on start (see OfflineSync), and before any new answer (answerSubmitter). Nothing of the
 * answer key is kept: the verdicts come from the server when the answers are sent.
 */
import type { AnswerResult } from '@wenyan/contracts';
import { get, set } from 'idb-keyval';
import { HttpError } from '../api.ts';
import type { AnswerAttempt, SendAnswer } from './attempt.ts';

/** Where the queue lives (one IndexedDB key holding the ordered list). */
export const QUEUE_KEY = 'wyt-offline-answers';

export interface QueuedAnswer extends AnswerAttempt {
  /** When it was put on the device (for the record; the answer's own moment is `answer.answeredAt`). */
  readonly queuedAt: string;
  /** The quiz session (answer submitter) that gave it: one waiting answer per question and session. */
  readonly session?: string;
}

/** The storage of the list (idb-keyval in the browser; a Map in tests). */
export interface QueueStorage {
  read(): Promise<QueuedAnswer[]>;
  write(entries: QueuedAnswer[]): Promise<void>;
}

export const idbStorage: QueueStorage = {
  read: async () => (await get<QueuedAnswer[]>(QUEUE_KEY)) ?? [],
  write: (entries) => set(QUEUE_KEY, entries),
};

/** What one sending of the queue did. */
export interface FlushReport {
  /** The answers the server acknowledged now, with their verdicts, in order. */
  readonly sent: ReadonlyArray<{ entry: QueuedAnswer; result: AnswerResult }>;
  /** Answers the server refused for good (a 4xx: the question is gone, another learner's): dropped. */
  readonly refused: number;
  /** Answers still waiting (the connection failed again, or the server is down). */
  readonly waiting: number;
}

/** A failure that is the network's (or the server's 5xx, or a 429): try again later, keep the answer. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429 || error.status === 0;
  return true;
}

/**
 * Whether a fresh answer that failed is kept on the device to be sent later: the connection failed
 * (after the client's own retries) or the server is restarting or busy (502, 503, 504, 429). A 500 is
 * shown to the learner at once, who may submit again with the same key (spec-decisions: writes).
 */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof HttpError) return [0, 429, 502, 503, 504].includes(error.status);
  return true;
}

export interface OfflineQueue {
  /**
   * Puts an answer on the device, once: a second add of the same key, or of another answer to a
   * question of the same `session` still waiting (repeated taps), is ignored.
   */
  add(attempt: AnswerAttempt, now?: Date, session?: string): Promise<void>;
  /** The answers waiting for a learner, in order. */
  waiting(userId: string): Promise<QueuedAnswer[]>;
  /** Sends a learner's waiting answers in order; stops at the first transient failure. */
  flush(userId: string, send: SendAnswer): Promise<FlushReport>;
  /** Calls `listener` with a learner-agnostic change signal after every change (for the count). */
  subscribe(listener: () => void): () => void;
}

/** The queue over `storage`. Changes and flushes run one at a time, so no answer is sent twice at once. */
export function createOfflineQueue(storage: QueueStorage = idbStorage): OfflineQueue {
  let chain: Promise<unknown> = Promise.resolve();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  /** Runs `task` after every earlier one (a failure does not block the next). */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
  const remove = async (key: string) => {
    await storage.write((await storage.read()).filter((e) => e.key !== key));
    changed();
  };
  return {
    add: (attempt, now = new Date(), session) =>
      serial(async () => {
        const entries = await storage.read();
        const { userId, questionId } = attempt.answer;
        const repeat = (e: QueuedAnswer) =>
          e.key === attempt.key ||
          (session !== undefined &&
            e.session === session &&
            e.answer.userId === userId &&
            e.answer.questionId === questionId);
        if (entries.some(repeat)) return;
        const entry: QueuedAnswer = { ...attempt, queuedAt: now.toISOString() };
        await storage.write([...entries, session === undefined ? entry : { ...entry, session }]);
        changed();
      }),
    waiting: async (userId) => (await storage.read()).filter((e) => e.answer.userId === userId),
    flush: (userId, send) =>
      serial(async () => {
        const mine = (await storage.read()).filter((e) => e.answer.userId === userId);
        const sent: Array<{ entry: QueuedAnswer; result: AnswerResult }> = [];
        let refused = 0;
        for (const [index, entry] of mine.entries()) {
          try {
            const result = await send(entry.answer, entry.key);
            sent.push({ entry, result });
          } catch (error) {
            if (isTransientFailure(error)) return { sent, refused, waiting: mine.length - index };
            refused += 1;
          }
          await remove(entry.key);
        }
        return { sent, refused, waiting: 0 };
      }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The device's queue, shared by every screen. */
export const offlineQueue: OfflineQueue = createOfflineQueue();
