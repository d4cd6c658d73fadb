import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Issue 36: an accepted rendering has a scope and a status, and every change to it is logged.
 * - `accepted_renderings.id`: a rendering's own key (the same words may be accepted by two teachers for
 *   their own classes, and accepted again after a revert), so the old primary key goes; one active row
 *   per question, point, words and scope remains (`accepted_renderings_active`).
 * - `scope_teacher_id`: null for everyone; else the rendering marks only the learners of that
 *   teacher's classes. `status`: `pending` (a teacher's, for their classes, awaiting an admin),
 *   `approved` (for everyone), `rejected` (an admin kept it to the teacher's classes), `reverted`
 *   (for no one). Rows before this migration were for everyone: `approved`.
 * - `rendering_changes`: the append-only log of those changes (who, when, what, the scope after it),
 *   refused updates and deletes by the events' trigger function; the rows before are logged as accepted.
 * - `events_appeals` also covers AnswerRemarkedOnRevert, which the appeals read model folds too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table accepted_renderings drop constraint accepted_renderings_pkey`,
    `alter table accepted_renderings add column id bigserial primary key`,
    `alter table accepted_renderings add column scope_teacher_id bigint`,
    `
    alter table accepted_renderings add column status text not null default 'approved'
      check (status in ('pending', 'approved', 'rejected', 'reverted'))
    `,
    `
    create unique index accepted_renderings_active
      on accepted_renderings (question_id, point_id, rendering, coalesce(scope_teacher_id, 0))
      where status <> 'reverted'
    `,
    `drop index events_appeals`,
    `
    create index events_appeals on events (stream_id, version)
      where type in ('AnswerAppealed', 'AppealDeclined', 'AnswerRemarked', 'AnswerRemarkedOnRevert')
    `,
    `
    create table rendering_changes (
      id bigserial primary key,
      rendering_id bigint not null references accepted_renderings(id),
      action text not null check (action in ('accepted', 'approved', 'rejected', 'reverted')),
      scope text not null check (scope in ('class', 'global', 'none')),
      actor_id bigint references users(id) on delete set null,
      at timestamptz not null default now()
    )
    `,
    `create index rendering_changes_rendering on rendering_changes (rendering_id, id)`,
    `
    create trigger rendering_changes_immutable before update or delete on rendering_changes
      for each row execute function forbid_event_change()
    `,
    `
    insert into rendering_changes (rendering_id, action, scope, actor_id, at)
      select id, 'accepted', 'global', accepted_by, accepted_at from accepted_renderings
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `drop trigger rendering_changes_immutable on rendering_changes`,
    `drop table rendering_changes`,
    `drop index events_appeals`,
    `
    create index events_appeals on events (stream_id, version)
      where type in ('AnswerAppealed', 'AppealDeclined', 'AnswerRemarked')
    `,
    `drop index accepted_renderings_active`,
    `delete from accepted_renderings where status = 'reverted'`,
    `alter table accepted_renderings drop column status`,
    `alter table accepted_renderings drop column scope_teacher_id`,
    `alter table accepted_renderings drop column id`,
    `alter table accepted_renderings add primary key (question_id, point_id, rendering)`,
  ]);
}
