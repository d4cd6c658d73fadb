/**
 * `npm run bench:decide`: the time to decide a command for a learner with 10,000 events, through the
 * real command path (load the stream head with its snapshot, decide, append in one statement), against
 * folding the whole log (what it would cost without the snapshot). Uses the embedded PGlite in memory,
 * or DATABASE_URL when set.
 */

import { performance } from 'node:perf_hooks';
import { learnerStreamId, loadState, openDatabase, readStream, seedContent } from '@wenyan/store';
import { learnerModel } from '../../apps/api/src/learner/commands.ts';
import { act, answerCommand, generateHistory, insertLearner, loadBank } from '../support/history.ts';

const TARGET = Number(process.env.BENCH_EVENTS ?? 10_000);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await seedContent(handle.db);
const db = handle.db;
const userId = await insertLearner(db, `bench_${Date.now()}`);
const bank = await loadBank(db);

let events = 0;
let seed = 1;
const start = new Date('2026-01-01T01:00:00Z');
while (events < TARGET) {
  events += await generateHistory(db, userId, {
    seed: seed++,
    actions: 200,
    days: 1,
    start: new Date(start.getTime() + seed * 86_400_000),
    bank,
  });
}
console.log(`[bench] learner with ${events} events (${handle.kind})`);

const q = bank[0]!;
const samples: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  await act(
    db,
    userId,
    answerCommand(q, q.correct_answer, 5),
    new Date(start.getTime() + (seed + 1) * 86_400_000 + i * 1000),
  );
  samples.push(performance.now() - t0);
}
samples.sort((a, b) => a - b);
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(2);
console.log(`decide + append with the snapshot: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms (50 commands)`);

const t0 = performance.now();
let state = learnerModel.initialState;
let version = 0;
for (;;) {
  const page = await readStream(db, learnerStreamId(userId), { afterVersion: version, limit: 2000 });
  for (const e of page) {
    state = learnerModel.evolve(state, e);
    version = e.version;
  }
  if (page.length < 2000) break;
}
console.log(`folding all ${version} events instead: ${(performance.now() - t0).toFixed(1)} ms`);
const t1 = performance.now();
await loadState(db, learnerStreamId(userId), learnerModel);
console.log(`loading the state from the snapshot: ${(performance.now() - t1).toFixed(2)} ms`);
await handle.close();
