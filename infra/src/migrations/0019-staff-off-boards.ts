import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Boards for students (issue 37): teachers and admins are off the global board and the class leagues
 * unless they choose to join (the leaderboard setting they can turn back on). Accounts that are staff
 * already leave the boards here; a role granted later does the same (`setRoles`). The Redis ranking of
 * the distributed mode follows at each learner's next projection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `update users set leaderboard_opt_out = true where roles && array['teacher', 'admin']::text[]`,
    `update user_totals set ranked = false
       where user_id in (select id from users where leaderboard_opt_out)`,
  ]);
}

/** Nothing to undo: who chose which setting before is not known, and both are valid settings. */
export async function down(): Promise<void> {}
