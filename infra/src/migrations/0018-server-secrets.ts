import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * `server_secrets`: the deployment's own keys, one row per purpose (e.g. `device-cookie`, the HMAC key
 * that signs the recognised-device cookies of sign-in). Made by the first process that finds none and
 * kept with the data, so every API process of a deployment signs and checks with the same key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table server_secrets (
      name text primary key,
      secret text not null,
      created_at timestamptz not null default now()
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['drop table server_secrets']);
}
