import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Homework and class leagues (issue 25).
 * - `classes.hide_global_leaderboard`: a teacher hides the global leaderboard from the class's
 *   students (they still see the class's league). A setting, not an event.
 * - `events_weekly_xp`: a partial index over the XP events by stream and time, so a class league
 *   (the XP each member earned since Monday 00:00 in Hong Kong) reads only this week's XP events.
 * Assignments themselves are events on the class's stream (`class-<id>`): no table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table classes add column hide_global_leaderboard boolean not null default false
    `,
    `
    create index events_weekly_xp on events (stream_id, recorded_at) where type = 'XpAwarded'
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [`drop index events_weekly_xp`, `alter table classes drop column hide_global_leaderboard`]);
}
