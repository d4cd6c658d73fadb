import {
  type Channel,
  type Db,
  resolveSession,
  type SessionEnded,
  sessionDigest,
  type UserRecord,
} from '@wenyan/store';
import { LRUCache } from 'lru-cache';
import type { SharedSession } from '../cluster.ts';
import { metrics } from './metrics.ts';

/** Signed-in sessions remembered for a short time, so most requests cost no session query. */
export interface SessionCache {
  /** The user of a session token, or null when it is unknown, expired or idle (never cached). */
  resolve(token: string): Promise<UserRecord | null>;
  /** Forgets a session that was just signed out, here and in every other API process. */
  forget(token: string): Promise<void>;
  /** Forgets every session of a user whose roles just changed, here and in every other API process. */
  forgetUser(userId: string): Promise<void>;
  /** Stops listening for the other processes' notices. */
  close(): Promise<void>;
  /**
   * A session another server process of the cluster resolved from the database (its `tell`): kept
   * for what is left of its lifetime there, unless a sign-out or role change heard here since the
   * lookup began ended it.
   */
  hear(shared: SharedSession): void;
}

/** The machine's monotonic clock in ms: the same for every process of one machine, and never set back. */
export const monotonicMs = () => Number(process.hrtime.bigint() / 1_000_000n);

interface CachedSession {
  user: UserRecord;
  /** The session's own end (epoch ms): a hit past it is refused even within the cache's lifetime. */
  expiresAt: number;
}

const MAX_SESSIONS = 50_000;

// The counter's series, bound once: `resolve` runs on every signed-in request.
const counted = {
  hit: metrics.sessions.labels('hit'),
  miss: metrics.sessions.labels('miss'),
  heard: metrics.sessions.labels('heard'),
};

/**
 * Caches `resolveSession` by session id (the token's digest) for `ttlMs` (0: no cache). A sign-out or a
 * role change is published on `notices`, and every API process forgets those sessions when it hears
 * it; `ttlMs` bounds only what a lost notice (Redis away) or a change made outside the API may leave.
 *
 * With `tell` (a cluster's server process), each session this process resolves from the database is
 * passed on to the other processes, which `hear` it: a learner's requests reach the processes in turn,
 * and without it every process would look each session up once per `ttlMs`.
 */
export function createSessionCache(
  db: Db,
  ttlMs: number,
  notices: Channel<SessionEnded>,
  tell?: (shared: SharedSession) => void,
): SessionCache {
  if (ttlMs === 0) {
    return {
      resolve: async (token) => (await resolveSession(db, token))?.user ?? null,
      forget: async () => {},
      forgetUser: async () => {},
      close: async () => {},
      hear: () => {},
    };
  }
  const cache = new LRUCache<string, CachedSession>({ max: MAX_SESSIONS, ttl: ttlMs });
  // Bumped by every forget: a lookup that began before it may have read what was just ended.
  let generation = 0;
  // When each session (`s:<id>`) or user (`u:<id>`) was last forgotten here (monotonic ms), for one
  // lifetime: a session another process heard of must have been looked up after that.
  const ended = new Map<string, number>();
  const forgetHere = (notice: SessionEnded) => {
    generation++;
    const now = monotonicMs();
    for (const [key, at] of ended) if (now - at > ttlMs) ended.delete(key);
    ended.set('sessionId' in notice ? `s:${notice.sessionId}` : `u:${notice.userId}`, now);
    if ('sessionId' in notice) {
      cache.delete(notice.sessionId);
      return;
    }
    const ids: string[] = [];
    cache.forEach((entry, id) => {
      if (entry.user.id === notice.userId) ids.push(id);
    });
    for (const id of ids) cache.delete(id);
  };
  // Not awaited: a Redis that is away must not hold the API's start (the lifetime bounds the gap). A
  // notice this process published comes back to it too; forgetting twice is harmless.
  const subscription = notices.subscribe(forgetHere).catch(() => async () => {});
  const forget = async (notice: SessionEnded) => {
    forgetHere(notice);
    // The change is committed: a lost notice leaves the other processes at most ttlMs behind.
    await notices.publish(notice).catch(() => {});
  };
  return {
    async resolve(token) {
      const id = sessionDigest(token);
      const hit = cache.get(id);
      if (hit && hit.expiresAt > Date.now()) {
        counted.hit.inc();
        return hit.user;
      }
      counted.miss.inc();
      const seen = generation;
      const readAt = monotonicMs();
      const session = await resolveSession(db, token);
      if (!session) {
        cache.delete(id);
        return null;
      }
      if (seen === generation) {
        const expiresAt = session.expiresAt.getTime();
        cache.set(id, { user: session.user, expiresAt });
        tell?.({ sessionId: id, user: session.user, expiresAt, readAt });
      }
      return session.user;
    },
    forget: (token) => forget({ sessionId: sessionDigest(token) }),
    forgetUser: (userId) => forget({ userId }),
    close: async () => (await subscription)(),
    hear({ sessionId, user, expiresAt, readAt }) {
      const left = ttlMs - (monotonicMs() - readAt);
      if (left <= 0 || expiresAt <= Date.now() || cache.has(sessionId)) return;
      const endedAt = Math.max(ended.get(`s:${sessionId}`) ?? -1, ended.get(`u:${user.id}`) ?? -1);
      if (endedAt >= readAt) return;
      // Over the cluster's channel (JSON) the user's times arrive as strings.
      const { createdAt, updatedAt } = user;
      const revived = { ...user, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) };
      cache.set(sessionId, { user: revived, expiresAt }, { ttl: left });
      counted.heard.inc();
    },
  };
}
