import type { Kysely } from 'kysely';
import { run } from './run.ts';

/** The columns after the keys, the same in the partitioned table and the single one it replaces. */
const EVENT_BODY_COLUMNS = `version integer not null,
      type text not null,
      schema_version integer not null,
      data jsonb not null,
      metadata jsonb not null default '{}',
      recorded_at timestamptz not null default now(),`;

/**
 * Issue 41: the event log partitioned by month (RANGE on `recorded_at`, months in UTC), so a year of a
 * district's answers is twelve tables an operator can size, vacuum, archive or move on their own, and
 * a read bounded in time (the week's XP, the pace flag, homework since a date) reads only its months.
 *
 * - Partitions `events_y<YYYY>m<MM>` from the month of the oldest event to three months ahead, and
 *   `events_default` for anything outside them. `ensure_event_partitions(ahead)` makes the missing
 *   months from the current one to `ahead` months on, idempotently and under an advisory lock (every
 *   process calls it when it opens the database, and daily: `ensureEventPartitions` in the store). A
 *   month whose rows already sit in the default partition is left there (it would refuse the new
 *   partition), reported by a notice; the rows stay readable.
 * - The rows are copied with their `position` and `tx_id`: every `readAllCommitted` cursor stays valid.
 *   `position` comes from a sequence owned by the column (Postgres before 17 has no identity column on
 *   a partitioned table), continuing after the copied rows.
 * - A unique constraint of a partitioned table must hold the partition key, so the primary key is
 *   `(position, recorded_at)` and `(stream_id, version)` and `event_id` are indexed, no longer unique.
 *   `(stream_id, version)` stays unique by the stream's compare-and-set: every append moves
 *   `streams.version` from the version it read (an insert for a new stream, `on conflict do nothing`;
 *   an update `where version = expected` otherwise, which the row lock serialises) in the statement that
 *   inserts the events, and nothing appends otherwise (a restore fills an empty log). `event_id` is a
 *   random UUID.
 * - The immutability triggers, the stream foreign key and the partial indexes come along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table events rename to events_unpartitioned`,
    `alter table events_unpartitioned rename constraint events_pkey to events_unpartitioned_pkey`,
    `alter table events_unpartitioned rename constraint events_event_id_key to events_unpartitioned_event_id_key`,
    `alter table events_unpartitioned rename constraint events_stream_id_version_key to events_unpartitioned_stream_version_key`,
    // The copy is checked by the new table's key; the name goes to it.
    `alter table events_unpartitioned drop constraint if exists events_stream_id_fkey`,
    `drop index events_tx`,
    `drop index events_appeals`,
    `drop index events_weekly_xp`,
    `create sequence events_position as bigint`,
    `
    create table events (
      position bigint not null default nextval('events_position'),
      tx_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null,
      stream_id text not null constraint events_stream_id_fkey references streams(stream_id),
      ${EVENT_BODY_COLUMNS}
      primary key (position, recorded_at)
    ) partition by range (recorded_at)
    `,
    `alter sequence events_position owned by events.position`,
    `create index events_stream_version on events (stream_id, version)`,
    `create index events_event_id on events (event_id)`,
    `create index events_tx on events (tx_id, position)`,
    `
    create index events_appeals on events (stream_id, version)
      where type in ('AnswerAppealed', 'AppealDeclined', 'AnswerRemarked', 'AnswerRemarkedOnRevert')
    `,
    `create index events_weekly_xp on events (stream_id, recorded_at) where type = 'XpAwarded'`,
    `create table events_default partition of events default`,
    `
    create function event_month_partition(month timestamptz) returns boolean language plpgsql as $$
    declare
      start timestamptz := date_trunc('month', month at time zone 'UTC') at time zone 'UTC';
      stop timestamptz := start + interval '1 month';
      part text := 'events_y' || to_char(start at time zone 'UTC', 'YYYY"m"MM');
    begin
      if to_regclass(part) is not null then
        return false;
      end if;
      if exists (select 1 from events_default where recorded_at >= start and recorded_at < stop) then
        raise notice 'events of % are in events_default: % not made', start, part;
        return false;
      end if;
      execute format('create table %I partition of events for values from (%L) to (%L)', part, start, stop);
      return true;
    end $$
    `,
    `
    create function ensure_event_partitions(ahead integer) returns integer language plpgsql as $$
    declare
      this_month timestamptz := date_trunc('month', now() at time zone 'UTC') at time zone 'UTC';
      made integer := 0;
      missing boolean := false;
    begin
      -- The common case takes no lock: every month is there.
      for i in 0..ahead loop
        if to_regclass('events_y' || to_char((this_month + make_interval(months => i)) at time zone 'UTC',
            'YYYY"m"MM')) is null then
          missing := true;
        end if;
      end loop;
      if not missing then
        return 0;
      end if;
      perform pg_advisory_xact_lock(hashtext('wenyan:event-partitions'));
      for i in 0..ahead loop
        if event_month_partition(this_month + make_interval(months => i)) then
          made := made + 1;
        end if;
      end loop;
      return made;
    end $$
    `,
    `
    do $$
    declare
      oldest timestamptz := coalesce((select min(recorded_at) from events_unpartitioned), now());
      month timestamptz := date_trunc('month', oldest at time zone 'UTC') at time zone 'UTC';
    begin
      while month <= now() loop
        perform event_month_partition(month);
        month := month + interval '1 month';
      end loop;
      perform ensure_event_partitions(3);
    end $$
    `,
    `
    insert into events (position, tx_id, event_id, stream_id, version, type, schema_version, data, metadata,
      recorded_at)
    select position, tx_id, event_id, stream_id, version, type, schema_version, data, metadata, recorded_at
    from events_unpartitioned
    `,
    `select setval('events_position', coalesce((select max(position) from events), 0) + 1, false)`,
    `drop table events_unpartitioned`,
    `
    create trigger events_immutable before update or delete on events
      for each row execute function forbid_event_change()
    `,
    `
    create trigger events_no_truncate before truncate on events
      for each statement execute function forbid_event_change()
    `,
  ]);
}

/** Back to one table, the rows kept with their positions (the partitions' rows copied in order). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table events rename to events_partitioned`,
    `alter table events_partitioned rename constraint events_pkey to events_partitioned_pkey`,
    `alter table events_partitioned drop constraint if exists events_stream_id_fkey`,
    `alter index events_tx rename to events_partitioned_tx`,
    `alter index events_appeals rename to events_partitioned_appeals`,
    `alter index events_weekly_xp rename to events_partitioned_weekly_xp`,
    `
    create table events (
      position bigint generated always as identity primary key,
      tx_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null unique,
      stream_id text not null constraint events_stream_id_fkey references streams(stream_id),
      ${EVENT_BODY_COLUMNS}
      unique (stream_id, version)
    )
    `,
    `
    insert into events (position, tx_id, event_id, stream_id, version, type, schema_version, data, metadata,
      recorded_at)
    overriding system value
    select position, tx_id, event_id, stream_id, version, type, schema_version, data, metadata, recorded_at
    from events_partitioned order by position
    `,
    `
    select setval(pg_get_serial_sequence('events', 'position'),
      coalesce((select max(position) from events), 0) + 1, false)
    `,
    `drop table events_partitioned`,
    `drop function ensure_event_partitions(integer)`,
    `drop function event_month_partition(timestamptz)`,
    `create index events_tx on events (tx_id, position)`,
    `
    create index events_appeals on events (stream_id, version)
      where type in ('AnswerAppealed', 'AppealDeclined', 'AnswerRemarked', 'AnswerRemarkedOnRevert')
    `,
    `create index events_weekly_xp on events (stream_id, recorded_at) where type = 'XpAwarded'`,
    `
    create trigger events_immutable before update or delete on events
      for each row execute function forbid_event_change()
    `,
    `
    create trigger events_no_truncate before truncate on events
      for each statement execute function forbid_event_change()
    `,
  ]);
}
