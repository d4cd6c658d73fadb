import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Issue 40: who closed an error-book record (`self`: the learner's tick; `appeal`: a teacher accepted
 * the appeal of its answer; `teacher`: a teacher confirmed its self-marked answer as right), so the
 * error book says 「老師接納申訴」 rather than 「自己標記」 for an accepted appeal. Records closed before
 * get their cause from the event that closed them: the re-mark or confirmation of the same question at
 * the record's `mastered_at`, else the learner's tick (the only other way a record closes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table error_questions add column mastered_by text
       check (mastered_by in ('self', 'appeal', 'teacher'))`,
    `update error_questions q set mastered_by = case
       when exists (
         select 1 from events e
         where e.stream_id = 'learner-' || q.user_id and e.type = 'AnswerRemarked'
           and e.data->>'questionId' = q.question_id and (e.data->>'at')::timestamptz = q.mastered_at
       ) then 'appeal'
       when exists (
         select 1 from events e
         where e.stream_id = 'learner-' || q.user_id and e.type = 'SelfMarkConfirmed'
           and e.data->>'questionId' = q.question_id and (e.data->>'at')::timestamptz = q.mastered_at
       ) then 'teacher'
       else 'self'
     end
     where not q.is_active`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['alter table error_questions drop column if exists mastered_by']);
}
