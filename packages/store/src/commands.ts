import type { Db } from './db.ts';
import {
  appendAtomically,
  type EventMetadata,
  loadStreamHead,
  type NewEvent,
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
}

/** What deciding produced: events to append and the answer to give, or a refusal. */
export type Decision<R> =
  | {
      ok: true;
      events: NewEvent[];
      respond: (state: unknown) => { status: number; body: R } | Promise<{ status: number; body: R }>;
    }
  | { ok: false; status: number; body: R };

export interface CommandOutcome<R> {
  status: number;
  body: R;
  /** Events appended by this call (none for a replay or a refusal). */
  appended: number;
  toVersion: number;
  /** True when the Idempotency-Key had been handled before and its first answer is returned. */
  replayed: boolean;
}

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
  const head = await loadStreamHead(db, streamId);
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

async function storedAnswer<R>(db: Db, scope: IdempotencyScope): Promise<{ status: number; body: R } | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== scope.requestHash) throw new IdempotencyMismatchError('idempotency key reused');
  return { status: row.status_code, body: row.response as R };
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint));
}

/**
 * Handles one command on one stream: load, decide, append with the expected version and the new
 * snapshot, and record the answer under the Idempotency-Key, all in one transaction. On a conflict with
 * another writer it decides again on fresh state (bounded); a key already handled returns its first answer.
 */
export async function handleCommand<S, R>(
  db: Db,
  streamId: string,
  model: StreamModel<S>,
  decide: (state: S, version: number) => Decision<R> | Promise<Decision<R>>,
  options: { metadata: EventMetadata; idempotency?: IdempotencyScope | undefined; maxAttempts?: number },
): Promise<CommandOutcome<R>> {
  const scope = options.idempotency;
  if (scope) {
    const earlier = await storedAnswer<R>(db, scope);
    if (earlier) return { ...earlier, appended: 0, toVersion: -1, replayed: true };
  }
  const maxAttempts = options.maxAttempts ?? 8;
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadState(db, streamId, model);
    const decision = await decide(state, version);
    if (!decision.ok)
      return {
        status: decision.status,
        body: decision.body,
        appended: 0,
        toVersion: version,
        replayed: false,
      };
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
      const answer = await decision.respond(next);
      if (decision.events.length === 0 && !scope) {
        return { ...answer, appended: 0, toVersion: version, replayed: false };
      }
      const { appended, toVersion } = await appendAtomically(
        db,
        streamId,
        version,
        decision.events,
        { ...options.metadata, idempotencyKey: scope?.key },
        { state: next, schema: model.snapshotSchema },
        scope ? { ...scope, status: answer.status, response: answer.body } : undefined,
      );
      if (!appended) throw new StreamConflictError(streamId, version);
      return { ...answer, appended: decision.events.length, toVersion, replayed: false };
    } catch (err) {
      if (scope && isUniqueViolation(err, 'idempotency_keys_pkey')) {
        // The same request raced itself (a double tap): the first to commit wins; answer as it did.
        const earlier = await storedAnswer<R>(db, scope);
        if (earlier) return { ...earlier, appended: 0, toVersion: -1, replayed: true };
      }
      const conflict =
        err instanceof StreamConflictError ||
        isUniqueViolation(err, 'events_stream_id_version_key') ||
        isUniqueViolation(err, 'streams_pkey');
      if (!conflict) throw err;
      if (attempt >= maxAttempts) throw new StreamBusyError(`stream ${streamId} stayed busy`);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
