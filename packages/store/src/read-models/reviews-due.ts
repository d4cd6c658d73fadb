/**
 * How many reviews each learner has due: the one figure the daily reminder reads
 * (`decideReminder`'s `dueCount`).
 *
 * For now it counts the error book's open items (questions answered wrongly and not yet mastered:
 * what is still to practise), which have no due time of their own. When the spaced-repetition cards
 * (FSRS, with a due time per card) land, this function counts their cards due at `now` instead; its
 * callers do not change.
 */
import type { Db } from '../db.ts';

/** Reviews due at `now` for each learner asked for (a learner with none is absent from the map). */
export async function countDueReviews(
  db: Db,
  userIds: readonly string[],
  _now: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('error_questions')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', [...userIds])
    .where('is_active', '=', true)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [String(r.user_id), Number(r.n)]));
}
