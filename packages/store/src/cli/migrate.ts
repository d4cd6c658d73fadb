/** `npm run db:migrate`: migrates DATABASE_URL's Postgres, or the embedded PGlite under DATA_DIR. */
import path from 'node:path';
import { DataFolderInUseError } from '../data-lock.ts';
import { openDatabase } from '../db.ts';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.join(process.env.DATA_DIR ?? '.data', 'pglite');
const handle = await openDatabase({
  databaseUrl,
  dataDir,
  migrate: false,
  owner: 'npm run db:migrate',
}).catch((err: unknown) => {
  if (err instanceof DataFolderInUseError) {
    console.error(`nothing migrated: ${err.message}`);
    process.exit(1);
  }
  throw err;
});
const { migrateToLatest } = await import('@wenyan/infra');
const result = await migrateToLatest(handle.db as never);
for (const r of result.results ?? []) console.log(`${r.status}: ${r.migrationName}`);
if ((result.results ?? []).length === 0) console.log('already at the newest migration');
await handle.close();
