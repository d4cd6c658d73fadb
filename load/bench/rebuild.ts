/**
 * `npm run bench:rebuild`: the rebuild's events per second on realistic histories (issue 38, item 4).
 *
 * Seeds REBUILD_LEARNERS learners (default 40) with REBUILD_ANSWERS answers each (default 1,000: about
 * 700 distinct questions, a third wrong, a week of days), appended as the event store appends them
 * (sealed free text included), into a database of its own. Then rebuilds the read models:
 * - once in one process (`rebuildProjections`: shadow tables, one swap), and
 * - once fresh with REBUILD_PARTITIONS partitions (default 2; 0: skipped) built at once in this
 *   process, then the finish,
 * and prints, for each, the events folded, the wall time, events/s and this process's CPU (Postgres's
 * own CPU is not counted). Each run is checked to end with every learner at its stream's version.
 *
 *   npm run bench:rebuild [-- postgres admin url]
 *   REBUILD_LEARNERS=100 REBUILD_ANSWERS=1000 REBUILD_PARTITIONS=2 npm run bench:rebuild
 *
 * It creates a database `rebuild_bench_<pid>` on the server and drops it at the end. Seeding a million
 * events takes minutes: REBUILD_KEEP=1 keeps the database (its name is printed), and
 * REBUILD_DATABASE=<name> runs the rebuilds on such a kept database without seeding (nor dropping) it.
 */
import {
  appendToStream,
  finishRebuild,
  learnerStreamId,
  openDatabase,
  prepareRebuild,
  rebuildPartition,
  rebuildProjections,
} from '@wenyan/store';
import { sql } from 'kysely';
import pg from 'pg';
import { localProjection } from '../../tests/support/read-models.ts';
import { choiceEvents } from '../lib/answers.ts';

const ADMIN = process.argv[2] ?? process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LEARNERS = Number(process.env.REBUILD_LEARNERS ?? 40);
const ANSWERS = Number(process.env.REBUILD_ANSWERS ?? 1000);
const PARTITIONS = Number(process.env.REBUILD_PARTITIONS ?? 2);
const REUSE = process.env.REBUILD_DATABASE;
const KEEP = REUSE !== undefined || process.env.REBUILD_KEEP === '1';
const name = REUSE ?? `rebuild_bench_${process.pid}`;

const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
if (!REUSE) await admin.query(`create database ${name}`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 + PARTITIONS });
const db = handle.db;

const start = Date.parse('2026-09-01T01:00:00Z');

/** Every learner's checkpoint is at their stream's version (the rebuild missed nobody). */
async function assertCaughtUp(): Promise<void> {
  const { rows } = await sql<{ behind: number }>`
    select count(*)::integer as behind from streams s
    left join learner_projections p on p.user_id = substr(s.stream_id, 9)::bigint
    where s.stream_id like 'learner-%' and (p.checkpoint is null or p.checkpoint < s.version)`.execute(db);
  if (rows[0]!.behind !== 0) throw new Error(`${rows[0]!.behind} learners behind after the rebuild`);
}

async function measure(label: string, run: () => Promise<number>): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const events = await run();
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  await assertCaughtUp();
  console.log(
    `${label.padEnd(28)} ${String(events).padStart(8)} events  ${seconds.toFixed(2).padStart(7)} s  ` +
      `${String(Math.round(events / seconds)).padStart(6)} events/s  ` +
      `node CPU ${((c.user + c.system) / 1000 / events).toFixed(3)} ms/event`,
  );
}

try {
  const seed0 = performance.now();
  for (let l = 0; l < (REUSE ? 0 : LEARNERS); l++) {
    const user = await sql<{ id: string }>`insert into users (username, username_key)
      values (${`bench_${l}`}, ${`bench_${l}`}) returning id`.execute(db);
    const userId = String(user.rows[0]!.id);
    let version = 0;
    let atMs = start + l * 1000;
    for (let i = 0; i < ANSWERS; i += 500) {
      const chunk = [];
      for (let k = i; k < Math.min(ANSWERS, i + 500); k++) {
        atMs += 10 * 60_000;
        const q = (k * 7 + l) % Math.max(1, Math.round(ANSWERS * 0.7));
        chunk.push(choiceEvents(`q${q}`, 1 + (q % 16), (k + l) % 3 !== 0, atMs));
      }
      await appendToStream(db, learnerStreamId(userId), version, chunk, { actor: userId });
      version += chunk.length;
    }
  }
  if (REUSE) console.log(`on the kept database ${name}`);
  else {
    console.log(
      `seeded ${LEARNERS} learners × ${ANSWERS} answers in ${((performance.now() - seed0) / 1000).toFixed(1)} s` +
        (KEEP ? ` (kept: REBUILD_DATABASE=${name})` : ''),
    );
  }
  const { projector, leaderboard } = localProjection(db);
  await measure('one process', async () => (await rebuildProjections(db, projector, leaderboard)).events);
  if (PARTITIONS > 0) {
    await measure(`${PARTITIONS} partitions at once`, async () => {
      await prepareRebuild(db, { fresh: true });
      const runs = await Promise.all(
        Array.from({ length: PARTITIONS }, (_, index) => rebuildPartition(db, { index, count: PARTITIONS })),
      );
      const finished = await finishRebuild(db, projector, leaderboard);
      return runs.reduce((n, r) => n + r.events, finished.events);
    });
  }
} finally {
  await handle.close();
  if (!KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
