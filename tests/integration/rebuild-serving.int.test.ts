/**
 * Issue 38: the rebuild keeps serving. It builds into shadow tables and swaps them in at the end, so
 * reads get the old read models throughout; an interrupted rebuild resumes from each learner's shadow
 * checkpoint; partitions of learners build in parallel; events appended while it runs are not lost.
 */
import {
  type Db,
  finishRebuild,
  prepareRebuild,
  READ_MODEL_TABLES,
  REBUILD_BATCH,
  REBUILD_SCHEMA,
  rebuildPartition,
  rebuildProjections,
  sqlLeaderboard,
} from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BankQuestion, generateHistory, insertLearner, loadBank } from '../support/history.ts';
import { localProjection, readModelRows } from '../support/read-models.ts';
import { useTestDatabase } from '../support/test-db.ts';

/** The live read models' indexes by name (a swap keeps the names the migrations gave). */
async function liveIndexes(db: Db) {
  const { rows } = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = 'public'
      and tablename in (${sql.join(READ_MODEL_TABLES.map((t) => sql.lit(t)))}) order by 1`.execute(db);
  return rows.map((r) => r.indexname);
}

describe('a rebuild that keeps serving', () => {
  const database = useTestDatabase();
  let db: Db;
  let bank: BankQuestion[];
  let learners: string[];
  let total = 0;
  let incremental: Record<string, unknown[]>;
  const projector = () => localProjection(db).projector;

  beforeAll(async () => {
    db = database.handle.db;
    bank = await loadBank(db);
    learners = [];
    // More than two rebuild batches, so a run can be stopped part-way.
    for (let i = 0; i < REBUILD_BATCH * 2 + 20; i++) {
      const userId = await insertLearner(db, `serve_${i}`);
      learners.push(userId);
      total += await generateHistory(db, userId, {
        seed: 500 + i,
        actions: 10,
        days: 6,
        start: new Date('2026-09-01T01:00:00Z'),
        bank,
      });
    }
    await projector().projectLearners(learners);
    incremental = await readModelRows(db);
  });

  /** Marks one live row, so a read tells the old tables from the rebuilt ones. */
  async function markOld(userId: string) {
    await db.updateTable('user_totals').set({ total_xp: 999_999 }).where('user_id', '=', userId).execute();
  }
  const xpOf = async (userId: string) =>
    (
      await db
        .selectFrom('user_totals')
        .select('total_xp')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).total_xp;

  it('reads get the old read models until the swap, the rebuilt ones after it, under the same index names', async () => {
    const indexes = await liveIndexes(db);
    await markOld(learners[0]!);
    const seen: number[] = [];
    let during: Record<string, unknown[]> | null = null;
    const result = await rebuildProjections(db, projector(), sqlLeaderboard(db), async (done) => {
      seen.push(await xpOf(learners[0]!));
      if (done === REBUILD_BATCH) during = await readModelRows(db);
    });
    expect(result).toEqual({ learners: learners.length, events: total });
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen)).toEqual(new Set([999_999]));
    expect(during!.user_totals).toHaveLength(learners.length);
    expect(during!.review_cards).toEqual(incremental.review_cards);
    expect(await readModelRows(db)).toEqual(incremental);
    expect(await liveIndexes(db)).toEqual(indexes);
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${REBUILD_SCHEMA}`.execute(db);
    expect(rows).toHaveLength(0);
  });

  it('an interrupted rebuild leaves the live tables alone, and resumes where it stopped', async () => {
    await markOld(learners[0]!);
    const stop = new Error('stopped');
    await expect(
      rebuildProjections(db, projector(), sqlLeaderboard(db), (done) => {
        if (done >= REBUILD_BATCH * 2) throw stop;
      }),
    ).rejects.toBe(stop);
    expect(await xpOf(learners[0]!)).toBe(999_999);
    // The second run folds only the learners the first did not reach.
    const resumed = await rebuildProjections(db, projector(), sqlLeaderboard(db));
    expect(resumed.events).toBeGreaterThan(0);
    expect(resumed.events).toBeLessThan(total / 2);
    expect(await readModelRows(db)).toEqual(incremental);
  });

  it('two partitions built in parallel end as one rebuild does', async () => {
    await markOld(learners[0]!);
    expect(await prepareRebuild(db)).toEqual({ resumed: false });
    const [a, b] = await Promise.all([
      rebuildPartition(db, { index: 0, count: 2 }),
      rebuildPartition(db, { index: 1, count: 2 }),
    ]);
    expect(a.learners).toBeGreaterThan(0);
    expect(b.learners).toBeGreaterThan(0);
    expect(a.learners + b.learners).toBe(learners.length);
    expect(a.events + b.events).toBe(total);
    expect(await xpOf(learners[0]!)).toBe(999_999);
    expect(await finishRebuild(db, projector(), sqlLeaderboard(db))).toEqual({ events: 0 });
    expect(await readModelRows(db)).toEqual(incremental);
  });

  it('events appended and projected while it builds are in the rebuilt tables, and opt-outs too', async () => {
    const first = learners[0]!;
    const optedOut = learners[1]!;
    let appended = 0;
    await rebuildProjections(db, projector(), sqlLeaderboard(db), async (done) => {
      if (done !== REBUILD_BATCH) return;
      // Both learners are already folded into the shadow: the live side moves on without it.
      appended = await generateHistory(db, first, {
        seed: 9,
        actions: 5,
        days: 1,
        start: new Date('2026-10-01T01:00:00Z'),
        bank,
      });
      await projector().projectLearner(first);
      await db.updateTable('users').set({ leaderboard_opt_out: true }).where('id', '=', optedOut).execute();
      await db.updateTable('user_totals').set({ ranked: false }).where('user_id', '=', optedOut).execute();
    });
    expect(appended).toBeGreaterThan(0);
    const live = await readModelRows(db);
    // What the incremental projection now holds is what a rebuild from scratch gives.
    await rebuildProjections(db, projector(), sqlLeaderboard(db), () => {}, { fresh: true });
    expect(await readModelRows(db)).toEqual(live);
    const rows = await db
      .selectFrom('user_totals')
      .select(['user_id', 'ranked'])
      .where('user_id', 'in', [first, optedOut])
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.ranked)).toEqual([true, false]);
    const stream = await db
      .selectFrom('streams')
      .select('version')
      .where('stream_id', '=', `learner-${first}`)
      .executeTakeFirstOrThrow();
    const checkpoint = await db
      .selectFrom('learner_projections')
      .select('checkpoint')
      .where('user_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(checkpoint.checkpoint).toBe(stream.version);
  });
});
