import type { Db } from './db.ts';
import {
  appendAtomically,
  type EventMetadata,
  type HeadAndKeyRow,
  headOfRow,
  type NewEvent,
  readAllParts,
  readHeadAndParts,
  readStream,
  type StoredEvent,
  StreamConflictError,
} from './event-store.ts';

/** How a stream's state is rebuilt: the initial state, the fold, and the stored form's version. */
export interface StreamModel<S> {
  initialState: S;
  evolve(state: S, event: StoredEvent): S;
  /** Bump when the state's shape changes: older snapshots are then ignored and the log refolded. */
  snapshotSchema: number;
  /** A state kept as a bounded core (the snapshot) and parts read by key (`stream_parts`). */
  parts?: StateParts<S>;
}

/**
 * How a state splits into a bounded core and parts by key (issue 38). A command names the parts its
 * decision reads; its events name the parts they change (all of them, for some); the store reads those
 * with the head and writes the changed ones in the append's statement, at the new version. A state may
 * hold only some of its parts: deciding and folding on the core and the named parts is exact.
 */
export interface StateParts<S> {
  /** The state without its parts: the snapshot. */
  core(state: S): S;
  /** The part a key names in a state (undefined: the state knows nothing of it). */
  part(state: S, key: string): unknown;
  /** Every part key the state holds. */
  keys(state: S): string[];
  /** The state with these parts put in. */
  withParts(state: S, parts: Readonly<Record<string, unknown>>): S;
  /** The parts an event changes, or 'all'. */
  touched(event: NewEvent): readonly string[] | 'all';
}

/** The parts a state in hand holds: all of them (a new stream, a refold) or those read by key. */
export type KnownParts = 'all' | ReadonlySet<string>;

/** A state in hand at a version, with the parts it holds (every part when the model has none). */
export interface HeldState<S> {
  state: S;
  version: number;
  known: KnownParts;
}

/**
 * The most parts a head kept in memory holds whole; beyond it, a memory keeps the core and the parts
 * of the last command, and reads the others by key (so a learner's head costs the same memory and the
 * same work at the 10th card and at the 5,000th).
 */
export const WHOLE_STATE_PARTS = 256;

const covers = (known: KnownParts, keys: Iterable<string>) => {
  if (known === 'all') return true;
  for (const key of keys) if (!known.has(key)) return false;
  return true;
};
const joined = (known: KnownParts, keys: Iterable<string>): KnownParts =>
  known === 'all' ? 'all' : new Set([...known, ...keys]);

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

/**
 * The stream's current state: the snapshot at its head when it is current (with the parts named by
 * `keys`), else a fold of the log.
 */
export async function loadState<S>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
  keys: readonly string[] = [],
): Promise<{ state: S; version: number }> {
  const row = await readHeadAndParts(db, streamId, undefined, keys);
  return stateAt(db, streamId, model, row, keys);
}

/**
 * The state at a head already read (`readHeadAndParts` or a refused append): its snapshot when of the
 * model's schema, with the parts read (on `base`, the same version in memory, when given), else a fold
 * of the log, which holds every part.
 */
async function stateAt<S>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
  row: HeadAndKeyRow,
  keys: readonly string[],
  base?: HeldState<S>,
): Promise<HeldState<S> & { refolded: boolean }> {
  const head = headOfRow(row);
  if (!head) return { state: model.initialState, version: 0, known: 'all', refolded: false };
  // The state in memory is at the head: the parts read go on it (the read left the snapshot out).
  if (model.parts && base && base.version === head.version && head.snapshotSchema === model.snapshotSchema) {
    return {
      state: model.parts.withParts(base.state, row.parts ?? {}),
      version: head.version,
      known: joined(base.known, keys),
      refolded: false,
    };
  }
  if (head.snapshot !== null && head.snapshotSchema === model.snapshotSchema) {
    if (!model.parts)
      return { state: head.snapshot as S, version: head.version, known: 'all', refolded: false };
    const parts = row.parts ?? {};
    return {
      state: model.parts.withParts(head.snapshot as S, parts),
      version: head.version,
      known: new Set(keys),
      refolded: false,
    };
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
  return { state, version, known: 'all', refolded: true };
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

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint));
}

/** What an append stored: the snapshot's JSON, the parts written (JSON rows) and the version it was on. */
export interface StoredHead {
  snapshotJson: string;
  partsJson: string;
  fromVersion: number;
}

/**
 * A process's memory of the streams it appended to last: the state and version after its own append.
 * Deciding on it saves the command's read; the append's version check still refuses it when another
 * writer has moved the stream on since (the command then reads the stream and decides again).
 */
export interface StreamHeadCache<S> {
  get(streamId: string): HeldState<S> | undefined;
  /**
   * After an append: the new head (the parts it holds), its core as the snapshot stored with it (JSON),
   * the parts the append wrote (JSON rows `{ key, value }`) and the version it was appended on.
   */
  set(streamId: string, head: HeldState<S>, stored: StoredHead): void;
  delete(streamId: string): void;
}

/**
 * Handles one command on one stream: load (the key's earlier answer, the head and the parts the
 * decision reads, in one read), decide, append with the expected version, the new snapshot and the
 * changed parts, and record the answer under the Idempotency-Key, all in one statement. On a conflict
 * with another writer it reloads the head and decides again (bounded); a key already handled returns
 * its first answer.
 *
 * With `heads`, a stream this process appended to last is decided on from memory, without the read
 * (when the memory holds the parts the decision reads). The one statement stays the judge: a stale
 * head fails its version check and a used key its primary key, so nothing is appended twice. Only a
 * read of the log refuses a command or says it was handled.
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
    /**
     * The parts of the state the decision reads (a model with parts); without it, the decision reads
     * every part (a command that cannot say: a test's, a tool's).
     */
    keys?: readonly string[];
  },
): Promise<CommandOutcome<R, F>> {
  const scope = options.idempotency;
  const heads = options.heads;
  const parts = model.parts;
  let needs: readonly string[] = parts ? (options.keys ?? []) : [];
  const replay = (earlier: StoredAnswer<R>): CommandOutcome<R, F> => ({
    ok: true,
    reply: earlier.reply,
    appended: 0,
    toVersion: -1,
    replayed: true,
  });
  /** Reads the log: the key's earlier answer, else the state to decide on (on `base` when still current). */
  const read = async (base?: HeldState<S>) => {
    heads?.delete(streamId);
    // Without the snapshot when the head is still at the state in memory (only its parts are missing).
    const row = await readHeadAndParts(db, streamId, scope, needs, parts ? base?.version : undefined);
    const earlier = scope ? answerOf<R>(scope, row) : null;
    if (earlier) return { earlier };
    return { current: await stateAt(db, streamId, model, row, needs, base) };
  };
  const cached = heads?.get(streamId);
  let current: HeldState<S> & { refolded?: boolean };
  // Whether `current` comes from the log read just now (after checking the key), not from memory.
  let fresh = false;
  if (cached && covers(cached.known, needs)) current = cached;
  else {
    const first = await read(cached);
    if (first.earlier) return replay(first.earlier);
    current = first.current;
    fresh = true;
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
    current = await stateAt(db, streamId, model, movedOn, needs);
    fresh = true;
    return undefined;
  };
  const maxAttempts = options.maxAttempts ?? 8;
  for (let attempt = 1; ; attempt++) {
    if (parts && options.keys === undefined && current.known !== 'all') {
      // A command that names no parts decides on the whole state.
      const all = await readAllParts(db, streamId, model.snapshotSchema);
      current = { ...current, state: parts.withParts(current.state, all), known: 'all' };
    }
    const { state, version, known }: HeldState<S> = current;
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
    // The parts the events change must be in hand before the fold: read the missing ones (every part,
    // for an event that moves them all) and decide again on them.
    const touched = parts ? touchedParts(parts, decision.events) : [];
    if (parts && (touched === 'all' ? known !== 'all' : !covers(known, touched))) {
      const more =
        touched === 'all'
          ? await readAllParts(db, streamId, model.snapshotSchema)
          : ((await readHeadAndParts(db, streamId, undefined, touched, version)).parts ?? {});
      if (touched !== 'all') needs = [...new Set([...needs, ...touched])];
      // Parts read now may be newer than the state in hand: the append's version check judges that.
      current = {
        state: parts.withParts(state, more),
        version,
        known: touched === 'all' ? 'all' : joined(known, touched),
        refolded: current.refolded,
      };
      continue;
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
      // A state refolded from the log writes every part (the stored ones are of another schema or none),
      // and so does an event that moves them all.
      const whole = current.refolded || touched === 'all';
      const written = !parts ? [] : whole ? parts.keys(next) : touched;
      const appended = await appendAtomically(
        db,
        streamId,
        version,
        decision.events,
        { ...options.metadata, idempotencyKey: scope?.key },
        { state: parts ? parts.core(next) : next, schema: model.snapshotSchema },
        scope ? { ...scope, reply } : undefined,
        parts ? { rows: partRows(parts, next, written, whole ? undefined : state), read: needs } : undefined,
      );
      if (!appended.appended) {
        if (fresh) throw new StreamConflictError(streamId, version);
        // The memory was behind the log: decide again at once, on what the append read instead.
        const replayed = await settle(appended.movedOn, version);
        if (replayed) return replayed;
        continue;
      }
      const { toVersion } = appended;
      heads?.set(streamId, held(parts, next, toVersion, known, [...needs, ...written]), {
        snapshotJson: appended.snapshotJson,
        partsJson: appended.partsJson,
        fromVersion: version,
      });
      return { ok: true, reply, appended: decision.events.length, toVersion, replayed: false };
    } catch (err) {
      heads?.delete(streamId);
      if (scope && isUniqueViolation(err, 'idempotency_keys_pkey')) {
        // The same request raced itself (a double tap) or came again: answer as the first time did.
        const earlier = await storedAnswer<R>(db, scope);
        if (earlier) return replay(earlier);
      }
      // (stream_id, version) is kept unique by the stream's compare-and-set (migration 0023 dropped the
      // events' unique key): a lost race is a StreamConflictError, or a new stream's insert racing another.
      const conflict = err instanceof StreamConflictError || isUniqueViolation(err, 'streams_pkey');
      if (!conflict) throw err;
      if (!fresh) {
        // The memory was behind the log: read it (and the key) and decide again, at once.
        const replayed = await reread();
        if (replayed) return replayed;
        continue;
      }
      if (attempt >= maxAttempts) throw new StreamBusyError(`stream ${streamId} stayed busy`);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      const again = await read();
      if (again.earlier) return replay(again.earlier);
      current = again.current;
    }
  }
}

/** The parts a decision's events change ('all' when one of them moves every part). */
function touchedParts<S>(parts: StateParts<S>, events: readonly NewEvent[]): readonly string[] | 'all' {
  const keys = new Set<string>();
  for (const event of events) {
    const named = parts.touched(event);
    if (named === 'all') return 'all';
    for (const key of named) keys.add(key);
  }
  return [...keys];
}

/**
 * The rows of the parts an append writes: each key's part in the state after its events, leaving out
 * those equal to their part in `before` (the state decided on, which holds every key touched, as
 * stored at its version): an answer to a question answered before leaves its lesson's part as it was.
 */
function partRows<S>(parts: StateParts<S>, state: S, keys: readonly string[], before?: S) {
  const rows: { key: string; value: unknown }[] = [];
  for (const key of keys) {
    const value = parts.part(state, key);
    if (value === undefined) continue;
    if (before !== undefined && JSON.stringify(value) === JSON.stringify(parts.part(before, key))) continue;
    rows.push({ key, value });
  }
  return rows;
}

/**
 * What a memory keeps of the state after an append: all of it while it holds few parts, else the core
 * and the parts this command read or wrote (the others are read by key when a command needs them).
 */
function held<S>(
  parts: StateParts<S> | undefined,
  state: S,
  version: number,
  known: KnownParts,
  used: readonly string[],
): HeldState<S> {
  if (!parts) return { state, version, known: 'all' };
  if (known === 'all' && parts.keys(state).length <= WHOLE_STATE_PARTS) return { state, version, known };
  if (known !== 'all' && known.size + used.length <= WHOLE_STATE_PARTS) {
    return { state, version, known: joined(known, used) };
  }
  const keep = new Set(used);
  return { state: keepParts(parts, state, keep), version, known: keep };
}

/** The state holding only these parts (its core and each key's part). */
function keepParts<S>(parts: StateParts<S>, state: S, keys: Iterable<string>): S {
  const kept: Record<string, unknown> = {};
  for (const key of keys) {
    const part = parts.part(state, key);
    if (part !== undefined) kept[key] = part;
  }
  return parts.withParts(parts.core(state), kept);
}
