import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Teachers run their classes (issue 25, the invitation, class-account and class-question parts):
 * - `teacher_invitations`: a one-time code an admin hands a teacher; only its SHA-256 is stored, valid
 *   until `expires_at` (a week), used once (`redeemed_by`/`redeemed_at`) or revoked (`revoked_at`).
 * - `users.must_change_password`: an account a teacher made for a class carries a one-time password;
 *   until its owner sets their own, every call but the password change is refused.
 * - `users.created_for_class`: the class an account was made for (null for a sign-up).
 * - `questions.published_at`/`published_by`/`withdrawn_at`: a teacher's question (`origin = 'user'`) is
 *   served only to the learners of its author's classes until an admin publishes it; a withdrawn one to
 *   nobody. Every teacher question that existed before stays with its author's classes until published
 *   (an admin's upload is published at once).
 * - `question_changes`: the append-only record of every addition, edit, publication and withdrawal of
 *   a teacher's question, with who and when (like `class_membership_changes`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table teacher_invitations (
      id bigint generated always as identity primary key,
      code_hash text not null unique,
      note text not null default '',
      created_by bigint references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      redeemed_by bigint references users(id) on delete set null,
      redeemed_at timestamptz,
      revoked_at timestamptz
    )
    `,
    `
    alter table users add column must_change_password boolean not null default false
    `,
    // No foreign key: classes already point to users (their teacher), and a cycle would leave the
    // backup no order to restore the two tables in.
    `
    alter table users add column created_for_class bigint
    `,
    `
    alter table questions add column published_at timestamptz
    `,
    `
    alter table questions add column published_by bigint references users(id) on delete set null
    `,
    `
    alter table questions add column withdrawn_at timestamptz
    `,
    // An admin's upload (content-format questions, also `origin = 'user'`) was always for everyone.
    `
    update questions set published_at = created_at, published_by = created_by
    where origin = 'user' and created_by in (select id from users where 'admin' = any(roles))
    `,
    `
    create index questions_unpublished on questions (created_by, lesson_id)
      where origin = 'user' and published_at is null and withdrawn_at is null
    `,
    `
    create table question_changes (
      id bigint generated always as identity primary key,
      question_id text not null references questions(id) on delete cascade,
      change text not null check (change in ('added', 'edited', 'published', 'withdrawn')),
      actor_id bigint references users(id) on delete set null,
      recorded_at timestamptz not null default now()
    )
    `,
    `
    create index question_changes_question on question_changes (question_id, id)
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop table question_changes
    `,
    `
    drop index questions_unpublished
    `,
    `
    alter table questions drop column withdrawn_at, drop column published_by, drop column published_at
    `,
    `
    alter table users drop column created_for_class, drop column must_change_password
    `,
    `
    drop table teacher_invitations
    `,
  ]);
}
