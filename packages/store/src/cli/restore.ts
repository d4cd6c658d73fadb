/**
 * `npm run restore -- <file>`: restores a backup made by `npm run backup` into DATABASE_URL or the
 * embedded PGlite under DATA_DIR (migrated first; it must hold no events yet), then rebuilds every
 * read model and the leaderboard (the Redis sorted set with REDIS_URL) from the restored log.
 * One transaction: a refused or failed restore changes nothing.
 */
import path from 'node:path';
import { restoreBackup } from '../backup.ts';
import { openDatabase } from '../db.ts';
import { type LeaderboardIndex, redisLeaderboard, sqlLeaderboard } from '../leaderboard.ts';
import { createLocalBroadcast } from '../ports.ts';
import { createProjector } from '../projector.ts';
import { rebuildProjections } from '../rebuild.ts';
import { redisConnection } from '../redis.ts';

const given = process.argv[2];
if (!given) {
  console.error('usage: npm run restore -- <backup file>');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? undefined : path.join(process.env.DATA_DIR ?? '.data', 'pglite'),
});
const redis = process.env.REDIS_URL ? redisConnection(process.env.REDIS_URL, 'pubsub') : null;
try {
  const counts = await restoreBackup(handle.db, file);
  const leaderboard: LeaderboardIndex = redis
    ? redisLeaderboard(redis, process.env.REDIS_PREFIX ?? 'wyt')
    : sqlLeaderboard(handle.db);
  const projector = createProjector({
    db: handle.db,
    broadcast: createLocalBroadcast(),
    leaderboard,
    nextVersion: async () => 0,
  });
  const rebuilt = await rebuildProjections(handle.db, projector, leaderboard);
  console.log(
    `restored ${counts.events ?? 0} events and ${counts.users ?? 0} users from ${file} into ${handle.kind}; ` +
      `read models rebuilt for ${rebuilt.learners} learners`,
  );
} catch (err) {
  console.error(`restore refused: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  redis?.disconnect();
  await handle.close();
}
