/**
 * `npm run bench:rebuild`: the rebuild's events per second on realistic histories (issue 38, item 4).
 *
 * Seeds REBUILD_LEARNERS learners (default 40) with REBUILD_ANSWERS answers each (default 1,000: about
 * 700 distinct questions, a third wrong, a week of days), appended as the event store appends them
 * (sealed free text included), into a database of its own. Then rebuilds the read models:
 * - once in one process (`rebuildProjections`: shadow tables, one swap), and
 * - once fresh with REBUILD_PARTITIONS partitions (default 2; 0: skipped) built at once in this
 *   process, then the finish, and
 * - once fresh with REBUILD_PROCESSES partitions (default 2; 0: skipped) each in a process of its own
 *   (`npm run projections:rebuild -- --partition i/N`, the operator's way: Node's fold on every core),
 *   then the finish here,
 * and prints, for each, the events folded, the wall time, events/s and Node's CPU (this process and the
 * partitions' processes; Postgres's own CPU is not counted). Each run is checked to end with every
 * learner at its stream's version. Throughout each run a reader asks for a random learner's view as the
 * API does (`readLearnerView`), 50 a second, and prints how many it made, how many failed and
 * their p50/p95/max: the live read models serve while the shadow is built.
 *
 *   npm run bench:rebuild [-- postgres admin url]
 *   REBUILD_LEARNERS=100 REBUILD_ANSWERS=1000 REBUILD_PARTITIONS=2 REBUILD_PROCESSES=3 npm run bench:rebuild
 *   REBUILD_ONLY=processes REBUILD_DATABASE=<name> npm run bench:rebuild   # one of one-process, partitions, processes
 *
 * It creates a database `rebuild_bench_<pid>` on the server and drops it at the end. Seeding a million
 * events takes minutes: REBUILD_KEEP=1 keeps the database (its name is printed), and
 * REBUILD_DATABASE=<name> runs the rebuilds on such a kept database without seeding (nor dropping) it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appendToStream,
  finishRebuild,
  learnerStreamId,
  openDatabase,
  prepareRebuild,
  readLearnerView,
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
const PROCESSES = Number(process.env.REBUILD_PROCESSES ?? 2);
/** Which of the three runs (all when unset). */
const ONLY = process.env.REBUILD_ONLY;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

/** CPU ms of this process's waited-for children (`/proc/self/stat`'s cutime and cstime). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command's closing parenthesis, cutime and cstime are the 14th and 15th fields.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/** One partition in a process of its own, as an operator runs it; resolves when it exits cleanly. */
function partitionProcess(index: number, count: number, databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'apps/worker/src/rebuild.ts'), '--partition', `${index}/${count}`],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`partition ${index}/${count} exited ${code}`)),
    );
  });
}

/** The reader's pace: a read every READ_EVERY_MS (REBUILD_READ_MS, default 20: 50 reads/s). */
const READ_EVERY_MS = Number(process.env.REBUILD_READ_MS ?? 20);

/** Reads random learners' views until `stop` resolves; their count, failures and latencies. */
async function readThroughout(stop: Promise<unknown>) {
  const { rows } = await sql<{
    id: string;
  }>`select id::text from users where username like 'bench\_%'`.execute(db);
  const ms: number[] = [];
  let failed = 0;
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  while (!stopped && rows.length > 0) {
    const t0 = performance.now();
    try {
      await readLearnerView(db, rows[Math.floor(Math.random() * rows.length)]!.id);
      ms.push(performance.now() - t0);
    } catch {
      failed++;
    }
    const wait = READ_EVERY_MS - (performance.now() - t0);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) =>
    ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1) : '-';
  return `reads ${ms.length + failed} (${failed} failed) p50 ${at(0.5)} p95 ${at(0.95)} max ${at(1)} ms`;
}

async function measure(label: string, run: () => Promise<number>): Promise<void> {
  if (ONLY && !label.startsWith(ONLY)) return;
  const c0 = process.cpuUsage();
  const k0 = childrenCpuMs();
  const t0 = performance.now();
  const running = run();
  const reads = readThroughout(running);
  const events = await running;
  const seconds = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(c0);
  const c = { user: own.user + (childrenCpuMs() - k0) * 1000, system: own.system };
  await assertCaughtUp();
  console.log(
    `${label.padEnd(28)} ${String(events).padStart(8)} events  ${seconds.toFixed(2).padStart(7)} s  ` +
      `${String(Math.round(events / seconds)).padStart(6)} events/s  ` +
      `node CPU ${((c.user + c.system) / 1000 / events).toFixed(3)} ms/event`,
  );
  console.log(`${''.padEnd(28)} ${await reads}`);
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
  await measure('one-process', async () => (await rebuildProjections(db, projector, leaderboard)).events);
  if (PARTITIONS > 0) {
    await measure(`partitions: ${PARTITIONS} at once`, async () => {
      await prepareRebuild(db, { fresh: true });
      const runs = await Promise.all(
        Array.from({ length: PARTITIONS }, (_, index) => rebuildPartition(db, { index, count: PARTITIONS })),
      );
      const finished = await finishRebuild(db, projector, leaderboard);
      return runs.reduce((n, r) => n + r.events, finished.events);
    });
  }
  if (PROCESSES > 0) {
    await measure(`processes: ${PROCESSES} partitions`, async () => {
      await prepareRebuild(db, { fresh: true });
      await Promise.all(
        Array.from({ length: PROCESSES }, (_, index) => partitionProcess(index, PROCESSES, url.toString())),
      );
      // The partitions' processes print their own counts; every learner's events are folded once.
      const { rows } = await sql<{ events: number }>`
        select coalesce(sum(version), 0)::integer as events from streams where stream_id like 'learner-%'`.execute(
        db,
      );
      const finished = await finishRebuild(db, projector, leaderboard);
      return rows[0]!.events + finished.events;
    });
  }
} finally {
  await handle.close();
  if (!KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
