import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from './db.ts';

/** The figures the ranking orders by: more XP, then more completed lessons, then higher accuracy, then the earlier account. */
export interface RankFigures {
  userId: string;
  totalXP: number;
  completedLessons: number;
  averageAccuracy: number;
}

/** Where ranks come from: SQL over user_totals (embedded) or a Redis sorted set (distributed). */
export interface LeaderboardIndex {
  /** Records new figures (called by the projector before it commits). */
  update(figures: readonly RankFigures[]): Promise<void>;
  /** Takes learners off the ranking (an opt-out, an erasure). */
  remove(userIds: readonly string[]): Promise<void>;
  /** The first `n` user ids in rank order. */
  top(n: number): Promise<string[]>;
  /** 1-based ranks of the given learners (absent when they have no entry). */
  ranks(userIds: readonly string[]): Promise<Map<string, number>>;
  total(): Promise<number>;
  /** Replaces the whole index (rebuild). */
  replaceAll(figures: readonly RankFigures[]): Promise<void>;
}

/**
 * Up to this many learners, the SQL ranking counts the learners ahead of each (each count reads the
 * index range above the learner's XP); more, it sorts everyone once.
 */
export const RANKS_BY_COUNT = 4;

/**
 * Ranks by SQL over `user_totals` (the embedded mode). The top is a walk of the (total_xp desc,
 * user_id) index; a rank counts the learners ahead, so it costs in proportion to the rank, not to the
 * whole board (only the Redis ranking is flat); the total is a count of the ranked.
 */
export function sqlLeaderboard(db: Db): LeaderboardIndex {
  // Learners off the board (opted out, erased) are not ranked.
  const ranked = () => db.selectFrom('user_totals').where('ranked', '=', true);
  const ordered = () =>
    ranked().select([
      'user_id',
      (eb) =>
        eb.fn
          .agg<string>('row_number')
          .over((ob) =>
            ob
              .orderBy('total_xp', 'desc')
              .orderBy('completed_lessons', 'desc')
              .orderBy('average_accuracy', 'desc')
              .orderBy('user_id', 'asc'),
          )
          .as('rank'),
    ]);
  return {
    async update() {
      // user_totals is the index; the projector has written it in the same transaction.
    },
    async remove() {
      // user_totals.ranked is the index's filter; the caller has cleared it in its transaction.
    },
    async top(n) {
      const rows = await ranked()
        .select('user_id')
        .orderBy('total_xp', 'desc')
        .orderBy('completed_lessons', 'desc')
        .orderBy('average_accuracy', 'desc')
        .orderBy('user_id', 'asc')
        .limit(n)
        .execute();
      return rows.map((r) => String(r.user_id));
    },
    async ranks(userIds) {
      if (userIds.length === 0) return new Map();
      if (userIds.length <= RANKS_BY_COUNT) {
        // 1 + the learners ahead, counted in the (total_xp desc) index's range at or above the
        // learner's XP: no sort. The window below sorted every ranked learner for each board read (at
        // 100,000 learners the sort spilled to disk), whoever the viewer was. The figures are read
        // first so that each count is planned for its own XP: inside one statement the planner took
        // the range for a third of the table and scanned it all.
        const viewers = await ranked()
          .select(['user_id', 'total_xp', 'completed_lessons', 'average_accuracy'])
          .where('user_id', 'in', userIds)
          .execute();
        const counted = await Promise.all(
          viewers.map(async (v) => {
            const row = await ranked()
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('total_xp', '>=', v.total_xp)
              .where((w) =>
                w.or([
                  w('total_xp', '>', v.total_xp),
                  w('completed_lessons', '>', v.completed_lessons),
                  w.and([
                    w('completed_lessons', '=', v.completed_lessons),
                    w.or([
                      w('average_accuracy', '>', v.average_accuracy),
                      w.and([w('average_accuracy', '=', v.average_accuracy), w('user_id', '<', v.user_id)]),
                    ]),
                  ]),
                ]),
              )
              .executeTakeFirstOrThrow();
            return [String(v.user_id), 1 + Number(row.n)] as const;
          }),
        );
        return new Map(counted);
      }
      // Many learners at once (the hub's tick): one sort of everyone beats a count for each.
      const rows = await db
        .selectFrom(ordered().as('r'))
        .select(['r.user_id', 'r.rank'])
        .where('r.user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((r) => [String(r.user_id), Number(r.rank)]));
    },
    async total() {
      const row = await ranked()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async replaceAll() {},
  };
}

const ID_SPACE = 999_999_999_999;

/** Sorted-set member: the inverted, padded id, so equal scores order by the earlier account. */
export const memberOf = (userId: string) => String(ID_SPACE - Number(userId)).padStart(12, '0');
const userOf = (member: string) => String(ID_SPACE - Number(member));

/** XP first, then lessons (8 bits), then accuracy to a tenth (10 bits): exact in a double up to 2^35 XP. */
export function scoreOf(f: RankFigures): number {
  return (
    f.totalXP * 2 ** 18 +
    Math.min(Math.max(f.completedLessons, 0), 255) * 2 ** 10 +
    Math.min(Math.max(Math.round(f.averageAccuracy * 10), 0), 1000)
  );
}

/**
 * The advisory lock a rebuild of the Redis ranking holds exclusively while it reads `user_totals` and
 * swaps the sorted set in; every projection batch holds it shared. So no batch commits figures the
 * rebuild did not read, and no batch's sorted-set write is overwritten by the swap.
 */
export const LEADERBOARD_REBUILD_LOCK = 0x7779_746c_0000; // beyond int4: no learner's hashtext lock

/** The key naming the Redis server run (its `run_id`) the sorted set was last rebuilt for. */
export const leaderboardGenerationKey = (prefix: string) => `${prefix}:leaderboard:generation`;

/** The id of this Redis server's run: it changes on every restart, whatever the server loaded from disk. */
export async function redisRunId(redis: Redis): Promise<string> {
  const info = await redis.info('server');
  const match = /^run_id:(\w+)/m.exec(info);
  if (!match?.[1]) throw new Error('Redis INFO has no run_id');
  return match[1];
}

/** Every learner's ranking figures, from Postgres (the truth the sorted set is rebuilt from). */
export async function rankedFigures(db: Db): Promise<RankFigures[]> {
  const rows = await db
    .selectFrom('user_totals')
    .select(['user_id', 'total_xp', 'completed_lessons', 'average_accuracy'])
    .where('ranked', '=', true)
    .execute();
  return rows.map((f) => ({
    userId: String(f.user_id),
    totalXP: f.total_xp,
    completedLessons: f.completed_lessons,
    averageAccuracy: f.average_accuracy,
  }));
}

/**
 * Rebuilds the Redis ranking from Postgres under the rebuild lock (projection batches wait for the
 * swap) and marks it as built for this Redis run. Returns the learners ranked.
 */
export async function rebuildRedisLeaderboard(db: Db, redis: Redis, prefix: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LEADERBOARD_REBUILD_LOCK}::bigint)`.execute(trx);
    const figures = await rankedFigures(trx);
    await redisLeaderboard(redis, prefix).replaceAll(figures);
    return figures.length;
  });
}

/**
 * Heals the Redis ranking after Redis lost its data or came back from an older state: when the
 * generation marker does not name the running Redis server (a restart, whatever it loaded, and whatever
 * learners were projected since), the sorted set is rebuilt from Postgres. One `INFO` and one `GET`
 * when nothing is wrong. Returns the learners ranked by a rebuild, or null when the index was sound.
 */
export async function healRedisLeaderboard(db: Db, redis: Redis, prefix: string): Promise<number | null> {
  const [runId, marker] = await Promise.all([redisRunId(redis), redis.get(leaderboardGenerationKey(prefix))]);
  if (marker === runId) return null;
  return rebuildRedisLeaderboard(db, redis, prefix);
}

/** Ranks from a Redis sorted set (O(log n) per rank), shared by every API instance and worker. */
export function redisLeaderboard(redis: Redis, prefix: string): LeaderboardIndex {
  const key = `${prefix}:leaderboard`;
  return {
    async update(figures) {
      if (figures.length === 0) return;
      const args = figures.flatMap((f) => [scoreOf(f), memberOf(f.userId)]);
      await redis.zadd(key, ...args);
    },
    async remove(userIds) {
      if (userIds.length > 0) await redis.zrem(key, ...userIds.map(memberOf));
    },
    async top(n) {
      const members = await redis.zrevrange(key, 0, n - 1);
      return members.map(userOf);
    },
    async ranks(userIds) {
      if (userIds.length === 0) return new Map();
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.zrevrank(key, memberOf(id));
      const results = (await pipeline.exec()) ?? [];
      const ranks = new Map<string, number>();
      results.forEach(([err, rank], i) => {
        if (!err && typeof rank === 'number') ranks.set(userIds[i]!, rank + 1);
      });
      return ranks;
    },
    async total() {
      return redis.zcard(key);
    },
    async replaceAll(figures) {
      const temp = `${key}:rebuild`;
      const runId = await redisRunId(redis);
      await redis.del(temp);
      for (let i = 0; i < figures.length; i += 1000) {
        const chunk = figures.slice(i, i + 1000);
        await redis.zadd(temp, ...chunk.flatMap((f) => [scoreOf(f), memberOf(f.userId)]));
      }
      // The swap and the marker of the run it was built for, atomically.
      const swap = redis.multi();
      if (figures.length === 0) swap.del(key);
      else swap.rename(temp, key);
      swap.set(leaderboardGenerationKey(prefix), runId);
      await swap.exec();
    },
  };
}
