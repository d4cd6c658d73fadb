import { sql } from 'kysely';
import type { Db } from './db.ts';
import {
  appendAtomically,
  type EventMetadata,
  type HeadAndKeyRow,
  headOfRow,
  loadStreamHead,
  type NewEvent,
  readStream,
  type StoredEvent,
  StreamConflictError,
  type StreamHead,
} from './event-store.ts';
import { PREPARED } from './prepared.ts';

/** How a stream's state is rebuilt: the initial state, the fold, and the stored form's version. */
export interface StreamModel<S> {
  initialState: S;
  evolve(state: S, event: StoredEvent): S;
  /** Bump when the state's shape changes: older snapshots are then ignored and the log refolded. */
  snapshotSchema: number;
}

/**
 * What deciding produced: events to append and the reply to give (from the state after them), or a
 * refusal. The store keeps the reply as opaque JSON under the Idempotency-Key; what a reply or a
 * refusal means to a caller (an HTTP status, a body) is the caller's business.
 */
export type Decision<S, R, F> =
  | { ok: true; events: NewEvent[]; reply: (state: S) => R | Promise<R> }
  | { ok: false; refusal: F };

/** What handling a command came to: the reply (appended now, or the first reply to the key), or the refusal. */
export type CommandOutcome<R, F> =
  | {
      ok: true;
      reply: R;
      /** Events appended by this call (none for a replay). */
      appended: number;
      toVersion: number;
      /** True when the Idempotency-Key had been handled before and its first reply is returned. */
      replayed: boolean;
    }
  | { ok: false; refusal: F; toVersion: number };

export interface IdempotencyScope {
  userId: string;
  key: string;
  /** A digest of the request, so the same key reused for a different request is refused. */
  requestHash: string;
}

/** The same Idempotency-Key was used for a different request. */
export class IdempotencyMismatchError extends Error {}

/** Too many concurrent writers on one stream in a row. */
export class StreamBusyError extends Error {}

/** The stream's current state: the snapshot at its head when it is current, else a fold of the log. */
export async function loadState<S>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
): Promise<{ state: S; version: number }> {
  return stateAt(db, streamId, model, await loadStreamHead(db, streamId));
}

/** The state at a head already read: its snapshot when of the model's schema, else a fold of the log. */
async function stateAt<S>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
  head: StreamHead | null,
): Promise<{ state: S; version: number }> {
  if (!head) return { state: model.initialState, version: 0 };
  if (head.snapshot !== null && head.snapshotSchema === model.snapshotSchema) {
    return { state: head.snapshot as S, version: head.version };
  }
  let state = model.initialState;
  let version = 0;
  for (;;) {
    const page = await readStream(db, streamId, { afterVersion: version, limit: 2000 });
    for (const event of page) {
      state = model.evolve(state, event);
      version = event.version;
    }
    if (page.length < 2000) break;
  }
  return { state, version };
}

type StoredAnswer<R> = { reply: R };

/** The first reply given under the key, or null; a key reused for another request is refused. */
function answerOf<R>(
  scope: IdempotencyScope,
  row: { request_hash: string | null; response: unknown } | undefined,
): StoredAnswer<R> | null {
  if (!row || row.request_hash === null) return null;
  if (row.request_hash !== scope.requestHash) throw new IdempotencyMismatchError('idempotency key reused');
  return { reply: row.response as R };
}

async function storedAnswer<R>(db: Db, scope: IdempotencyScope): Promise<StoredAnswer<R> | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  return answerOf(scope, row);
}

/**
 * The answer already given under the key (if any) and the stream's head, in one round trip: one row
 * whatever exists (`(select 1)` left-joined to both), with nulls for a missing stream or key.
 */
async function storedAnswerAndHead<R>(
  db: Db,
  streamId: string,
  scope: IdempotencyScope | undefined,
): Promise<{ earlier: StoredAnswer<R> | null; head: StreamHead | null }> {
  if (!scope) return { earlier: null, head: await loadStreamHead(db, streamId) };
  const { rows } = await sql<HeadAndKeyRow>`${sql.raw(PREPARED)}
    select s.version, s.snapshot, s.snapshot_schema, k.request_hash, k.response
    from (select 1) one
    left join streams s on s.stream_id = ${streamId}
    left join idempotency_keys k on k.user_id = ${scope.userId} and k.key = ${scope.key}
  `.execute(db);
  const row = rows[0]!;
  return { earlier: answerOf<R>(scope, row), head: headOfRow(row) };
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint));
}

/**
 * A process's memory of the streams it appended to last: the state and version after its own append.
 * Deciding on it saves the command's read; the append's version check still refuses it when another
 * writer has moved the stream on since (the command then reads the stream and decides again).
 */
export interface StreamHeadCache<S> {
  get(streamId: string): { state: S; version: number } | undefined;
  /** After an append: the new head, and its state as the snapshot stored with it (JSON). */
  set(streamId: string, head: { state: S; version: number }, snapshotJson: string): void;
  delete(streamId: string): void;
}

/**
 * Handles one command on one stream: load (the key's earlier answer and the head in one read), decide,
 * append with the expected version and the new snapshot, and record the answer under the
 * Idempotency-Key, all in one statement. On a conflict with another writer it reloads the head and
 * decides again (bounded); a key already handled returns its first answer.
 *
 * With `heads`, a stream this process appended to last is decided on from memory, without the read.
 * The one statement stays the judge: a stale head fails its version check and a used key its primary
 * key, so nothing is appended twice. Only a read of the log refuses a command or says it was handled.
 */
export async function handleCommand<S, R, F>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
  decide: (state: S, version: number) => Decision<S, R, F> | Promise<Decision<S, R, F>>,
  options: {
    metadata: EventMetadata;
    idempotency?: IdempotencyScope | undefined;
    maxAttempts?: number;
    heads?: StreamHeadCache<S> | undefined;
  },
): Promise<CommandOutcome<R, F>> {
  const scope = options.idempotency;
  const heads = options.heads;
  const replay = (earlier: StoredAnswer<R>): CommandOutcome<R, F> => ({
    ok: true,
    reply: earlier.reply,
    appended: 0,
    toVersion: -1,
    replayed: true,
  });
  /** Reads the log: the key's earlier answer, else the state to decide on. */
  const read = async () => {
    heads?.delete(streamId);
    const first = await storedAnswerAndHead<R>(db, streamId, scope);
    if (first.earlier) return { earlier: first.earlier };
    return { current: await stateAt(db, streamId, model, first.head) };
  };
  let current = heads?.get(streamId);
  // Whether `current` comes from the log read just now (after checking the key), not from memory.
  let fresh = current === undefined;
  if (!current) {
    const first = await read();
    if (first.earlier) return replay(first.earlier);
    current = first.current;
  }
  /** After deciding from memory: reads the log again; the earlier answer when the key was handled. */
  const reread = async (): Promise<CommandOutcome<R, F> | undefined> => {
    const again = await read();
    if (again.earlier) return replay(again.earlier);
    current = again.current;
    fresh = true;
    return undefined;
  };
  /**
   * After an append from memory found the stream moved on: decide again on what that statement read
   * in its place (no second read), or read afresh when it saw no move (the other writer committed
   * while it ran).
   */
  const settle = async (
    movedOn: HeadAndKeyRow,
    expected: number,
  ): Promise<CommandOutcome<R, F> | undefined> => {
    heads?.delete(streamId);
    const head = headOfRow(movedOn);
    if ((head?.version ?? 0) === expected) return reread();
    const earlier = scope ? answerOf<R>(scope, movedOn) : null;
    if (earlier) return replay(earlier);
    current = await stateAt(db, streamId, model, head);
    fresh = true;
    return undefined;
  };
  const maxAttempts = options.maxAttempts ?? 8;
  for (let attempt = 1; ; attempt++) {
    const { state, version } = current;
    const decision = await decide(state, version);
    if (!decision.ok) {
      if (!fresh) {
        // Refuse only on what the log says now: the memory may be behind, or the key handled.
        const replayed = await reread();
        if (replayed) return replayed;
        continue;
      }
      return { ok: false, refusal: decision.refusal, toVersion: version };
    }
    try {
      let next = state;
      let v = version;
      for (const event of decision.events) {
        v += 1;
        next = model.evolve(next, {
          position: '0',
          eventId: '',
          streamId,
          version: v,
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: event.data,
          metadata: {},
          recordedAt: new Date(),
        });
      }
      const reply = await decision.reply(next);
      if (decision.events.length === 0 && !scope) {
        return { ok: true, reply, appended: 0, toVersion: version, replayed: false };
      }
      const appended = await appendAtomically(
        db,
        streamId,
        version,
        decision.events,
        { ...options.metadata, idempotencyKey: scope?.key },
        { state: next, schema: model.snapshotSchema },
        scope ? { ...scope, reply } : undefined,
      );
      if (!appended.appended) {
        if (fresh) throw new StreamConflictError(streamId, version);
        // The memory was behind the log: decide again at once, on what the append read instead.
        const replayed = await settle(appended.movedOn, version);
        if (replayed) return replayed;
        continue;
      }
      const { toVersion } = appended;
      heads?.set(streamId, { state: next, version: toVersion }, appended.snapshotJson);
      return { ok: true, reply, appended: decision.events.length, toVersion, replayed: false };
    } catch (err) {
      heads?.delete(streamId);
      if (scope && isUniqueViolation(err, 'idempotency_keys_pkey')) {
        // The same request raced itself (a double tap) or came again: answer as the first time did.
        const earlier = await storedAnswer<R>(db, scope);
        if (earlier) return replay(earlier);
      }
      const conflict =
        err instanceof StreamConflictError ||
        isUniqueViolation(err, 'events_stream_id_version_key') ||
        isUniqueViolation(err, 'streams_pkey');
      if (!conflict) throw err;
      if (!fresh) {
        // The memory was behind the log: read it (and the key) and decide again, at once.
        const replayed = await reread();
        if (replayed) return replayed;
        continue;
      }
      if (attempt >= maxAttempts) throw new StreamBusyError(`stream ${streamId} stayed busy`);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      current = await loadState(db, streamId, model);
    }
  }
}
