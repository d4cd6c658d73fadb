/**
 * The two seams between the API and the projector. Embedded mode uses the in-process adapters below;
 * distributed mode uses BullMQ and Redis pub/sub (`redis.ts`). Both carry the same messages.
 */

/** "Learner X has news": a doorbell; the projector reads the news from the event log. */
export interface ProjectionQueue {
  enqueue(userId: string): Promise<void>;
  /** Jobs waiting or running. */
  depth(): Promise<number>;
  close(): Promise<void>;
}

/** A change of the leaderboard, published by the projector after it committed. */
export interface LeaderboardChanged {
  /** Monotonic per deployment: the number of projection commits that changed the ranking. */
  version: number;
  /** Learners whose entry changed in this commit. */
  userIds: string[];
  /** When the newest event behind this change was appended (epoch ms), for lag measurement. */
  appendedAt: number | null;
}

/** A publish/subscribe channel of one kind of message, heard by every process of the deployment. */
export interface Channel<T> {
  publish(message: T): Promise<void>;
  subscribe(handler: (message: T) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Leaderboard changes, from the projector to every API process's hub. */
export type Broadcast = Channel<LeaderboardChanged>;

/**
 * Sessions to forget from every API process's session cache: a session that was signed out (by its
 * id, the token's digest, never the token itself), or every session of a user whose roles changed.
 */
export type SessionEnded = { sessionId: string } | { userId: string };

/**
 * Content changed (an import, a teacher's question, an accepted rendering, an exam date): every API
 * process forgets its cached content reads, not only the one that made the change.
 */
export type ContentChanged = { changed: 'content' };

/** The in-process channel of the embedded mode (one process: its own subscribers hear it). */
export function createLocalChannel<T>(): Channel<T> {
  const handlers = new Set<(message: T) => void>();
  return {
    async publish(message) {
      for (const handler of handlers) handler(message);
    },
    async subscribe(handler) {
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}

/** The in-process broadcast of the embedded mode. */
export const createLocalBroadcast = (): Broadcast => createLocalChannel<LeaderboardChanged>();

/**
 * The in-process queue of the embedded mode: a set of learners with news, drained by one loop in
 * batches, so a burst of answers from one learner makes one projection run and many learners share one.
 */
export function createLocalQueue(
  project: (userIds: string[]) => Promise<void>,
  onError: (err: unknown) => void,
  maxBatch = 64,
) {
  const pending = new Set<string>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function drain(): Promise<void> {
    while (pending.size > 0 && !closed) {
      const batch = [...pending].slice(0, maxBatch);
      for (const userId of batch) pending.delete(userId);
      try {
        await project(batch);
      } catch (err) {
        onError(err);
      }
    }
    running = null;
  }

  const queue: ProjectionQueue & { idle(): Promise<void> } = {
    async enqueue(userId) {
      if (closed) return;
      pending.add(userId);
      if (!running) running = Promise.resolve().then(drain);
    },
    async depth() {
      return pending.size + (running ? 1 : 0);
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      await queue.idle();
      closed = true;
    },
  };
  return queue;
}
