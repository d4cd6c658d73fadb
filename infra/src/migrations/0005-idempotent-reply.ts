import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * The store keeps a command's reply under its Idempotency-Key as opaque data and knows nothing of
 * HTTP: the status column is no longer written (the route gives a replayed reply its success status).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table idempotency_keys alter column status_code drop not null
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    update idempotency_keys set status_code = 200 where status_code is null
    `,
    `
    alter table idempotency_keys alter column status_code set not null
    `,
  ]);
}
