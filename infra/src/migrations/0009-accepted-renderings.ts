import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Accepted renderings: a rendering a teacher (or admin) accepted for a scoring point of a question's
 * marking scheme when resolving an appeal, with who accepted it and when. Content, not an event: the
 * marker merges these into the scheme for every later answer (by anyone). Kept apart from `questions`
 * so the content import, which refreshes the schemes, never loses them.
 *
 * The partial index serves the appeals read model, which reads the three appeal events of the
 * learner streams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table accepted_renderings (
      question_id text not null,
      point_id text not null,
      rendering text not null,
      accepted_by bigint references users(id) on delete set null,
      accepted_at timestamptz not null default now(),
      learner_id bigint references users(id) on delete set null,
      answer_version integer,
      primary key (question_id, point_id, rendering)
    )
    `,
    `
    create index events_appeals on events (stream_id, version)
      where type in ('AnswerAppealed', 'AppealDeclined', 'AnswerRemarked')
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [`drop index events_appeals`, `drop table accepted_renderings`]);
}
