import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Personal data lives in the account, never in the log or the read models, so an erasure is a few
 * updates of `users` and no event is rewritten: the school name moves from the read models to `users`
 * (and out of the stored views and decider snapshots, which are caches of the log); a leaderboard
 * nickname and opt-out; `erased_at` marks an erased account. `user_totals.ranked` mirrors the opt-out
 * for the ranking (SQL index, and the Redis rebuild).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table users add column school_name text
    `,
    `
    alter table users add column nickname text
    `,
    `
    alter table users add column leaderboard_opt_out boolean not null default false
    `,
    `
    alter table users add column erased_at timestamptz
    `,
    `
    update users set school_name = t.school_name
    from user_totals t where t.user_id = users.id and t.school_name is not null
    `,
    `
    alter table user_totals drop column school_name
    `,
    `
    alter table user_totals add column ranked boolean not null default true
    `,
    `
    update learner_projections set view = view - 'schoolName' where view ? 'schoolName'
    `,
    `
    update streams set snapshot = snapshot - 'schoolName' where snapshot ? 'schoolName'
    `,
    `
    update learner_replay_snapshots set view = view - 'schoolName' where view ? 'schoolName'
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table user_totals drop column ranked
    `,
    `
    alter table user_totals add column school_name text
    `,
    `
    update user_totals set school_name = u.school_name from users u where u.id = user_totals.user_id
    `,
    `
    alter table users drop column erased_at, drop column leaderboard_opt_out, drop column nickname,
      drop column school_name
    `,
  ]);
}
