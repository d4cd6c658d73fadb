/** Checks of a learner's error book that more than one way of closing a record shares. */
import { migrations } from '@wenyan/infra';
import type { Db } from '@wenyan/store';
import { expect } from 'vitest';

/**
 * Migration 0024 (`0024-error-mastered-by`), run down and up again, gives the learner's closed error
 * records the cause the fold gave them; `cause` is among them.
 */
export async function expectMigration0024KeepsCauses(db: Db, userId: string, cause: string): Promise<void> {
  const causes = async () =>
    (
      await db
        .selectFrom('error_questions')
        .select(['question_id', 'mastered_by'])
        .where('user_id', '=', userId)
        .where('is_active', '=', false)
        .orderBy('question_id')
        .execute()
    ).map((r) => [r.question_id, r.mastered_by]);
  const folded = await causes();
  expect(folded.map(([, closedBy]) => closedBy)).toContain(cause);
  const migration = migrations['0024-error-mastered-by']!;
  await migration.down?.(db);
  await migration.up(db);
  expect(await causes()).toEqual(folded);
}
