import {
  type Channel,
  type Db,
  resolveSession,
  type SessionEnded,
  sessionDigest,
  type UserRecord,
} from '@wenyan/store';
import { LRUCache } from 'lru-cache';

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
}

interface CachedSession {
  user: UserRecord;
  /** The session's own end (epoch ms): a hit past it is refused even within the cache's lifetime. */
  expiresAt: number;
}

const MAX_SESSIONS = 50_000;

/**
 * Caches `resolveSession` by session id (the token's digest) for `ttlMs` (0: no cache). A sign-out or a
 * role change is published on `notices`, and every API process forgets those sessions when it hears
 * it; `ttlMs` bounds only what a lost notice (Redis away) or a change made outside the API may leave.
 */
export function createSessionCache(db: Db, ttlMs: number, notices: Channel<SessionEnded>): SessionCache {
  if (ttlMs === 0) {
    return {
      resolve: async (token) => (await resolveSession(db, token))?.user ?? null,
      forget: async () => {},
      forgetUser: async () => {},
      close: async () => {},
    };
  }
  const cache = new LRUCache<string, CachedSession>({ max: MAX_SESSIONS, ttl: ttlMs });
  // Bumped by every forget: a lookup that began before it may have read what was just ended.
  let generation = 0;
  const forgetHere = (ended: SessionEnded) => {
    generation++;
    if ('sessionId' in ended) {
      cache.delete(ended.sessionId);
      return;
    }
    const ids: string[] = [];
    cache.forEach((entry, id) => {
      if (entry.user.id === ended.userId) ids.push(id);
    });
    for (const id of ids) cache.delete(id);
  };
  // Not awaited: a Redis that is away must not hold the API's start (the lifetime bounds the gap). A
  // notice this process published comes back to it too; forgetting twice is harmless.
  const subscription = notices.subscribe(forgetHere).catch(() => async () => {});
  const forget = async (ended: SessionEnded) => {
    forgetHere(ended);
    // The change is committed: a lost notice leaves the other processes at most ttlMs behind.
    await notices.publish(ended).catch(() => {});
  };
  return {
    async resolve(token) {
      const id = sessionDigest(token);
      const hit = cache.get(id);
      if (hit && hit.expiresAt > Date.now()) return hit.user;
      const seen = generation;
      const session = await resolveSession(db, token);
      if (!session) {
        cache.delete(id);
        return null;
      }
      if (seen === generation) {
        cache.set(id, { user: session.user, expiresAt: session.expiresAt.getTime() });
      }
      return session.user;
    },
    forget: (token) => forget({ sessionId: sessionDigest(token) }),
    forgetUser: (userId) => forget({ userId }),
    close: async () => (await subscription)(),
  };
}
