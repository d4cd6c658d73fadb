/**
 * `npm run bench:partitions`: the event log by month (migration 0023) against one table, on a
 * scaled-down year (issue 41, docs/capacity.md).
 *
 * For each layout (partitioned; unpartitioned: the schema before 0023) on a fresh database of this
 * machine's Postgres (BENCH_DATABASE_URL, dropped afterwards):
 * 1. real learner histories through the decider and the event store (PARTITION_REAL_LEARNERS × 40
 *    actions): the events an answer writes and their bytes, on disk with their indexes;
 * 2. a scaled-down year: PARTITION_EVENTS copies of those events over PARTITION_LEARNERS synthetic
 *    learners, spread over the last twelve months (each month's partition made first);
 * 3. the hot statements, PARTITION_REPEATS times each, p50/p95 in ms at the client: an append (the
 *    answer's statement), a stream's tail read (the projector's and the refold's read), the week's XP of
 *    30 learners (a read bounded in time), a page of the whole log in commit order (a rebuild's read);
 *    and whether each plan uses an index and how many partitions it reads.
 *
 *   npm run bench:partitions
 *   PARTITION_EVENTS=1000000 PARTITION_LEARNERS=5000 npm run bench:partitions
 *   PARTITION_ORDER=unpartitioned,partitioned npm run bench:partitions
 */
import { randomUUID } from 'node:crypto';
import { migrations } from '@wenyan/infra';
import {
  appendAtomically,
  type Db,
  openDatabase,
  readAllCommitted,
  readStream,
  seedContent,
  xpEarnedSince,
} from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { fillYear, seedRealHistories } from '../lib/year.ts';

const ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EVENTS = Number(process.env.PARTITION_EVENTS ?? 600_000);
const LEARNERS = Number(process.env.PARTITION_LEARNERS ?? 4_000);
const REAL_LEARNERS = Number(process.env.PARTITION_REAL_LEARNERS ?? 20);
const REPEATS = Number(process.env.PARTITION_REPEATS ?? 300);
const BEFORE_PARTITIONS = (() => {
  const names = Object.keys(migrations).sort();
  return names[names.indexOf('0023-events-by-month') - 1]!;
})();

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function timed(repeats: number, run: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    await run(i);
    ms.push(performance.now() - start);
  }
  return { p50: quantile(ms, 0.5).toFixed(2), p95: quantile(ms, 0.95).toFixed(2) };
}

/** A plan's scans (by index, sequential: an empty month is read sequentially) and its times in ms. */
async function planOf(db: Kysely<unknown>, query: string) {
  const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain analyze ${query}`).execute(db);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  const count = (re: RegExp) => [...text.matchAll(re)].length;
  return {
    relations: new Set([...text.matchAll(/ on (events\w*)/g)].map((m) => m[1])).size,
    indexScans: count(/Index (Only )?Scan|Bitmap Index Scan/g),
    seqScans: count(/Seq Scan/g),
    planningMs: Number(/Planning Time: ([\d.]+)/.exec(text)?.[1]),
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1]),
  };
}

async function bench(layout: 'partitioned' | 'unpartitioned') {
  const name = `wyt_partbench_${process.pid}_${layout}`;
  await admin(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(ADMIN, name), migrate: false });
  try {
    const migrator = new Migrator({
      db: handle.db as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const migrated =
      layout === 'partitioned'
        ? await migrator.migrateToLatest()
        : await migrator.migrateTo(BEFORE_PARTITIONS);
    if (migrated.error) throw migrated.error;
    const db: Db = handle.db;
    const raw = db.withoutPlugins() as Kysely<unknown>;
    await seedContent(db);

    // 1. Real histories: what an answer writes.
    await seedRealHistories(db, REAL_LEARNERS, true);
    const size = async () => {
      const { rows } = await sql<{ events: string; answers: string; bytes: string; row_bytes: string }>`
        select count(*) as events, count(*) filter (where type = 'AnswerSubmitted') as answers,
          (select coalesce(sum(pg_total_relation_size(relid)), pg_total_relation_size('events'::regclass))
            from pg_partition_tree('events'::regclass)) as bytes,
          sum(pg_column_size(e.*)) as row_bytes
        from events e`.execute(raw);
      return rows[0]!;
    };
    const real = await size();

    // 2. The scaled-down year.
    const { seconds: seedSeconds, perLearner } = await fillYear(db, {
      events: EVENTS,
      learners: LEARNERS,
      partitioned: layout === 'partitioned',
    });
    const year = await size();
    const partitions = await sql<{ n: number }>`
      select count(*)::integer as n from pg_partition_tree('events'::regclass) where isleaf`.execute(raw);

    // 3. The hot statements.
    const learner = (i: number) => `learner-${900000000 + 1 + ((i * 37) % LEARNERS)}`;
    const appendAt = new Map<string, number>();
    const append = await timed(REPEATS, async (i) => {
      const stream = learner(i);
      const version = appendAt.get(stream) ?? perLearner;
      const done = await appendAtomically(
        raw as never,
        stream,
        version,
        [{ type: 'XpAwarded', schemaVersion: 1, data: { amount: 10, reason: 'answer' } }],
        { actor: 'bench', idempotencyKey: randomUUID() },
        { state: { bench: true }, schema: 0 },
      );
      if (!done.appended) throw new Error(`append refused on ${stream}`);
      appendAt.set(stream, version + 1);
    });
    const tail = await timed(REPEATS, (i) =>
      readStream(raw as never, learner(i), { afterVersion: perLearner - 10 }),
    );
    const weekStart = new Date(Date.now() - 7 * 86_400_000);
    const week = await timed(REPEATS, (i) =>
      xpEarnedSince(
        raw as never,
        Array.from({ length: 30 }, (_, k) => String(900000000 + 1 + ((i * 30 + k) % LEARNERS))),
        weekStart,
      ),
    );
    const { rows: middle } = await sql<{ tx_id: string; position: string }>`
      select tx_id::text, position::text from events order by position offset ${Math.floor(Number(year.events) / 2)} limit 1`.execute(
      raw,
    );
    const page = await timed(Math.min(REPEATS, 50), () =>
      readAllCommitted(raw as never, { txId: middle[0]!.tx_id, position: middle[0]!.position }, 500),
    );
    const plans = {
      tail: await planOf(
        raw,
        `select * from events where stream_id = '${learner(1)}' and version > ${perLearner - 10} order by version`,
      ),
      week: await planOf(
        raw,
        `select stream_id, sum((data->>'amount')::integer) from events where type = 'XpAwarded'
         and stream_id in ('${learner(1)}', '${learner(2)}') and recorded_at >= '${weekStart.toISOString()}' group by stream_id`,
      ),
    };
    return {
      layout,
      real: {
        events: Number(real.events),
        answers: Number(real.answers),
        eventsPerAnswer: (Number(real.events) / Number(real.answers)).toFixed(2),
        rowBytesPerEvent: Math.round(Number(real.row_bytes) / Number(real.events)),
        diskBytesPerEvent: Math.round(Number(real.bytes) / Number(real.events)),
      },
      year: {
        events: Number(year.events),
        learners: LEARNERS,
        partitions: partitions.rows[0]!.n,
        seedSeconds: seedSeconds.toFixed(1),
        diskMiB: (Number(year.bytes) / 2 ** 20).toFixed(1),
        diskBytesPerEvent: Math.round(Number(year.bytes) / Number(year.events)),
      },
      msAppend: append,
      msStreamTail: tail,
      msWeekXp30: week,
      msLogPage500: page,
      plans,
    };
  } finally {
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const load = await import('node:os').then((os) =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
);
console.log(`load average before: ${load}; ${EVENTS} events over ${LEARNERS} learners, ${REPEATS} repeats`);
// PARTITION_ORDER=unpartitioned,partitioned runs them the other way round (the machine drifts).
const order = (process.env.PARTITION_ORDER ?? 'partitioned,unpartitioned').split(',') as Array<
  'partitioned' | 'unpartitioned'
>;
for (const layout of order) {
  console.log(JSON.stringify(await bench(layout), null, 1));
}
console.log(
  `load average after: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
