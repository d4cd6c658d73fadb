import { type Db, resolveSession, type UserRecord } from '@wenyan/store';
import { LRUCache } from 'lru-cache';

/** Signed-in sessions remembered for a short time, so most requests cost no session query. */
export interface SessionCache {
  /** The user of a session token, or null when it is unknown, expired or idle (never cached). */
  resolve(token: string): Promise<UserRecord | null>;
  /** Forgets a token whose session this process just ended. */
  forget(token: string): void;
  /** Forgets every session of a user whose roles this process just changed. */
  forgetUser(userId: string): void;
}

interface CachedSession {
  user: UserRecord;
  /** The session's own end (epoch ms): a hit past it is refused even within the cache's lifetime. */
  expiresAt: number;
}

const MAX_SESSIONS = 50_000;

/**
 * Caches `resolveSession` by token for `ttlMs` (0: no cache). This process forgets an entry when it
 * signs the session out or changes the user's roles; another instance's sign-out reaches this one
 * only when the entry's `ttlMs` has passed.
 */
export function createSessionCache(db: Db, ttlMs: number): SessionCache {
  if (ttlMs === 0) {
    return {
      resolve: async (token) => (await resolveSession(db, token))?.user ?? null,
      forget: () => {},
      forgetUser: () => {},
    };
  }
  const cache = new LRUCache<string, CachedSession>({ max: MAX_SESSIONS, ttl: ttlMs });
  // Bumped by every forget: a lookup that began before it may have read what was just ended.
  let generation = 0;
  return {
    async resolve(token) {
      const hit = cache.get(token);
      if (hit && hit.expiresAt > Date.now()) return hit.user;
      const seen = generation;
      const session = await resolveSession(db, token);
      if (!session) {
        cache.delete(token);
        return null;
      }
      if (seen === generation) {
        cache.set(token, { user: session.user, expiresAt: session.expiresAt.getTime() });
      }
      return session.user;
    },
    forget(token) {
      generation++;
      cache.delete(token);
    },
    forgetUser(userId) {
      generation++;
      const tokens: string[] = [];
      cache.forEach((entry, token) => {
        if (entry.user.id === userId) tokens.push(token);
      });
      for (const token of tokens) cache.delete(token);
    },
  };
}
