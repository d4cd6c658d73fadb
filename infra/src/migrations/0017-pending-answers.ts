import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * 待老師批閱 (issue 36): `pending_answers`, a read model with one row per answer the marker left
 * pending (the projector writes it from AnswerSubmitted with `pendingReview` and AnswerTeacherMarked;
 * rebuilt by `npm run projections:rebuild`). The marker's provisional points are kept as recorded, and
 * the teacher's marks once given. `(status, submitted_at)` is the queue's index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table pending_answers (
      user_id bigint not null,
      answer_version integer not null,
      question_id text not null,
      lesson_id integer not null,
      question_type text not null,
      selected_answer text not null,
      points jsonb not null,
      points_earned integer not null,
      points_available integer not null,
      submitted_at timestamptz not null,
      status text not null,
      marked_points_earned integer,
      marked_is_correct boolean,
      marked_by text,
      teacher_note text,
      marked_at timestamptz,
      primary key (user_id, answer_version)
    )
    `,
    `
    create index pending_answers_queue on pending_answers (status, submitted_at)
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ['drop table if exists pending_answers']);
}
