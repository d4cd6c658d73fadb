import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Review to exam day (issue 21):
 * - `questions.tags`: the kinds of 文言 knowledge a question tests (content's `tags`, main first; `[]`
 *   for a question not tagged yet), so accuracy and open error-book items can be grouped by them.
 * - `review_cards`: a read model, one row per question a learner has answered (the projector writes it
 *   from the learner view's review book; rebuilt by `npm run projections:rebuild`). `(user_id, due)` is
 *   the due list's index.
 * - `review_settings`: a read model, one row per learner: the exam plan in force, the daily goal, the
 *   first-sign-in guide, and the due reviews of their latest day.
 * - `exam_dates`: the admin's default HKDSE Chinese Language date per exam year (content-like
 *   configuration, not a read model: a rebuild keeps it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table questions add column tags jsonb not null default '[]'::jsonb
    `,
    `
    create table review_cards (
      user_id bigint not null,
      question_id text not null,
      lesson_id integer not null,
      question_type text not null,
      state text not null,
      stability double precision not null,
      difficulty double precision not null,
      reps integer not null,
      correct integer not null,
      lapses integer not null,
      last_rating text not null,
      last_review timestamptz not null,
      due timestamptz not null,
      primary key (user_id, question_id)
    )
    `,
    `
    create index review_cards_due on review_cards (user_id, due)
    `,
    `
    create table review_settings (
      user_id bigint primary key,
      exam_date text,
      exam_date_source text,
      exam_year integer,
      target_recall double precision not null,
      daily_goal integer not null,
      guide_completed boolean not null,
      reviewed_day text,
      reviewed_count integer not null
    )
    `,
    `
    create table exam_dates (
      year integer primary key,
      exam_date text not null,
      updated_by bigint references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop table exam_dates
    `,
    `
    drop table review_settings
    `,
    `
    drop table review_cards
    `,
    `
    alter table questions drop column tags
    `,
  ]);
}
