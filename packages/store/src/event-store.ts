import { type Selectable, sql } from 'kysely';
import { newEventId } from './event-id.ts';
import { sealEvents } from './learner-keys.ts';
import { PREPARED } from './prepared.ts';
import type { Db, EventsTable } from './tables.ts';

/** An event as the decider produced it, before it is stored. */
export interface NewEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

/** Who asked for the change and why: stored beside each event. */
export interface EventMetadata {
  actor: string;
  requestId?: string | undefined;
  correlationId?: string | undefined;
  causationId?: string | undefined;
  /** The client's clock when it sent the action, if it said. */
  clientTime?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface StoredEvent {
  position: string;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: Date;
}

/** The stream's head: its version and the decider's snapshot at that version. */
export interface StreamHead {
  version: number;
  snapshot: unknown;
  snapshotSchema: number;
}

/** Another writer appended to the stream first: reload and decide again. */
export class StreamConflictError extends Error {
  readonly streamId: string;
  readonly expectedVersion: number;
  constructor(streamId: string, expectedVersion: number) {
    super(`stream ${streamId} is no longer at version ${expectedVersion}`);
    this.streamId = streamId;
    this.expectedVersion = expectedVersion;
  }
}

/** The prefix of every learner's stream id; only the helpers below spell it. */
export const LEARNER_STREAM_PREFIX = 'learner-';

/** A learner's stream id. */
export const learnerStreamId = (userId: string | number) => `${LEARNER_STREAM_PREFIX}${userId}`;

/** The learner a stream id belongs to. */
export const userIdOfStream = (streamId: string) => streamId.slice(LEARNER_STREAM_PREFIX.length);

/** A `like` pattern matching every learner stream id. */
export const LEARNER_STREAMS_LIKE = `${LEARNER_STREAM_PREFIX}%`;

/** The prefix of a class's stream (its homework); only `classStreamId` spells it. Never projected. */
export const CLASS_STREAM_PREFIX = 'class-';

/** A class's stream id. */
export const classStreamId = (classId: string | number) => `${CLASS_STREAM_PREFIX}${classId}`;

/**
 * The XP each learner earned since `since` (their `XpAwarded` events recorded from then on, through
 * the partial index `events_weekly_xp`): learners who earned none are absent.
 */
export async function xpEarnedSince(
  db: Db,
  userIds: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', sql<string>`sum((data->>'amount')::integer)`.as('xp')])
    .where('type', '=', 'XpAwarded')
    .where('stream_id', 'in', userIds.map(learnerStreamId))
    .where('recorded_at', '>=', since)
    .groupBy('stream_id')
    .execute();
  return new Map(rows.map((r) => [userIdOfStream(r.stream_id), Number(r.xp)]));
}

/**
 * Correct answers each learner gave beyond the pace since `since` (recorded with xpWithheld of
 * `reasons`: issue 37), for the fair-play flag; absent: none.
 */
export async function answersBeyondPaceSince(
  db: Db,
  userIds: readonly string[],
  since: Date,
  reasons: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0 || reasons.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', sql<string>`count(*)`.as('n')])
    .where('type', '=', 'AnswerSubmitted')
    .where('stream_id', 'in', userIds.map(learnerStreamId))
    .where('recorded_at', '>=', since)
    .where(sql<string>`data->>'xpWithheld'`, 'in', [...reasons])
    .groupBy('stream_id')
    .execute();
  return new Map(rows.map((r) => [userIdOfStream(r.stream_id), Number(r.n)]));
}

/**
 * The learners with at least `min` correct answers beyond the pace since `since` (the fair-play flag,
 * issue 37), most first, at most `limit`: for the admin panel.
 */
export async function paceFlaggedSince(
  db: Db,
  since: Date,
  reasons: readonly string[],
  min: number,
  limit = 50,
): Promise<Array<{ userId: string; count: number }>> {
  if (reasons.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', sql<string>`count(*)`.as('n')])
    .where('type', '=', 'AnswerSubmitted')
    .where('recorded_at', '>=', since)
    .where(sql<string>`data->>'xpWithheld'`, 'in', [...reasons])
    .groupBy('stream_id')
    .having(sql<number>`count(*)`, '>=', min)
    .orderBy(sql`count(*)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ userId: userIdOfStream(r.stream_id), count: Number(r.n) }));
}

/** Server-marked answers counted and right (self-marks and answers pending a teacher aside). */
export type AnswerTallies = {
  week: { answered: number; correct: number };
  history: { answered: number; correct: number };
};

/**
 * Each learner's server-marked answers since `weekStart` and in [historyStart, weekStart), for the
 * accuracy-jump rule (issue 37); learners with none are absent. `userIds` null: every learner with at
 * least `minWeekAnswers` this week (the admin panel), at most `limit`.
 */
export async function answerTalliesSince(
  db: Db,
  userIds: readonly string[] | null,
  weekStart: Date,
  historyStart: Date,
  minWeekAnswers = 0,
  limit = 500,
): Promise<Map<string, AnswerTallies>> {
  if (userIds !== null && userIds.length === 0) return new Map();
  const thisWeek = sql<boolean>`recorded_at >= ${weekStart}`;
  const right = sql<boolean>`data->>'isCorrect' = 'true'`;
  let query = db
    .selectFrom('events')
    .select([
      'stream_id',
      sql<string>`count(*) filter (where ${thisWeek})`.as('wn'),
      sql<string>`count(*) filter (where ${thisWeek} and ${right})`.as('wc'),
      sql<string>`count(*) filter (where not ${thisWeek})`.as('hn'),
      sql<string>`count(*) filter (where not ${thisWeek} and ${right})`.as('hc'),
    ])
    .where('type', '=', 'AnswerSubmitted')
    .where('recorded_at', '>=', historyStart)
    .where(sql<string>`coalesce(data->>'selfAssessed', 'false')`, '=', 'false')
    .where(sql<string>`coalesce(data->>'pendingReview', 'false')`, '=', 'false')
    .groupBy('stream_id');
  query =
    userIds === null
      ? query
          .where('stream_id', 'like', LEARNER_STREAMS_LIKE)
          .having(sql<number>`count(*) filter (where ${thisWeek})`, '>=', minWeekAnswers)
          .limit(limit)
      : query.where('stream_id', 'in', userIds.map(learnerStreamId));
  const rows = await query.execute();
  return new Map(
    rows.map((r) => [
      userIdOfStream(r.stream_id),
      {
        week: { answered: Number(r.wn), correct: Number(r.wc) },
        history: { answered: Number(r.hn), correct: Number(r.hc) },
      },
    ]),
  );
}

/** The learners whose fair-play flags a teacher or an admin cleared since `since` (issue 37). */
export async function flagsClearedSince(
  db: Db,
  userIds: readonly string[],
  since: Date,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('events')
    .select('stream_id')
    .distinct()
    .where('type', '=', 'FairPlayFlagCleared')
    .where('stream_id', 'in', userIds.map(learnerStreamId))
    .where('recorded_at', '>=', since)
    .execute();
  return new Set(rows.map((r) => userIdOfStream(r.stream_id)));
}

/** The columns of `events` a StoredEvent is read from. */
const STORED_EVENT_COLUMNS = [
  'position',
  'event_id',
  'stream_id',
  'version',
  'type',
  'schema_version',
  'data',
  'metadata',
  'recorded_at',
] as const;

/** A row of `events` as read for a StoredEvent (the table's own select types). */
type StoredEventRow = Pick<Selectable<EventsTable>, (typeof STORED_EVENT_COLUMNS)[number]>;

/** The learners' events recorded since `since`, in stream order, by learner (for homework completion). */
export async function learnerEventsSince(
  db: Db,
  userIds: readonly string[],
  since: Date,
): Promise<Map<string, StoredEvent[]>> {
  const byLearner = new Map<string, StoredEvent[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byLearner;
  const rows = await db
    .selectFrom('events')
    .select(STORED_EVENT_COLUMNS)
    .where('stream_id', 'in', userIds.map(learnerStreamId))
    .where('recorded_at', '>=', since)
    .where('type', 'in', [
      'AnswerSubmitted',
      'NodeCompleted',
      'NodeFellShort',
      'VocabularyExerciseCompleted',
      'RecitationFinished',
    ])
    .orderBy('stream_id')
    .orderBy('version')
    .execute();
  for (const row of rows) byLearner.get(userIdOfStream(row.stream_id))?.push(toStored(row as never));
  return byLearner;
}

export async function loadStreamHead(db: Db, streamId: string): Promise<StreamHead | null> {
  const row = await db
    .selectFrom('streams')
    .select(['version', 'snapshot', 'snapshot_schema'])
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row ? { version: row.version, snapshot: row.snapshot, snapshotSchema: row.snapshot_schema } : null;
}

function toStored(row: StoredEventRow): StoredEvent {
  return {
    position: String(row.position),
    eventId: row.event_id,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at),
  };
}

/** A stream's events after `afterVersion`, in stream order (at most `limit`). */
export async function readStream(
  db: Db,
  streamId: string,
  options: { afterVersion?: number; toVersion?: number; limit?: number } = {},
): Promise<StoredEvent[]> {
  let query = db
    .selectFrom('events')
    .select(STORED_EVENT_COLUMNS)
    .where('stream_id', '=', streamId)
    .where('version', '>', options.afterVersion ?? 0)
    .orderBy('version');
  if (options.toVersion !== undefined) query = query.where('version', '<=', options.toVersion);
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query.execute();
  return rows.map((r) => toStored(r as never));
}

/**
 * Appends events at `expectedVersion` (0 for a new stream) and stores the decider's snapshot at the new
 * version, in the caller's transaction. Throws StreamConflictError when the stream moved on.
 */
export async function appendToStream(
  trx: Db,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata: EventMetadata,
  snapshot?: { state: unknown; schema: number },
): Promise<{ fromVersion: number; toVersion: number; recordedAt: Date }> {
  const toVersion = expectedVersion + events.length;
  const snapshotJson = snapshot ? JSON.stringify(snapshot.state) : null;
  const snapshotSchema = snapshot?.schema ?? 0;
  if (expectedVersion === 0) {
    const created = await trx
      .insertInto('streams')
      .values({
        stream_id: streamId,
        version: toVersion,
        snapshot: snapshotJson,
        snapshot_schema: snapshotSchema,
      })
      .onConflict((oc) => oc.column('stream_id').doNothing())
      .returning('stream_id')
      .execute();
    if (created.length === 0) throw new StreamConflictError(streamId, expectedVersion);
  } else {
    const moved = await trx
      .updateTable('streams')
      .set({
        version: toVersion,
        snapshot: snapshotJson,
        snapshot_schema: snapshotSchema,
        updated_at: new Date(),
      })
      .where('stream_id', '=', streamId)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new StreamConflictError(streamId, expectedVersion);
  }
  if (events.length === 0) return { fromVersion: expectedVersion, toVersion, recordedAt: new Date() };
  const stored = await sealEvents(trx, streamId, events);
  const inserted = await trx
    .insertInto('events')
    .values(
      stored.map((event, i) => ({
        event_id: newEventId(),
        stream_id: streamId,
        version: expectedVersion + i + 1,
        type: event.type,
        schema_version: event.schemaVersion,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify({ ...metadata }),
      })),
    )
    .returning('recorded_at')
    .execute();
  return { fromVersion: expectedVersion + 1, toVersion, recordedAt: new Date(inserted[0]!.recorded_at) };
}

/**
 * Reads the whole log safely in commit order, a page at a time. A sequence hands out positions
 * before commit, so reading "position > last" can skip an event that commits late; instead this reads
 * by (transaction id, position) and only below the oldest transaction still running.
 */
export async function readAllCommitted(
  db: Db,
  after: { txId: string; position: string } | null,
  limit: number,
): Promise<Array<StoredEvent & { txId: string }>> {
  const cursor = after ?? { txId: '0', position: '0' };
  const result = await sql<StoredEventRow & { tx_id: string }>`
    select position, tx_id::text as tx_id, event_id, stream_id, version, type, schema_version, data, metadata,
      recorded_at
    from events
    where (tx_id, position) > (${cursor.txId}::xid8, ${cursor.position}::bigint)
      and tx_id < pg_snapshot_xmin(pg_current_snapshot())
    order by tx_id, position
    limit ${limit}
  `.execute(db);
  return result.rows.map((r) => ({ ...toStored(r), txId: r.tx_id }));
}

/** Total events in the log (for status pages and metrics). */
export async function countEvents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reply to record under an Idempotency-Key, in the same statement as the append (opaque JSON). */
export interface IdempotentAnswer {
  userId: string;
  key: string;
  requestHash: string;
  reply: unknown;
}

/**
 * A row holding a stream's head and the row kept under an Idempotency-Key (each null when missing): the
 * command's read, and what an append that found the stream moved on read in the same statement (as of
 * that statement's snapshot: a writer that committed while it ran may be missing, so the head can still
 * be at the expected version).
 */
export interface HeadAndKeyRow {
  version: number | null;
  snapshot: unknown;
  snapshot_schema: number | null;
  request_hash: string | null;
  response: unknown;
  /** The parts asked for, by key, of the snapshot's schema (null when none or none asked). */
  parts?: Record<string, unknown> | null;
}

/**
 * The parts of a stream's state an append writes (`stream_parts`, migration 0020: the parts that grow
 * with a history, beside the bounded snapshot), and the keys whose stored parts to return when the
 * stream moved on (the command decides again on them).
 */
export interface PartsWrite {
  rows: ReadonlyArray<{ key: string; value: unknown }>;
  read: readonly string[];
}

/**
 * A stream's head, the row kept under an Idempotency-Key (when `scope` names one) and the head's parts
 * of these keys, in one round trip: the command's read. `held`: the version of a state the caller
 * holds in memory; when the head is still at it, the snapshot is left out (null), since the caller
 * has it (the core, under 1 KB of JSON, that Postgres would read and the API parse again).
 */
export async function readHeadAndParts(
  db: Db,
  streamId: string,
  scope: { userId: string; key: string } | undefined,
  keys: readonly string[],
  held?: number,
): Promise<HeadAndKeyRow> {
  const { rows } = await sql<HeadAndKeyRow>`${sql.raw(PREPARED)}
    select s.version, case when s.version = ${held ?? null}::integer then null else s.snapshot end as snapshot,
      s.snapshot_schema, k.request_hash, k.response,
      (select json_object_agg(p.key, p.value) from stream_parts p
        where p.stream_id = s.stream_id and p.schema = s.snapshot_schema
          -- = any(array(…)): an index lookup per key. in (select ...) let the planner hash-join the
          -- keys against every part of the stream (1,118 buffers at 5,000 cards against 8).
          and p.key = any(array(select json_array_elements_text(${JSON.stringify(keys)}::json)))) as parts
    from (select 1) one
    left join streams s on s.stream_id = ${streamId}
    left join idempotency_keys k on k.user_id = ${scope?.userId ?? null}::bigint and k.key = ${scope?.key ?? null}::text
  `.execute(db);
  return rows[0]!;
}

/** Every stored part of a stream's state of this schema, by key (an event that moves them all). */
export async function readAllParts(
  db: Db,
  streamId: string,
  schema: number,
): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('stream_parts')
    .select(['key', 'value'])
    .where('stream_id', '=', streamId)
    .where('schema', '=', schema)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The head in a `HeadAndKeyRow`, or null when the stream does not exist. */
export const headOfRow = (row: HeadAndKeyRow): StreamHead | null =>
  row.version === null || row.snapshot_schema === null
    ? null
    : { version: row.version, snapshot: row.snapshot, snapshotSchema: row.snapshot_schema };

/**
 * Appends events at `expectedVersion`, stores the decider's snapshot and (optionally) the answer under
 * its Idempotency-Key in ONE statement: a single round trip, atomic by itself. When the stream moved
 * on (another writer was first) it appends nothing and returns the head and key it read (`movedOn`), so
 * a writer deciding from memory can decide again without another read; a reused key raises the
 * unique violation of idempotency_keys. An append returns the snapshot's JSON as stored
 * (`snapshotJson`), for a head cache to pass on. This is the hot path of every learner command.
 */
export async function appendAtomically(
  db: Db,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata: EventMetadata,
  snapshot: { state: unknown; schema: number },
  answer?: IdempotentAnswer,
  parts?: PartsWrite,
): Promise<
  | { appended: true; toVersion: number; snapshotJson: string; partsJson: string }
  | { appended: false; movedOn: HeadAndKeyRow }
> {
  const toVersion = expectedVersion + events.length;
  // The learner's free text is sealed under their key (learner-keys.ts); the snapshot holds none.
  const stored = await sealEvents(db, streamId, events);
  const rows = JSON.stringify(
    stored.map((event, i) => ({
      event_id: newEventId(),
      version: expectedVersion + i + 1,
      type: event.type,
      schema_version: event.schemaVersion,
      data: event.data,
      metadata,
    })),
  );
  const snapshotJson = JSON.stringify(snapshot.state);
  const partsJson = JSON.stringify(parts?.rows ?? []);
  const head =
    expectedVersion === 0
      ? sql`insert into streams (stream_id, version, snapshot, snapshot_schema)
            values (${streamId}, ${toVersion}, ${snapshotJson}::json, ${snapshot.schema})
            on conflict (stream_id) do nothing
            returning stream_id`
      : sql`update streams
            set version = ${toVersion}, snapshot = ${snapshotJson}::json, snapshot_schema = ${snapshot.schema},
              updated_at = now()
            where stream_id = ${streamId} and version = ${expectedVersion}
            returning stream_id`;
  const result = await sql<HeadAndKeyRow & { moved: number }>`${sql.raw(PREPARED)}
    with head as (${head}),
    appended as (
      insert into events (event_id, stream_id, version, type, schema_version, data, metadata)
      select x.event_id, head.stream_id, x.version, x.type, x.schema_version, x.data, x.metadata
      from head
      -- jsonb, not json: the events' data and metadata are jsonb columns, and json_to_recordset parses
      -- each record into a hash table of its own (about 60 µs more per answer, measured).
      cross join jsonb_to_recordset(${rows}::jsonb)
        as x(event_id uuid, version integer, type text, schema_version integer, data jsonb, metadata jsonb)
      returning 1
    ),
    remembered as (
      insert into idempotency_keys (user_id, key, request_hash, response)
      select ${answer?.userId ?? null}::bigint, ${answer?.key ?? null}::text, ${answer?.requestHash ?? null}::text,
        ${answer ? JSON.stringify(answer.reply) : null}::json
      from head
      where ${answer ? 1 : 0}::integer = 1
      returning 1
    ),
    written as (
      insert into stream_parts (stream_id, key, schema, value)
      select head.stream_id, x.key, ${snapshot.schema}::integer, x.value
      from head cross join json_to_recordset(${partsJson}::json) as x(key text, value json)
      on conflict (stream_id, key) do update set schema = excluded.schema, value = excluded.value
      returning 1
    )
    select (select count(*) from head)::integer as moved,
      s.version, s.snapshot, s.snapshot_schema, k.request_hash, k.response,
      (select json_object_agg(p.key, p.value) from stream_parts p
        where p.stream_id = s.stream_id and p.schema = s.snapshot_schema
          and p.key = any(array(select json_array_elements_text(${JSON.stringify(parts?.read ?? [])}::json)))) as parts
    from (select 1) one
    left join streams s on not exists (select 1 from head) and s.stream_id = ${streamId}
    left join idempotency_keys k on not exists (select 1 from head)
      and k.user_id = ${answer?.userId ?? null}::bigint and k.key = ${answer?.key ?? null}::text
  `.execute(db);
  const row = result.rows[0]!;
  return row.moved > 0
    ? { appended: true, toVersion, snapshotJson, partsJson }
    : { appended: false, movedOn: row };
}

/** Months of event partitions made ahead of the current one (migration 0023). */
export const EVENT_PARTITION_MONTHS_AHEAD = 3;

/**
 * Makes the event log's missing month partitions, from the current month (UTC) to `ahead` months on
 * (migration 0023's `ensure_event_partitions`): idempotent, and safe to race (an advisory lock); when
 * every month is there it takes no lock. Returns how many it made. `openDatabase` calls it on open and
 * daily, so a month's events never land in `events_default` while a process runs.
 */
export async function ensureEventPartitions(db: Db, ahead = EVENT_PARTITION_MONTHS_AHEAD): Promise<number> {
  const { rows } = await sql<{
    made: number;
  }>`select ensure_event_partitions(${ahead}::integer) as made`.execute(db);
  return Number(rows[0]?.made ?? 0);
}
