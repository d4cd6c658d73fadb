import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * `server_secrets`: the deployment's own keys, one row per purpose (e.g. `device-cookie`, the HMAC key
 * that signs the recognised-device cookies of sign-in). Made by the first process that finds none and
 * kept with the data, so every API process of a deployment signs and checks with the same key.
 *
 * `learner_keys`: each learner's data key (AES-256-GCM, base64), made at their first free-text event.
 * The free text they type (answers, appeal and error-book notes) is sealed in the event log under it;
 * erasing the account deletes the row, and with it every copy of that text the log holds.
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
    `
    create table learner_keys (
      user_id bigint primary key references users(id) on delete cascade,
      data_key text not null,
      created_at timestamptz not null default now()
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['drop table learner_keys', 'drop table server_secrets']);
}
