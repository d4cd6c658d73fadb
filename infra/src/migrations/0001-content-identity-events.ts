import type { Kysely } from 'kysely';
import { run } from './run.ts';

/** Content tables, accounts and sessions, and the append-only event log with its stream heads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    create table lessons (
      id integer primary key,
      title text not null,
      author text not null,
      era text not null,
      genre text not null,
      lesson_group text,
      source text not null,
      extract text,
      content text not null,
      character_count integer not null,
      category text not null,
      difficulty text not null,
      description text not null
    )
    `,
    `
    create table vocabulary_sessions (
      id integer primary key,
      title text not null,
      description text not null
    )
    `,
    `
    create table dse_papers (
      id integer primary key,
      year text not null,
      title text not null,
      status text not null
    )
    `,
    `
    create table questions (
      id text primary key,
      lesson_id integer not null references lessons(id),
      type text not null,
      difficulty text not null,
      character_frequency integer,
      content text not null,
      target_text text,
      highlight text,
      options jsonb,
      correct_answer text not null,
      keywords jsonb,
      explanation text not null,
      cultural_context text,
      session_id integer references vocabulary_sessions(id),
      paper_id integer references dse_papers(id),
      position integer not null default 0,
      points integer,
      origin text not null default 'bank',
      created_by bigint,
      created_at timestamptz not null default now()
    )
    `,
    `
    create index questions_lesson_type on questions (lesson_id, type)
    `,
    `
    create index questions_session on questions (session_id) where session_id is not null
    `,
    `
    create index questions_paper on questions (paper_id) where paper_id is not null
    `,
    `
    create table content_documents (
      key text primary key,
      data jsonb not null,
      updated_at timestamptz not null default now()
    )
    `,
    `
    create table uploaded_texts (
      id bigint generated always as identity primary key,
      title text not null,
      content text not null,
      type text not null,
      uploaded_by bigint not null,
      created_at timestamptz not null default now()
    )
    `,
    `
    create table users (
      id bigint generated always as identity primary key,
      username text not null unique,
      password_hash text,
      oidc_subject text unique,
      first_name text,
      last_name text,
      email text,
      profile_image_url text,
      roles text[] not null default '{student}',
      character_threshold integer not null default 400,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
    `,
    `
    create table sessions (
      id text primary key,
      user_id bigint not null references users(id) on delete cascade,
      remember_me boolean not null default false,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    )
    `,
    `
    create index sessions_user on sessions (user_id)
    `,
    `
    create table streams (
      stream_id text primary key,
      version integer not null default 0,
      snapshot jsonb,
      snapshot_schema integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
    `,
    `
    create table events (
      position bigint generated always as identity primary key,
      tx_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null unique,
      stream_id text not null references streams(stream_id),
      version integer not null,
      type text not null,
      schema_version integer not null,
      data jsonb not null,
      metadata jsonb not null default '{}',
      recorded_at timestamptz not null default now(),
      unique (stream_id, version)
    )
    `,
    `
    create index events_tx on events (tx_id, position)
    `,
    `
    create function forbid_event_change() returns trigger language plpgsql as $$
    begin
      raise exception 'events are immutable: % is not allowed', tg_op using errcode = 'WYT01';
    end $$
    `,
    `
    create trigger events_immutable before update or delete on events
      for each row execute function forbid_event_change()
    `,
    `
    create trigger events_no_truncate before truncate on events
      for each statement execute function forbid_event_change()
    `,
    `
    create table idempotency_keys (
      user_id bigint not null,
      key text not null,
      request_hash text not null,
      status_code integer not null,
      response jsonb not null,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    drop table idempotency_keys
    `,
    `
    drop trigger events_no_truncate on events
    `,
    `
    drop trigger events_immutable on events
    `,
    `
    drop table events
    `,
    `
    drop function forbid_event_change()
    `,
    `
    drop table streams, sessions, users, uploaded_texts, content_documents, questions, dse_papers,
      vocabulary_sessions, lessons
    `,
  ]);
}
