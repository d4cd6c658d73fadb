/**
 * How many reviews each learner has due: the one figure the daily reminder reads
 * (`decideReminder`'s `dueCount`). A review is due today when its card (`review_cards`, the FSRS read
 * model) is due before the end of the Hong Kong day, the rule of the due list and the lobby's 今日複習
 * (`isDueBy` in the domain's scheduler).
 */
import { endOfHongKongDayMs } from '@wenyan/domain';
import type { Db } from '../db.ts';

/** Reviews due by the end of `now`'s Hong Kong day, per learner asked for (none: absent from the map). */
export async function countDueReviews(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_cards')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', [...userIds])
    .where('due', '<', new Date(endOfHongKongDayMs(now.getTime())))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [String(r.user_id), Number(r.n)]));
}
