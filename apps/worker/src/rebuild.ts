/**
 * `npm run projections:rebuild`: drops every read model (and the Redis sorted set) and rebuilds them
 * from the event log, with a progress bar and the events-per-second figure.
 * Uses DATABASE_URL (else the embedded PGlite under DATA_DIR) and REDIS_URL/REDIS_PREFIX when set.
 */
import path from 'node:path';
import {
  createLocalBroadcast,
  createProjector,
  type LeaderboardIndex,
  openDatabase,
  rebuildProjections,
  redisConnection,
  redisLeaderboard,
  sqlLeaderboard,
} from '@wenyan/store';
import { SingleBar } from 'cli-progress';

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

const bar = new SingleBar({
  format: 'rebuilding |{bar}| {value}/{total} learners · {events} events · {rate} events/s',
  hideCursor: true,
});
const started = performance.now();
let barStarted = false;
const result = await rebuildProjections(handle.db, projector, leaderboard, (done, total, events) => {
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(events / Math.max(seconds, 0.001));
  if (!barStarted) {
    bar.start(total, 0, { events: 0, rate: 0 });
    barStarted = true;
  }
  bar.update(done, { events, rate });
});
if (barStarted) bar.stop();
const seconds = (performance.now() - started) / 1000;
console.log(
  `rebuilt ${result.learners} learners from ${result.events} events in ${seconds.toFixed(2)} s ` +
    `(${Math.round(result.events / Math.max(seconds, 0.001))} events/s)`,
);
redis?.disconnect();
await handle.close();
