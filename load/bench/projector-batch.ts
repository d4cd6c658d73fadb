/**
 * The projector's cost per batch as a learner's history grows (issue 38, item 2): for learners with
 * about 10, 1,000 and 5,000 distinct answered questions (a third of them wrong, so in the error book),
 * projects ROUNDS batches of one new answer each (a wrong repeat of an answered question: it moves an
 * error record and a card) and prints the median wall time and the worker process's CPU per batch,
 * the stored view's size, and the median time of the read an error-book command makes
 * (`readLearnerView` with one question's items).
 *
 *   node_modules/.bin/node load/bench/projector-batch.ts [postgres admin url]
 *
 * It creates a database of its own (`proj_bench_<pid>`) on the server and drops it at the end.
 */
import { appendToStream, learnerStreamId, openDatabase, readLearnerView } from '@wenyan/store';
import { sql } from 'kysely';
import { localProjection } from '../../tests/support/read-models.ts';
import { choiceEvents } from '../lib/answers.ts';
import { throwawayDatabase } from '../lib/system.ts';

const ADMIN = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The first learner warms the process up (JIT, prepared statements) and is not reported. */
const SIZES = [10, 10, 1000, 5000];
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const postgres = await throwawayDatabase(ADMIN, 'proj_bench');
const handle = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
const db = handle.db;

const start = Date.parse('2026-09-01T01:00:00Z');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const { projector } = localProjection(db);
  console.log(
    'questions  view bytes  batch ms (median)  worker CPU ms/batch (median)  error-record read ms (median)',
  );
  for (const [i, size] of SIZES.entries()) {
    const user = await sql<{ id: string }>`insert into users (username, username_key)
      values (${`bench_${i}`}, ${`bench_${i}`}) returning id`.execute(db);
    const userId = String(user.rows[0]!.id);
    const stream = learnerStreamId(userId);
    let version = 0;
    let atMs = start;
    const next = () => {
      atMs += 60_000;
      return atMs;
    };
    const append = async (events: ReturnType<typeof choiceEvents>[]) => {
      await appendToStream(db, stream, version, events, { actor: userId });
      version += events.length;
    };
    for (let i = 0; i < size; i += 500) {
      const chunk = [];
      for (let q = i; q < Math.min(size, i + 500); q++) {
        chunk.push(choiceEvents(`q${q}`, 1 + (q % 16), q % 3 !== 0, next()));
      }
      await append(chunk);
    }
    await projector.projectLearner(userId);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const q = (r * 7) % size;
      await append([choiceEvents(`q${q}`, 1 + (q % 16), false, next())]);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await projector.projectLearner(userId);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    // The read an error-book command makes (the learner's view with that question's record and card).
    const reads: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = performance.now();
      await readLearnerView(db, userId, [`q${(r * 3) % size}`]);
      reads.push(performance.now() - t0);
    }
    if (i === 0) continue;
    const bytes = await sql<{ n: number }>`select octet_length(view::text)::integer as n
      from learner_projections where user_id = ${userId}`.execute(db);
    console.log(
      `${String(size).padStart(9)}  ${String(bytes.rows[0]?.n).padStart(10)}  ${median(wall).toFixed(2).padStart(17)}  ${median(cpu).toFixed(2).padStart(28)}  ${median(reads).toFixed(2).padStart(29)}`,
    );
  }
} finally {
  await handle.close();
  await postgres.drop();
}
