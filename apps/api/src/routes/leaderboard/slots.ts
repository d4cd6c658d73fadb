/**
 * Socket slots (issue 37): how many leaderboard sockets one user holds open, counted across every API
 * process and instance. In the distributed mode each open socket is a member of a Redis sorted set per
 * user, scored by when it expires; the process holding it renews it every heartbeat, so the sockets of
 * a process that died stop counting within `SLOT_TTL_MS`. In the embedded mode the count is in-process.
 */
import { randomBytes } from 'node:crypto';
import type { RedisClient } from '@wenyan/store';

/** One open socket's place in its user's count; `release` gives it back (idempotent). */
export interface Slot {
  release(): void;
}

export interface SocketSlots {
  /** Takes one of the user's `max` slots; null when the user already holds them all. */
  acquire(userId: string): Promise<Slot | null>;
  /** Renews the slots this process holds (distributed: their expiry in Redis). */
  renew(): Promise<void>;
}

/** How long a slot counts without being renewed (three heartbeats of 30 s). */
export const SLOT_TTL_MS = 90_000;

/** An in-process count per user: the embedded mode's one process. */
export function localSlots(max: number): SocketSlots {
  const open = new Map<string, number>();
  return {
    async acquire(userId) {
      const held = open.get(userId) ?? 0;
      if (held >= max) return null;
      open.set(userId, held + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (open.get(userId) ?? 1) - 1;
          if (left > 0) open.set(userId, left);
          else open.delete(userId);
        },
      };
    },
    async renew() {},
  };
}

/** Drops the expired members, then adds this one if fewer than ARGV[3] remain: 1 taken, 0 full. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * Slots counted in Redis, shared by every process of a deployment. While Redis is away the count
 * falls back to this process's own (`fallback`), rather than refusing every socket.
 */
export function redisSlots(redis: RedisClient, prefix: string, max: number): SocketSlots {
  const owner = randomBytes(6).toString('base64url');
  const fallback = localSlots(max);
  const held = new Map<string, string>(); // member -> key
  let sequence = 0;
  const keyOf = (userId: string) => `${prefix}:ws:sockets:${userId}`;
  return {
    async acquire(userId) {
      const key = keyOf(userId);
      const member = `${owner}:${sequence++}`;
      let taken: unknown;
      try {
        taken = await redis.eval(ACQUIRE, 1, key, Date.now(), SLOT_TTL_MS, max, member);
      } catch {
        return fallback.acquire(userId);
      }
      if (Number(taken) !== 1) return null;
      held.set(member, key);
      return {
        release() {
          if (!held.delete(member)) return;
          redis.zrem(key, member).catch(() => {});
        },
      };
    },
    async renew() {
      if (held.size === 0) return;
      const until = Date.now() + SLOT_TTL_MS;
      const batch = redis.pipeline();
      for (const [member, key] of held) {
        batch.zadd(key, 'XX', until, member);
        batch.pexpire(key, SLOT_TTL_MS);
      }
      await batch.exec().catch(() => {});
    },
  };
}
