import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Classes (a teacher's group of learners, joined with a code), the current memberships, the
 * append-only record of every join and leave, and the replay's snapshots of a learner's view every
 * N stream versions (events are immutable, so a snapshot at a version never goes stale; a new view
 * shape gets a new `view_schema` and older snapshots are ignored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table classes (
      id bigint generated always as identity primary key,
      teacher_id bigint not null references users(id) on delete cascade,
      name text not null,
      join_code text not null unique,
      created_at timestamptz not null default now()
    )
    `,
    `
    create index classes_teacher on classes (teacher_id, created_at)
    `,
    `
    create table class_members (
      class_id bigint not null references classes(id) on delete cascade,
      user_id bigint not null references users(id) on delete cascade,
      joined_at timestamptz not null default now(),
      primary key (class_id, user_id)
    )
    `,
    `
    create index class_members_user on class_members (user_id)
    `,
    `
    create table class_membership_changes (
      id bigint generated always as identity primary key,
      class_id bigint not null references classes(id) on delete cascade,
      user_id bigint not null references users(id) on delete cascade,
      change text not null check (change in ('joined', 'left')),
      actor_id bigint not null,
      recorded_at timestamptz not null default now()
    )
    `,
    `
    create index class_membership_changes_class on class_membership_changes (class_id, id)
    `,
    `
    create table learner_replay_snapshots (
      user_id bigint not null,
      version integer not null,
      view_schema integer not null,
      at text,
      view jsonb not null,
      created_at timestamptz not null default now(),
      primary key (user_id, view_schema, version)
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop table learner_replay_snapshots
    `,
    `
    drop table class_membership_changes, class_members, classes
    `,
  ]);
}
