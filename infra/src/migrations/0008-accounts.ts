import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Accounts that resist look-alikes and forgotten passwords:
 * - `users.username_key`: the username after Unicode NFKC normalisation and case folding, unique, so
 *   `RT_STU_A` cannot sit beside `rt_stu_a`. The API computes it (`usernameKey` in packages/store); the
 *   backfill uses Postgres's own NFKC and lower(). Names that already collide keep their accounts: the
 *   later ones get their id appended to the key (they still sign in by their exact name). A trigger
 *   fills the key for a writer that leaves it out.
 * - `password_resets`: one live reset code per learner, issued by a teacher of their class or an admin,
 *   stored as its SHA-256 only, valid until `expires_at`, gone once used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table users add column username_key text
    `,
    `
    update users u set username_key = case
      when exists (
        select 1 from users o
        where lower(normalize(o.username, NFKC)) = lower(normalize(u.username, NFKC)) and o.id < u.id
      ) then lower(normalize(u.username, NFKC)) || '#' || u.id
      else lower(normalize(u.username, NFKC))
    end
    `,
    `
    alter table users alter column username_key set not null
    `,
    `
    create unique index users_username_folded on users (username_key)
    `,
    // A writer that does not give the key (a script, an older tool) gets it from the database: the same
    // fold for the usernames the API accepts (ASCII letters, digits, _ . -).
    `
    create function fill_username_key() returns trigger language plpgsql as $$
    begin
      if new.username_key is null or (tg_op = 'UPDATE' and new.username is distinct from old.username
          and new.username_key is not distinct from old.username_key) then
        new.username_key := lower(normalize(new.username, NFKC));
      end if;
      return new;
    end $$
    `,
    `
    create trigger users_username_key before insert or update of username, username_key on users
      for each row execute function fill_username_key()
    `,
    `
    create table password_resets (
      user_id bigint primary key references users(id) on delete cascade,
      code_hash text not null,
      issued_by bigint references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop trigger users_username_key on users
    `,
    `
    drop function fill_username_key()
    `,
    `
    drop table password_resets
    `,
    `
    drop index users_username_folded
    `,
    `
    alter table users drop column username_key
    `,
  ]);
}
