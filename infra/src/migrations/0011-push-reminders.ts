import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * The opt-in daily reminder (Web Push):
 * - `vapid_keys`: the deployment's one VAPID key pair (the row with id 1), made at first start by the
 *   first process that finds none. Kept with the data, so a backup carries it and every API and worker
 *   process of a deployment signs with the same pair (subscriptions are bound to its public key).
 * - `push_subscriptions`: a learner's devices, one row per push endpoint (a browser's endpoint belongs
 *   to whoever subscribed on it last). Gone with the account's erasure (and its row).
 * - `reminder_settings`: the opt-in and the Hong Kong hour the learner wants it from.
 * - `reminders_sent`: one row per learner per Hong Kong day a reminder went (the key is the bound:
 *   the sender claims the day before it sends, so restarts and several workers send it once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table vapid_keys (
      id smallint primary key check (id = 1),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )
    `,
    `
    create table push_subscriptions (
      endpoint text primary key,
      user_id bigint not null references users(id) on delete cascade,
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null default now()
    )
    `,
    `
    create index push_subscriptions_user on push_subscriptions (user_id)
    `,
    `
    create table reminder_settings (
      user_id bigint primary key references users(id) on delete cascade,
      enabled boolean not null default false,
      hour smallint not null default 19 check (hour between 0 and 23),
      updated_at timestamptz not null default now()
    )
    `,
    `
    create index reminder_settings_enabled on reminder_settings (hour, user_id) where enabled
    `,
    `
    create table reminders_sent (
      user_id bigint not null references users(id) on delete cascade,
      day text not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      kind text not null,
      due_count integer not null,
      streak_days integer not null,
      devices integer not null default 0,
      sent_at timestamptz not null default now(),
      primary key (user_id, day)
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `drop table reminders_sent`,
    `drop table reminder_settings`,
    `drop table push_subscriptions`,
    `drop table vapid_keys`,
  ]);
}
