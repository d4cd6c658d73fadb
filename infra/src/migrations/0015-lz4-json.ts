import { type Kysely, sql } from 'kysely';
import { run } from './run.ts';

/**
 * The JSON written on every answer and every projection (the decider's snapshot, the reply kept under
 * an Idempotency-Key, the learner's view and its replay snapshots) is compressed with lz4 instead of
 * Postgres's default pglz once it passes the TOAST threshold (about 2 KB): lz4 costs a fraction of
 * pglz's CPU for a similar size on JSON. Values written before keep their compression; a server built
 * without lz4 (the embedded PGlite) keeps pglz.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ enumvals: string[] | string | null }>`
    select enumvals from pg_settings where name = 'default_toast_compression'
  `.execute(db);
  const methods = rows[0]?.enumvals ?? [];
  const lz4 = Array.isArray(methods) ? methods.includes('lz4') : String(methods).includes('lz4');
  if (!lz4) return;
  await run(db, [
    `alter table streams alter column snapshot set compression lz4`,
    `alter table idempotency_keys alter column response set compression lz4`,
    `alter table learner_projections alter column view set compression lz4`,
    `alter table learner_replay_snapshots alter column view set compression lz4`,
  ]);
}
