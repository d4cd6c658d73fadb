import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Issue 40: who closed an error-book record (`self`: the learner's tick; `appeal`: a teacher accepted
 * the appeal of its answer; `teacher`: a teacher confirmed its self-marked answer as right), so the
 * error book says 「老師接納申訴」 rather than 「自己標記」 for an accepted appeal. Records closed before
 * get their cause from the event that closed them: the learner's tick, unless a re-mark or a
 * confirmation of the same question stands at the record's `mastered_at` (one pass over those events
 * each, joined to the closed records).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const closedBy = (type: string, cause: string) => `
    update error_questions q set mastered_by = '${cause}'
      from events e
      where not q.is_active and e.type = '${type}' and e.stream_id = 'learner-' || q.user_id
        and e.data->>'questionId' = q.question_id and (e.data->>'at')::timestamptz = q.mastered_at`;
  await run(db, [
    `alter table error_questions add column mastered_by text
       check (mastered_by in ('self', 'appeal', 'teacher'))`,
    `update error_questions set mastered_by = 'self' where not is_active`,
    closedBy('AnswerRemarked', 'appeal'),
    closedBy('SelfMarkConfirmed', 'teacher'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['alter table error_questions drop column if exists mastered_by']);
}
