import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Issue 38: a stream's state in two forms. The snapshot in `streams` holds a bounded core; the parts
 * that grow with a learner's history (what the state knows of each question and each answer) are rows
 * here, read by key with a command and written in the same statement as its append, at the stream's
 * new version. `schema` is the snapshot schema the part was written under: parts of another schema are
 * ignored (the state is refolded from the log and its parts written again). Derived state: a backup
 * leaves it out and a restore refolds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table stream_parts (
      stream_id text not null,
      key text not null,
      schema integer not null,
      value json not null,
      primary key (stream_id, key)
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['drop table if exists stream_parts']);
}
