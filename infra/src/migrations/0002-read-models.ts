import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Read models: disposable projections of the learner streams, written by the projector together
 * with each learner's checkpoint (the stream version folded so far) in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table learner_projections (
      user_id bigint primary key,
      checkpoint integer not null default 0,
      view jsonb not null,
      view_schema integer not null,
      last_event_at timestamptz,
      projected_at timestamptz not null default now()
    )
    `,
    `
    create table user_totals (
      user_id bigint primary key,
      total_xp integer not null default 0,
      level integer not null default 1,
      streak_days integer not null default 0,
      last_active_date text,
      last_active_at timestamptz,
      school_name text,
      completed_lessons integer not null default 0,
      average_accuracy double precision not null default 0,
      answers_count integer not null default 0,
      correct_count integer not null default 0,
      updated_at timestamptz not null default now()
    )
    `,
    `
    create index user_totals_rank on user_totals (total_xp desc, user_id asc)
    `,
    `
    create table user_lesson_stats (
      user_id bigint not null,
      lesson_id integer not null,
      questions_completed integer not null,
      total_questions integer not null,
      correct_answers integer not null,
      xp_earned integer not null,
      accuracy double precision not null,
      updated_at timestamptz,
      primary key (user_id, lesson_id)
    )
    `,
    `
    create table completed_activities (
      user_id bigint not null,
      lesson_id integer not null,
      activity_type text not null,
      completed_at timestamptz,
      primary key (user_id, lesson_id, activity_type)
    )
    `,
    `
    create table error_questions (
      user_id bigint not null,
      question_id text not null,
      attempt_count integer not null,
      incorrect_answer text,
      correct_answer text,
      user_explanation text,
      is_active boolean not null,
      mastered_at timestamptz,
      first_error_at timestamptz,
      last_attempt_at timestamptz,
      primary key (user_id, question_id)
    )
    `,
    `
    create table vocabulary_records (
      user_id bigint not null,
      seq integer not null,
      exercise_type text not null,
      exercise_id text not null,
      lesson_ids jsonb,
      score integer not null,
      time_spent integer not null,
      questions_answered integer not null,
      correct_answers integer not null,
      difficulty text,
      completed_at timestamptz,
      primary key (user_id, seq)
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop table vocabulary_records, error_questions, completed_activities, user_lesson_stats, user_totals,
      learner_projections
    `,
  ]);
}
