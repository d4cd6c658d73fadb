import { type Kysely, sql } from 'kysely';
import { run } from './run.ts';

/**
 * The JSON the server writes on every answer and every projection and never queries into (the decider's
 * snapshot, the reply kept under an Idempotency-Key, the learner's view and its replay snapshots) is
 * stored as `json`, not `jsonb`: Postgres then checks it and keeps the text, instead of building and
 * later printing jsonb's binary form (about 28 µs per 1.4 KB document here, on every answer). Events
 * stay `jsonb`: read models and the replay query into them.
 *
 * Once past the TOAST threshold (about 2 KB) these values are compressed with lz4 rather than pglz (a
 * fraction of the CPU for a similar size on JSON) where the server has lz4; the embedded PGlite keeps
 * pglz.
 */
const OPAQUE = [
  ['streams', 'snapshot'],
  ['idempotency_keys', 'response'],
  ['learner_projections', 'view'],
  ['learner_replay_snapshots', 'view'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    OPAQUE.map(
      ([table, column]) => `alter table ${table} alter column ${column} type json using ${column}::json`,
    ),
  );
  const { rows } = await sql<{ enumvals: string[] | string | null }>`
    select enumvals from pg_settings where name = 'default_toast_compression'
  `.execute(db);
  const methods = rows[0]?.enumvals ?? [];
  const lz4 = Array.isArray(methods) ? methods.includes('lz4') : String(methods).includes('lz4');
  if (!lz4) return;
  await run(
    db,
    OPAQUE.map(([table, column]) => `alter table ${table} alter column ${column} set compression lz4`),
  );
}
