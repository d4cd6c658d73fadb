/**
 * The rebuild of the read models from the event log, serving throughout (issue 38):
 *
 * 1. `prepareRebuild` makes the schema `wenyan_rebuild` with an empty shadow of every read-model table
 *    (`create table … (like public.… including all)`) and a `rebuild_state` row (when it started). A
 *    shadow already there, of the live tables' shape, is kept: the rebuild resumes.
 * 2. `rebuildPartition` folds the learners of one partition (`hashtext(stream id)` mod `count`) into
 *    the shadow, in stream-id order. A learner with nothing in the shadow yet (the bulk of a rebuild)
 *    is folded whole: up to `REBUILD_BATCH` learners or `REBUILD_EVENTS` events a transaction, their
 *    events in one plain read, each history folded in memory (`foldHistory`: the live batches' contract
 *    of items, at a cost that does not grow with the history) and each read model's final rows
 *    written once, by the projector's own statement (`writeReadModels`, from the registry's row
 *    builders), so the rebuild cannot diverge from live projection. Any other learner (a resumed
 *    one, an older view) goes through the projector's batch path (`createProjector({ schema })`).
 *    Each learner's shadow checkpoint is the rebuild's checkpoint: a learner whose shadow row is at
 *    their stream's version is skipped, so an interrupted partition, run again, goes on where it
 *    stopped. Partitions run in parallel, in any processes.
 * 3. `finishRebuild` folds whatever is still behind in the shadow (events appended meanwhile, a
 *    partition never run), then swaps in ONE transaction: under the ranking's rebuild lock (no
 *    projection batch in flight) and a share lock on `users`, it reapplies what changed outside the log
 *    while it built (leaderboard opt-outs, erasures), drops each live table, moves its shadow into
 *    `public` with the live indexes' names, and drops the schema. Then the live projector catches up
 *    the learners whose events came between the last shadow pass and the swap, and the ranking index
 *    is replaced. Reads see the old tables until the swap's commit, the new ones after it.
 */
import {
  projectLearner as fold,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerFold,
  type LearnerItems,
  type LearnerView,
  withItems,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import {
  LEARNER_STREAM_PREFIX,
  LEARNER_STREAMS_LIKE,
  learnerStreamId,
  userIdOfStream,
} from './event-store.ts';
import { LEADERBOARD_REBUILD_LOCK, type LeaderboardIndex, rankedFigures } from './leaderboard.ts';
import { createLocalBroadcast } from './ports.ts';
import { PREPARED } from './prepared.ts';
import { forgetFreeText } from './privacy-repo.ts';
import { type LearnerChange, type LoggedEvent, READ_MODEL_TABLES } from './projections.ts';
import { createProjector, type Projector, toDomain, writeReadModels } from './projector.ts';

/** The schema of the shadow tables while a rebuild runs (absent otherwise). */
export const REBUILD_SCHEMA = 'wenyan_rebuild';

/** Learners a rebuild projects in one transaction at most. */
export const REBUILD_BATCH = 50;

/**
 * Events a rebuild's fresh batch reads and folds at most (a learner with more goes alone). A learner
 * with more than `FRESH_MAX` events (or with rows in the shadow already) goes the projector's way,
 * `BATCH` events a transaction.
 */
export const REBUILD_EVENTS = 10_000;
const FRESH_MAX = 100_000;

/** Learners a partition looks at in one page. */
const PAGE = 500;

/** Events folded over the same items: the fold copies a chunk's items at each event. */
const FOLD_CHUNK = 8;

/** Taken while the shadow is made, so partitions started together make it once. */
const PREPARE_LOCK = 3_800_022;

/** One share of the learners: those whose stream id hashes to `index` modulo `count`. */
export interface RebuildPartition {
  index: number;
  count: number;
}

/** Where a rebuild stands, after each batch: learners looked at and events folded by this run. */
export interface RebuildProgress {
  done: number;
  total: number;
  events: number;
}

export interface RebuildRun {
  /** Learners looked at (skipped ones included). */
  learners: number;
  /** Events folded by this run (a resumed run folds only what was left). */
  events: number;
}

/** Ranks nothing: the shadow's batches leave the live index alone (the finish replaces it). */
const noIndex: LeaderboardIndex = {
  async update() {},
  async remove() {},
  async top() {
    return [];
  },
  async ranks() {
    return new Map();
  },
  async total() {
    return 0;
  },
  async replaceAll() {},
};

/** The projector writing into the shadow tables. */
export function shadowProjector(db: Db): Projector {
  return createProjector({
    db,
    broadcast: createLocalBroadcast(),
    leaderboard: noIndex,
    nextVersion: async () => 0,
    schema: REBUILD_SCHEMA,
  });
}

const tableList = sql.join(READ_MODEL_TABLES.map((t) => sql.lit(t)));

/** The columns of the read-model tables of a schema, as one comparable text. */
function shapeOf(schema: string) {
  return sql<string>`(select coalesce(string_agg(table_name || '.' || column_name || ' ' || data_type || ' '
      || is_nullable || ' ' || coalesce(column_default, ''), ',' order by table_name, ordinal_position), '')
    from information_schema.columns where table_schema = ${schema} and table_name in (${tableList}))`;
}

/**
 * Makes the shadow tables, or keeps those of an interrupted rebuild when they have the live tables'
 * shape (a migration since: made again). `fresh` starts over whatever is there.
 */
export async function prepareRebuild(
  db: Db,
  options: { fresh?: boolean } = {},
): Promise<{ resumed: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PREPARE_LOCK}::bigint)`.execute(trx);
    const { rows } = await sql<{ state: boolean; same: boolean }>`
      select to_regclass(${`${REBUILD_SCHEMA}.rebuild_state`}) is not null as state,
        ${shapeOf('public')} = ${shapeOf(REBUILD_SCHEMA)} as same`.execute(trx);
    if (!options.fresh && rows[0]!.state && rows[0]!.same) return { resumed: true };
    await sql`drop schema if exists ${sql.id(REBUILD_SCHEMA)} cascade`.execute(trx);
    await sql`create schema ${sql.id(REBUILD_SCHEMA)}`.execute(trx);
    await sql`create table ${sql.id(REBUILD_SCHEMA, 'rebuild_state')} (
      started_at timestamptz not null default now())`.execute(trx);
    await sql`insert into ${sql.id(REBUILD_SCHEMA, 'rebuild_state')} default values`.execute(trx);
    for (const table of READ_MODEL_TABLES) {
      await sql`create table ${sql.id(REBUILD_SCHEMA, table)} (like ${sql.id('public', table)} including all)`.execute(
        trx,
      );
    }
    return { resumed: false };
  });
}

/**
 * One page of a partition's learners after `after` (stream-id order), each with whether the shadow is
 * behind their stream.
 */
async function pageOf(db: Db, partition: RebuildPartition, after: string, limit: number) {
  const { rows } = await sql<{ stream_id: string; behind: boolean; fresh: boolean; version: number }>`
    select s.stream_id, s.version,
      (p.user_id is null or p.checkpoint < s.version or p.view_schema <> ${LEARNER_VIEW_VERSION}) as behind,
      p.user_id is null as fresh
    from streams s
    left join ${sql.id(REBUILD_SCHEMA, 'learner_projections')} p
      on p.user_id = substr(s.stream_id, ${LEARNER_STREAM_PREFIX.length + 1})::bigint
    where s.stream_id like ${LEARNER_STREAMS_LIKE} and s.stream_id > ${after}
      and ((hashtext(s.stream_id) % ${partition.count}) + ${partition.count}) % ${partition.count} = ${partition.index}
    order by s.stream_id
    limit ${limit}
  `.execute(db);
  return rows;
}

/**
 * Folds one partition's learners into the shadow (made by `prepareRebuild`), skipping those already at
 * their stream's version. `onProgress` is awaited after each batch; a throw there stops the run (the
 * batches done stay done).
 */
export async function rebuildPartition(
  db: Db,
  partition: RebuildPartition = { index: 0, count: 1 },
  onProgress: (progress: RebuildProgress) => void | Promise<void> = () => {},
): Promise<RebuildRun> {
  if (!(partition.count >= 1 && partition.index >= 0 && partition.index < partition.count)) {
    throw new Error(`not a partition: ${partition.index}/${partition.count}`);
  }
  const projector = shadowProjector(db);
  const { rows } = await sql<{ total: number }>`
    select count(*)::integer as total from streams
    where stream_id like ${LEARNER_STREAMS_LIKE}
      and ((hashtext(stream_id) % ${partition.count}) + ${partition.count}) % ${partition.count} = ${partition.index}
  `.execute(db);
  const total = rows[0]!.total;
  let after = '';
  let done = 0;
  let events = 0;
  for (;;) {
    const page = await pageOf(db, partition, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.stream_id;
    // Learners with nothing in the shadow: their whole history at once, several a statement. The rest
    // (a resumed learner, an older view, a history too long to hold) the projector's way.
    const fresh = page.filter((r) => r.fresh && r.version <= FRESH_MAX);
    const others = page.filter((r) => r.behind && !(r.fresh && r.version <= FRESH_MAX));
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const folded = await foldFresh(db, batch);
      events += folded.events;
      // Those it could not take (a row in the shadow meanwhile, a failed batch): the projector's way.
      if (folded.left.length > 0) events += await projectInto(projector, folded.left);
      done += batch.length;
      batch = [];
      size = 0;
      await onProgress({ done, total, events });
    };
    for (const r of fresh) {
      if (batch.length === REBUILD_BATCH || (batch.length > 0 && size + r.version > REBUILD_EVENTS)) {
        await flush();
      }
      batch.push(userIdOfStream(r.stream_id));
      size += r.version;
    }
    await flush();
    const behind = others.map((r) => userIdOfStream(r.stream_id));
    for (let i = 0; i < behind.length; i += REBUILD_BATCH) {
      events += await projectInto(projector, behind.slice(i, i + REBUILD_BATCH));
    }
    if (page.length > fresh.length) {
      done += page.length - fresh.length;
      await onProgress({ done, total, events });
    }
  }
  return { learners: total, events };
}

/** Projects the learners with the (shadow) projector; the events it folded. */
async function projectInto(projector: Projector, userIds: readonly string[]): Promise<number> {
  let events = 0;
  for (const result of (await projector.projectLearners(userIds)).values()) events += result.applied;
  return events;
}

/** The question ids an event names (`data->>'questionId'`, as the projector's read), for its items. */
function questionIdOf(event: LoggedEvent): string | null {
  const id = event.data.questionId;
  return id === undefined || id === null ? null : typeof id === 'string' ? id : JSON.stringify(id);
}

/**
 * One learner's whole history folded as the projector folds a batch of it: `FOLD_CHUNK` events at a
 * time, each chunk over the core and only the items its events name (every card when an exam date is
 * among them), the items kept in memory in between. The same contract as the live batches (whose
 * read gives the fold exactly those items), at a cost that does not grow with the history: the fold
 * copies its items at every event.
 */
export function foldHistory(
  events: readonly LoggedEvent[],
  domainEvents: readonly LearnerEvent[],
): LearnerFold {
  let core: LearnerView = initialLearnerView;
  const errorBook: Record<string, LearnerItems['errorBook'][string]> = {};
  const cards: Record<string, LearnerItems['cards'][string]> = {};
  for (let i = 0; i < domainEvents.length; i += FOLD_CHUNK) {
    const end = Math.min(domainEvents.length, i + FOLD_CHUNK);
    const touchedErrors: Record<string, LearnerItems['errorBook'][string]> = {};
    const touchedCards: Record<string, LearnerItems['cards'][string]> = {};
    let replan = false;
    for (let k = i; k < end; k++) {
      if (domainEvents[k]!.type === 'ExamDateSet') replan = true;
      const id = questionIdOf(events[k]!);
      if (id === null) continue;
      if (errorBook[id] !== undefined) touchedErrors[id] = errorBook[id];
      if (cards[id] !== undefined) touchedCards[id] = cards[id];
    }
    const items = { errorBook: touchedErrors, cards: replan ? { ...cards } : touchedCards };
    const before = withItems(core, items);
    let after = before;
    for (let k = i; k < end; k++) after = fold(after, domainEvents[k]!);
    for (const id of Object.keys(before.errorBook)) if (!(id in after.errorBook)) delete errorBook[id];
    for (const id of Object.keys(before.reviews.cards)) if (!(id in after.reviews.cards)) delete cards[id];
    Object.assign(errorBook, after.errorBook);
    Object.assign(cards, after.reviews.cards);
    core = after;
  }
  return withItems(core, { errorBook, cards });
}

/** An event as the fresh batch reads it. */
interface FreshRow {
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  at: number;
}

/**
 * Folds the whole history of learners who have nothing in the shadow, in one transaction: their
 * events in one read, each history folded in memory, and their read models written once (the
 * projector's statement, one change per learner from the empty view). `left`: the learners it did
 * not take (a row in the shadow by now, or a history that cannot be folded: the batch is left whole
 * to the projector, which isolates such a learner).
 */
async function foldFresh(db: Db, userIds: readonly string[]): Promise<{ events: number; left: string[] }> {
  try {
    return await db.transaction().execute(async (trx) => {
      // As the projector's batch: the ranking's rebuild lock shared, each learner's lock, in one order.
      const { rows: taken } = await sql<{ taken: string[] }>`${sql.raw(PREPARED)}
        select set_config('search_path', ${`${REBUILD_SCHEMA}, public`}, true),
          set_config('synchronous_commit', 'off', true),
          pg_advisory_xact_lock_shared(${LEADERBOARD_REBUILD_LOCK}::bigint),
          (select count(pg_advisory_xact_lock(hashtext(s.id)))
           from (select id from json_array_elements_text(${JSON.stringify(userIds.map(learnerStreamId))}::json)
             as t(id) order by 1) s),
          -- Named with its schema: the search path set above applies to the statements after this one.
          array(select user_id::text from ${sql.id(REBUILD_SCHEMA, 'learner_projections')}
            where user_id = any(${userIds}::bigint[])) as taken
      `.execute(trx);
      const busy = new Set(taken[0]!.taken);
      const ids = userIds.filter((id) => !busy.has(id));
      if (ids.length === 0) return { events: 0, left: [...busy] };
      const { rows } = await sql<FreshRow>`${sql.raw(PREPARED)}
        select stream_id, version, type, schema_version, data, extract(epoch from recorded_at) * 1000 as at
        from events where stream_id = any(${ids.map(learnerStreamId)}::text[])
      `.execute(trx);
      const byStream = new Map<string, LoggedEvent[]>();
      for (const r of rows) {
        let list = byStream.get(r.stream_id);
        if (!list) {
          list = [];
          byStream.set(r.stream_id, list);
        }
        list.push({
          version: r.version,
          type: r.type,
          schemaVersion: r.schema_version,
          data: r.data,
          recordedAt: new Date(Math.floor(r.at)),
        });
      }
      const changes: LearnerChange[] = [];
      for (const userId of ids) {
        const events = byStream.get(learnerStreamId(userId));
        if (!events) continue;
        events.sort((a, b) => a.version - b.version);
        const domainEvents = events.map(toDomain);
        const after = foldHistory(events, domainEvents);
        changes.push({ userId, before: initialLearnerView, after, events, domainEvents });
      }
      if (changes.length > 0) await writeReadModels(trx, changes);
      return { events: rows.length, left: [...busy] };
    });
  } catch {
    return { events: 0, left: [...userIds] };
  }
}

/** Learners behind in the shadow (any partition), at most `limit`. */
async function behindInShadow(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`
    select s.stream_id from streams s
    left join ${sql.id(REBUILD_SCHEMA, 'learner_projections')} p
      on p.user_id = substr(s.stream_id, ${LEARNER_STREAM_PREFIX.length + 1})::bigint
    where s.stream_id like ${LEARNER_STREAMS_LIKE}
      and (p.user_id is null or p.checkpoint < s.version or p.view_schema <> ${LEARNER_VIEW_VERSION})
    order by s.stream_id
    limit ${limit}
  `.execute(db);
  return rows.map((r) => userIdOfStream(r.stream_id));
}

/** Folds every learner behind in the shadow, until none is (or a few passes under a steady load). */
async function catchUpShadow(db: Db): Promise<number> {
  const projector = shadowProjector(db);
  let events = 0;
  for (let pass = 0; pass < 100; pass++) {
    const behind = await behindInShadow(db, REBUILD_BATCH * 10);
    let applied = 0;
    for (let i = 0; i < behind.length; i += REBUILD_BATCH) {
      const results = await projector.projectLearners(behind.slice(i, i + REBUILD_BATCH));
      for (const r of results.values()) applied += r.applied;
    }
    events += applied;
    // None behind, or only learners whose events cannot be folded (left behind, as live).
    if (applied === 0) break;
  }
  return events;
}

/** The live indexes' names by table and definition, to give the shadow's indexes the same names. */
async function indexNames(trx: Db) {
  const { rows } = await sql<{ schemaname: string; tablename: string; indexname: string; indexdef: string }>`
    select schemaname, tablename, indexname, indexdef from pg_indexes
    where schemaname in ('public', ${REBUILD_SCHEMA}) and tablename in (${tableList})
  `.execute(trx);
  const shape = (r: (typeof rows)[number]) =>
    `${r.tablename}:${r.indexdef.replace(/^(CREATE (?:UNIQUE )?INDEX )\S+ ON \S+/, '$1')}`;
  const live = new Map(rows.filter((r) => r.schemaname === 'public').map((r) => [shape(r), r.indexname]));
  return rows
    .filter((r) => r.schemaname === REBUILD_SCHEMA)
    .map((r) => ({ shadow: r.indexname, live: live.get(shape(r)) }))
    .filter((r): r is { shadow: string; live: string } => r.live !== undefined && r.live !== r.shadow);
}

/** The one transaction that puts the shadow tables in the live ones' place. */
async function swap(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // No projection batch in flight or starting (they hold this lock shared), no account change.
    await sql`select pg_advisory_xact_lock(${LEADERBOARD_REBUILD_LOCK}::bigint)`.execute(trx);
    await sql`lock table users in share mode`.execute(trx);
    const renames = await indexNames(trx);
    const { rows: erased } = await sql<{ id: string }>`
      select u.id::text as id from users u, ${sql.id(REBUILD_SCHEMA, 'rebuild_state')} r
      where u.erased_at >= r.started_at`.execute(trx);
    // What changed outside the log while the shadow was built: the board's opt-outs (and staff roles),
    // and erasures (their free text may have been folded before the key went).
    await sql`select set_config('search_path', ${`${REBUILD_SCHEMA}, public`}, true)`.execute(trx);
    await sql`update user_totals t set ranked = not u.leaderboard_opt_out
      from users u where u.id = t.user_id and t.ranked is distinct from not u.leaderboard_opt_out`.execute(
      trx,
    );
    for (const { id } of erased) await forgetFreeText(trx, id);
    await sql`select set_config('search_path', 'public', true)`.execute(trx);
    for (const table of READ_MODEL_TABLES) {
      await sql`drop table ${sql.id('public', table)}`.execute(trx);
      await sql`alter table ${sql.id(REBUILD_SCHEMA, table)} set schema public`.execute(trx);
    }
    for (const r of renames)
      await sql`alter index ${sql.id('public', r.shadow)} rename to ${sql.id(r.live)}`.execute(trx);
    await sql`drop schema ${sql.id(REBUILD_SCHEMA)} cascade`.execute(trx);
  });
}

/**
 * Completes a rebuild: folds what is left into the shadow, swaps it in (one transaction), catches up
 * with the live `projector` what came in between, and replaces the ranking index.
 */
export async function finishRebuild(
  db: Db,
  projector: Projector,
  leaderboard: LeaderboardIndex,
): Promise<{ events: number }> {
  const events = await catchUpShadow(db);
  await swap(db);
  for (let pass = 0; pass < 100; pass++) {
    const behind = await projector.findBehind(REBUILD_BATCH * 10);
    let applied = 0;
    for (let i = 0; i < behind.length; i += REBUILD_BATCH) {
      const results = await projector.projectLearners(behind.slice(i, i + REBUILD_BATCH));
      for (const r of results.values()) applied += r.applied;
    }
    if (applied === 0) break;
  }
  await leaderboard.replaceAll(await rankedFigures(db));
  return { events };
}

/**
 * The whole rebuild in this process: prepare (or resume), one partition of all, finish. Reads keep the
 * old read models until the swap. `onProgress` hears after each batch of learners.
 */
export async function rebuildProjections(
  db: Db,
  projector: Projector,
  leaderboard: LeaderboardIndex,
  onProgress: (done: number, total: number, events: number) => void | Promise<void> = () => {},
  options: { fresh?: boolean } = {},
): Promise<RebuildRun> {
  await prepareRebuild(db, options);
  const run = await rebuildPartition(db, { index: 0, count: 1 }, (p) =>
    onProgress(p.done, p.total, p.events),
  );
  const finished = await finishRebuild(db, projector, leaderboard);
  return { learners: run.learners, events: run.events + finished.events };
}

/** Drops the shadow of an unfinished rebuild (nothing live is touched). */
export async function abandonRebuild(db: Db): Promise<void> {
  await sql`drop schema if exists ${sql.id(REBUILD_SCHEMA)} cascade`.execute(db);
}
