/**
 * Issue 41: the event log partitioned by month (migration 0023). Events land in their month's
 * partition; reads, the command's refold, idempotency, the stream's compare-and-set and the rebuild
 * hold when a stream's history spans two months; the migration keeps an unpartitioned log's rows,
 * positions and transaction ids; both engines (Postgres and the embedded PGlite) partition.
 */
import { decide } from '@wenyan/domain';
import { migrations } from '@wenyan/infra';
import {
  appendAtomically,
  type Db,
  ensureEventPartitions,
  handleCommand,
  learnerStreamId,
  openDatabase,
  READ_MODEL_TABLES,
  readAllCommitted,
  readStream,
  rebuildProjections,
} from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { learnerModel } from '../../apps/api/src/learner/commands.ts';
import { answerCommand, generateHistory, insertLearner, loadBank } from '../support/history.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { localProjection } from '../support/read-models.ts';
import { createTestDatabase, useTestDatabase } from '../support/test-db.ts';

/** The partition name of the month (UTC) `at` falls in. */
const monthPartition = (at: Date) =>
  `events_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFrom = (at: Date, n: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1));

async function partitionsOf(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'events'::regclass order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

/** Each event's partition, by stream and version. */
async function whereEventsAre(db: Kysely<unknown>, streamId: string): Promise<Map<number, string>> {
  const { rows } = await sql<{ version: number; part: string }>`
    select version, tableoid::regclass::text as part from events where stream_id = ${streamId}`.execute(db);
  return new Map(rows.map((r) => [r.version, r.part]));
}

/** The name of the migration before 0023: `migrateTo` it runs 0023's `down`. */
const beforePartitioning = (() => {
  const names = Object.keys(migrations).sort();
  return names[names.indexOf('0023-events-by-month') - 1]!;
})();

const ENGINES = ['postgres', 'pglite'] as const;

describe('the event log by month', () => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });
  const open = async (engine: (typeof ENGINES)[number]) => {
    if (engine === 'postgres') {
      const database = await createTestDatabase();
      opened.push(() => database.drop());
      return database.handle.db;
    }
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    opened.push(() => handle.close());
    return handle.db;
  };

  for (const engine of ENGINES) {
    describe(`on ${engine}`, () => {
      it('a new log has this month and three ahead, and a default; an event lands in its month', async () => {
        const db = await open(engine);
        const raw = db.withoutPlugins() as Kysely<unknown>;
        const now = new Date();
        const { rows } = await sql<{ strategy: string }>`
          select partstrat as strategy from pg_partitioned_table where partrelid = 'events'::regclass`.execute(
          raw,
        );
        expect(rows).toEqual([{ strategy: 'r' }]);
        const expected = [0, 1, 2, 3].map((n) => monthPartition(monthsFrom(now, n)));
        expect(await partitionsOf(raw)).toEqual(expect.arrayContaining([...expected, 'events_default']));
        // Idempotent, and racing callers make each month once.
        const made = await Promise.all([ensureEventPartitions(db, 5), ensureEventPartitions(db, 5)]);
        expect(made.sort()).toEqual([0, 2]);
        expect(await ensureEventPartitions(db, 5)).toBe(0);
        expect(await partitionsOf(raw)).toContain(monthPartition(monthsFrom(now, 5)));

        const appended = await appendAtomically(
          db,
          `probe-${engine}`,
          0,
          [{ type: 'Noted', schemaVersion: 1, data: {} }],
          { actor: 'test' },
          { state: null, schema: 0 },
        );
        expect(appended.appended).toBe(true);
        const parts = new Set((await whereEventsAre(raw, `probe-${engine}`)).values());
        expect([...parts]).toEqual([monthPartition(new Date())]);
        // A month whose events already sit in the default partition is left there, still readable; the
        // months around it are made.
        const far = monthsFrom(now, 8);
        await sql`insert into events (event_id, stream_id, version, type, schema_version, data, recorded_at)
          values (gen_random_uuid(), ${`probe-${engine}`}, 2, 'Noted', 1, '{}', ${far.toISOString()}::timestamptz)`.execute(
          raw,
        );
        expect(await ensureEventPartitions(db, 9)).toBe(3);
        expect(await partitionsOf(raw)).not.toContain(monthPartition(far));
        expect(await partitionsOf(raw)).toContain(monthPartition(monthsFrom(now, 9)));
        expect((await whereEventsAre(raw, `probe-${engine}`)).get(2)).toBe('events_default');
        // Still immutable: the triggers came along.
        await expect(sql`delete from events`.execute(raw)).rejects.toThrow(/immutable/);
        await expect(sql`update events set version = version`.execute(raw)).rejects.toThrow(/immutable/);
      });

      it('the migration keeps the rows of an unpartitioned log, with their positions and transaction ids', async () => {
        const db = await open(engine);
        const raw = db.withoutPlugins() as Kysely<unknown>;
        const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } });
        const down = await migrator.migrateTo(beforePartitioning);
        expect(down.error).toBeUndefined();
        const kind = await sql<{
          kind: string;
        }>`select relkind::text as kind from pg_class where oid = 'events'::regclass`.execute(raw);
        expect(kind.rows).toEqual([{ kind: 'r' }]);

        // A log begun months ago: events in November 2025, January 2026 and now (none in December).
        await sql`insert into streams (stream_id, version) values ('old-1', 3), ('old-2', 1)`.execute(raw);
        const times = ['2025-11-15T10:00:00Z', '2026-01-31T23:59:59Z', new Date().toISOString()];
        for (const [i, at] of times.entries()) {
          await sql`insert into events (event_id, stream_id, version, type, schema_version, data, metadata, recorded_at)
            values (gen_random_uuid(), 'old-1', ${i + 1}, 'Noted', 1, ${JSON.stringify({ i })}::jsonb, '{}', ${at}::timestamptz)`.execute(
            raw,
          );
        }
        await sql`insert into events (event_id, stream_id, version, type, schema_version, data, recorded_at)
          values (gen_random_uuid(), 'old-2', 1, 'Noted', 1, '{}', '2025-11-01T00:00:00Z')`.execute(raw);
        const read = async () =>
          (
            await sql<Record<string, unknown>>`
              select position::text, tx_id::text, event_id, stream_id, version, type, data, recorded_at
              from events order by position`.execute(raw)
          ).rows;
        const before = await read();
        expect(before).toHaveLength(4);

        const up = await migrator.migrateToLatest();
        expect(up.error).toBeUndefined();
        expect(await read()).toEqual(before);
        const parts = await partitionsOf(raw);
        expect(parts).toEqual(
          expect.arrayContaining(['events_y2025m11', 'events_y2025m12', 'events_y2026m01', 'events_default']),
        );
        expect([...(await whereEventsAre(raw, 'old-1')).entries()].sort()).toEqual([
          [1, 'events_y2025m11'],
          [2, 'events_y2026m01'],
          [3, monthPartition(new Date())],
        ]);
        // New events continue after the copied positions.
        const appended = await appendAtomically(
          db,
          'old-1',
          3,
          [{ type: 'Noted', schemaVersion: 1, data: {} }],
          { actor: 'test' },
          { state: null, schema: 0 },
        );
        expect(appended.appended).toBe(true);
        const { rows } = await sql<{ position: string }>`
          select position::text from events where stream_id = 'old-1' and version = 4`.execute(raw);
        expect(Number(rows[0]!.position)).toBeGreaterThan(Math.max(...before.map((r) => Number(r.position))));
      });
    });
  }
});

/** Every read-model row, to compare an incremental projection with a rebuild. */
async function readModels(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODEL_TABLES) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select * from ${table} order by 1, 2`)
      .execute(db.withoutPlugins());
    out[table] = rows.map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'projected_at' && k !== 'updated_at')),
    );
  }
  return out;
}

describe('a history across a month boundary', () => {
  const database = useTestDatabase();

  it('reads, refolds, appends idempotently once per version, projects and rebuilds alike', async () => {
    const db = database.handle.db;
    const raw = db.withoutPlugins() as Kysely<unknown>;
    const bank = await loadBank(db);
    const { projector, leaderboard } = localProjection(db);
    const learners: string[] = [];
    for (let i = 0; i < 12; i++) {
      const userId = await insertLearner(db, `boundary_${i}`);
      learners.push(userId);
      await generateHistory(db, userId, { seed: 50 + i, actions: 14, days: 4, start: new Date(), bank });
    }
    /** Each learner's whole state, folded from their log. */
    const folded = async () => {
      const states = new Map<string, unknown>();
      for (const userId of learners) {
        let state = learnerModel.initialState;
        for (const event of await readStream(db, learnerStreamId(userId)))
          state = learnerModel.evolve(state, event);
        states.set(userId, JSON.parse(JSON.stringify(state)));
      }
      return states;
    };
    const statesBefore = await folded();
    const streamsBefore = new Map<string, unknown[]>();
    for (const userId of learners) {
      streamsBefore.set(
        userId,
        (await readStream(db, learnerStreamId(userId))).map(({ recordedAt: _, ...e }) => e),
      );
    }

    // The first half of each history happened last month: its rows move to last month's partition.
    const thisMonth = monthsFrom(new Date(), 0);
    const lastMonth = monthsFrom(new Date(), -1);
    await sql`select event_month_partition(${lastMonth.toISOString()}::timestamptz)`.execute(raw);
    await raw.connection().execute(async (c) => {
      // Test-only: the immutability trigger would refuse the move.
      await sql`set session_replication_role = replica`.execute(c);
      await sql`
        update events e set recorded_at = ${thisMonth.toISOString()}::timestamptz - interval '1 day'
          + e.version * interval '1 second'
        where e.version <= (select s.version / 2 from streams s where s.stream_id = e.stream_id)`.execute(c);
      await sql`set session_replication_role = origin`.execute(c);
    });
    for (const userId of learners) {
      const parts = new Set((await whereEventsAre(raw, learnerStreamId(userId))).values());
      expect([...parts].sort()).toEqual([monthPartition(lastMonth), monthPartition(thisMonth)].sort());
    }

    // Reads: each stream whole and in order; the whole log in commit order, once each.
    for (const userId of learners) {
      const events = (await readStream(db, learnerStreamId(userId))).map(({ recordedAt: _, ...e }) => e);
      expect(events).toEqual(streamsBefore.get(userId));
    }
    const total = [...streamsBefore.values()].reduce((n, s) => n + s.length, 0);
    // The committed read stops at the cluster's oldest running transaction, which may be another
    // database's (tests run beside this one): wait until it has passed this log's newest.
    await expect
      .poll(
        async () =>
          (
            await sql<{ past: boolean }>`
              select pg_snapshot_xmin(pg_current_snapshot()) > max(tx_id) as past from events`.execute(raw)
          ).rows[0]?.past,
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    const all: string[] = [];
    let cursor: { txId: string; position: string } | null = null;
    for (;;) {
      const page = await readAllCommitted(db, cursor, 50);
      if (page.length === 0) break;
      all.push(...page.map((e) => `${e.streamId}@${e.version}`));
      const last = page[page.length - 1]!;
      cursor = { txId: last.txId, position: last.position };
    }
    expect(all.filter((e) => e.startsWith('learner-'))).toHaveLength(total);
    expect(new Set(all).size).toBe(all.length);

    // A command refolds the state from both months (no snapshot), as after a restore.
    await sql`update streams set snapshot = null`.execute(raw);
    const [first, second] = learners as [string, string];
    const refoldedState = async (userId: string) => {
      let seen: unknown;
      await handleCommand(
        db,
        learnerStreamId(userId),
        learnerModel,
        (state) => {
          seen = JSON.parse(JSON.stringify(state));
          return { ok: false, refusal: 'looked' };
        },
        { metadata: { actor: userId } },
      );
      return seen;
    };
    expect(await refoldedState(first)).toEqual(statesBefore.get(first));

    // Idempotency: one answer per key, replayed after.
    const answer = (userId: string, key: string) => {
      const q = bank[0]!;
      const command = answerCommand(q, q.correct_answer, 20);
      return handleCommand(
        db,
        learnerStreamId(userId),
        learnerModel,
        (state) => {
          const decision = decide(command, state, { now: new Date().toISOString() });
          if (!decision.ok) return { ok: false, refusal: decision.error };
          return {
            ok: true,
            events: decision.events.map((e) => ({
              type: e.type,
              schemaVersion: e.schemaVersion,
              data: e.data,
            })),
            reply: () => ({ answered: true }),
          };
        },
        { metadata: { actor: userId }, idempotency: { userId, key, requestHash: 'h' } },
      );
    };
    const once = await answer(second, 'across-months');
    const again = await answer(second, 'across-months');
    expect(once).toMatchObject({ ok: true, replayed: false });
    expect(again).toMatchObject({ ok: true, replayed: true, appended: 0 });

    // The stream's compare-and-set: a version of last month's is not appended again this month.
    const stale = await appendAtomically(
      db,
      learnerStreamId(first),
      1,
      [{ type: 'Noted', schemaVersion: 1, data: {} }],
      { actor: first },
      { state: null, schema: 0 },
    );
    expect(stale.appended).toBe(false);
    const { rows: duplicates } = await sql<{ n: number }>`
      select count(*)::integer as n from (
        select 1 from events group by stream_id, version having count(*) > 1) d`.execute(raw);
    expect(duplicates).toEqual([{ n: 0 }]);

    // Projection, then a rebuild from the log across both months, give the same read models.
    for (const userId of learners) await projector.projectLearner(userId);
    const incremental = await readModels(db);
    expect(incremental.user_totals).toHaveLength(learners.length);
    await rebuildProjections(db, projector, leaderboard);
    expect(await readModels(db)).toEqual(incremental);

    // The projector reads after its checkpoint from a day before the checkpointed event's time (the
    // months before are pruned): an event whose time precedes that by less than a day is still read.
    const late = learners[2]!;
    const [{ checkpoint, last_event_at: checkpointAt } = { checkpoint: 0, last_event_at: null }] = (
      await sql<{ checkpoint: number; last_event_at: Date | null }>`
        select checkpoint, last_event_at from learner_projections where user_id = ${late}::bigint`.execute(
        raw,
      )
    ).rows;
    expect(checkpointAt).not.toBeNull();
    expect(await answer(late, 'after-checkpoint')).toMatchObject({ ok: true, replayed: false });
    await raw.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      await sql`update events set recorded_at = ${checkpointAt!.toISOString()}::timestamptz - interval '1 hour'
        where stream_id = ${learnerStreamId(late)} and version > ${checkpoint}`.execute(c);
      await sql`set session_replication_role = origin`.execute(c);
    });
    const projected = await projector.projectLearner(late);
    expect(projected.applied).toBeGreaterThan(0);
    expect(projected.checkpoint).toBeGreaterThan(checkpoint);

    // A read bounded in time reads only its months (pruning): last month's partition is not planned.
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select stream_id from events where type = 'XpAwarded'
        and recorded_at >= ${sql.lit(thisMonth.toISOString())}::timestamptz`.execute(raw);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain(monthPartition(thisMonth));
    expect(text).not.toContain(monthPartition(lastMonth));
  });
});
