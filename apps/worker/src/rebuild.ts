/**
 * `npm run projections:rebuild`: rebuilds every read model (and the ranking index) from the event log
 * while the old ones keep serving (`@wenyan/store`'s `rebuild.ts`: shadow tables, one swap at the end).
 *
 *   npm run projections:rebuild                      # the whole rebuild in this process (resumes an interrupted one)
 *   npm run projections:rebuild -- --fresh           # start over, dropping an unfinished rebuild's shadow
 *   npm run projections:rebuild -- --partition 0/4   # only learners of partition 0 of 4 (run 4 at once) ...
 *   npm run projections:rebuild -- --finish          # ... then once: what is left, the swap, the ranking
 *   npm run projections:rebuild -- --abandon         # drop an unfinished rebuild's shadow
 *
 * Uses DATABASE_URL (else the embedded PGlite under DATA_DIR) and REDIS_URL/REDIS_PREFIX when set.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  abandonRebuild,
  createLocalBroadcast,
  createProjector,
  finishRebuild,
  type LeaderboardIndex,
  openDatabase,
  prepareRebuild,
  type RebuildProgress,
  rebuildPartition,
  redisConnection,
  redisLeaderboard,
  sqlLeaderboard,
} from '@wenyan/store';
import { SingleBar } from 'cli-progress';

const { values } = parseArgs({
  options: {
    partition: { type: 'string' },
    finish: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    abandon: { type: 'boolean', default: false },
  },
});
const partition = values.partition?.match(/^(\d+)\/(\d+)$/);
if (values.partition !== undefined && (!partition || Number(partition[1]) >= Number(partition[2]))) {
  console.error('--partition takes i/N with 0 <= i < N, e.g. 0/4');
  process.exit(2);
}
if (values.fresh && partition) {
  // A partition started fresh would drop the shadow the others are building.
  console.error('--fresh drops the shadow every partition builds: run --abandon once, then the partitions');
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const prefix = process.env.REDIS_PREFIX ?? 'wyt';
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? undefined : path.join(process.env.DATA_DIR ?? '.data', 'pglite'),
});
const redis = redisUrl ? redisConnection(redisUrl, 'pubsub') : null;
const leaderboard: LeaderboardIndex = redis ? redisLeaderboard(redis, prefix) : sqlLeaderboard(handle.db);
const projector = createProjector({
  db: handle.db,
  broadcast: createLocalBroadcast(),
  leaderboard,
  nextVersion: async () => 0,
});

const started = performance.now();
const rate = (events: number) => Math.round(events / Math.max((performance.now() - started) / 1000, 0.001));

/** Builds one partition into the shadow with a progress bar; returns the events folded. */
async function build(index: number, count: number): Promise<number> {
  const bar = new SingleBar({
    format: `rebuilding ${index}/${count} |{bar}| {value}/{total} learners · {events} events · {rate} events/s`,
    hideCursor: true,
  });
  let barStarted = false;
  const run = await rebuildPartition(handle.db, { index, count }, (p: RebuildProgress) => {
    if (!barStarted) bar.start(p.total, 0, { events: 0, rate: 0 });
    barStarted = true;
    bar.update(p.done, { events: p.events, rate: rate(p.events) });
  });
  if (barStarted) bar.stop();
  console.log(`partition ${index}/${count}: ${run.learners} learners, ${run.events} events folded`);
  return run.events;
}

try {
  if (values.abandon) {
    await abandonRebuild(handle.db);
    console.log('the unfinished rebuild is dropped; the live read models are as they were');
  } else {
    let events = 0;
    if (!values.finish) {
      const { resumed } = await prepareRebuild(handle.db, { fresh: values.fresh });
      if (resumed) console.log('resuming the unfinished rebuild');
      events += partition ? await build(Number(partition[1]), Number(partition[2])) : await build(0, 1);
    }
    if (values.finish || !partition)
      events += (await finishRebuild(handle.db, projector, leaderboard)).events;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${events} events folded in ${seconds.toFixed(2)} s (${rate(events)} events/s)` +
        (partition ? '; run --finish once every partition is done' : '; swapped in'),
    );
  }
} finally {
  redis?.disconnect();
  await handle.close();
}
