/**
 * A scaled-down year of other learners' events in the log (issue 41, docs/capacity.md): the events of a
 * few real histories (through the decider and the event store), copied over synthetic learners and
 * spread over the last twelve months, each month's partition made first. `npm run bench:partitions`
 * measures the hot statements on it; `npm run load -- <scenario> YEAR_EVENTS=<n>` runs a scenario
 * against it.
 */
import { type Db, seedContent } from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { generateHistory, insertLearner, loadBank } from '../../tests/support/history.ts';

export interface YearOptions {
  /** Events to add, spread evenly over the synthetic learners. */
  events: number;
  /** Synthetic learners (stream ids `learner-900000001`…, no account). */
  learners: number;
  /** Real histories whose events are copied (40 actions each). */
  realLearners?: number;
  /** Make the last twelve months' partitions first (false: the log before migration 0023). */
  partitioned?: boolean;
  /** The content is seeded already. */
  seeded?: boolean;
  /**
   * Give each synthetic learner an account (`year_<n>`), so the worker projects their events as it
   * would a district's learners' (a load run waits for that catch-up); otherwise stream ids without an
   * account (`learner-900000001`…), which only the statements on the log see.
   */
  accounts?: boolean;
}

/** The real histories' events in the log: the copies' templates. */
export async function seedRealHistories(db: Db, count: number, seeded = false): Promise<void> {
  if (!seeded) await seedContent(db);
  const bank = await loadBank(db);
  for (let i = 0; i < count; i++) {
    const userId = await insertLearner(db, `real_${i}`);
    await generateHistory(db, userId, { seed: i + 1, actions: 40, days: 10, start: new Date(), bank });
  }
}

/** Copies the log's events over `learners` synthetic learners across the last year; seconds taken. */
export async function fillYear(
  db: Db,
  options: YearOptions,
): Promise<{ seconds: number; perLearner: number }> {
  const raw = db.withoutPlugins() as Kysely<unknown>;
  const perLearner = Math.ceil(options.events / options.learners);
  if (options.partitioned ?? true) {
    await sql`select event_month_partition(now() - make_interval(months => m)) from generate_series(1, 12) m`.execute(
      raw,
    );
  }
  // The synthetic learners: n → their stream's id (an account's id, or 900000000 + n).
  await sql`create table year_learners (n integer primary key, id bigint not null)`.execute(raw);
  if (options.accounts) {
    await sql`insert into users (username, username_key)
      select 'year_' || i, 'year_' || i from generate_series(1, ${options.learners}::integer) i`.execute(raw);
    await sql`insert into year_learners (n, id)
      select substr(username, 6)::integer, id from users where username like 'year\_%'`.execute(raw);
  } else {
    await sql`insert into year_learners (n, id)
      select i, 900000000 + i from generate_series(1, ${options.learners}::integer) i`.execute(raw);
  }
  await sql`insert into streams (stream_id, version)
    select 'learner-' || id, ${perLearner}::integer from year_learners`.execute(raw);
  const started = performance.now();
  await sql`
    with r as (select row_number() over (order by position) - 1 as n, type, schema_version, data, metadata from events),
    c as (select count(*) as c from r)
    insert into events (event_id, stream_id, version, type, schema_version, data, metadata, recorded_at)
    select gen_random_uuid(), 'learner-' || y.id, v, r.type, r.schema_version, r.data, r.metadata,
      now() - interval '365 days' + (v::float8 / ${perLearner}) * interval '364 days' + (y.n % 3600) * interval '1 second'
    from year_learners y cross join generate_series(1, ${perLearner}::integer) v
    join r on r.n = (y.n * 7 + v) % (select c from c)`.execute(raw);
  await sql`drop table year_learners`.execute(raw);
  const seconds = (performance.now() - started) / 1000;
  await sql`analyze events`.execute(raw);
  return { seconds, perLearner };
}
