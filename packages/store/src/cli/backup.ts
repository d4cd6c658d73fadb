/**
 * `npm run backup [-- <file>]`: writes a logical backup (gzipped JSON lines: the event log, streams,
 * identity, classes, content; not the read models, which a restore rebuilds) of DATABASE_URL or of
 * the embedded PGlite under DATA_DIR. The default file is backups/wenyan-<time>.ndjson.gz.
 * Stop the embedded server first: PGlite's folder has one owner at a time. The file is written 0600.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeBackup } from '../backup.ts';
import { openDatabase } from '../db.ts';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.argv[2] ?? `backups/wenyan-${stamp}.ndjson.gz`,
);
// The folder is the owner's alone too (a folder this creates; an existing one is left as it is).
mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? undefined : path.join(process.env.DATA_DIR ?? '.data', 'pglite'),
});
try {
  const started = performance.now();
  const counts = await writeBackup(handle.db, file);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `backed up ${rows} rows (${counts.events ?? 0} events, ${counts.users ?? 0} users) from ${handle.kind} ` +
      `to ${file} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
} finally {
  await handle.close();
}
