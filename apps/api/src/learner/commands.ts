import { createHash } from 'node:crypto';
import { isSafeText, type Output, type RouteName } from '@wenyan/contracts';
import {
  commandPartKeys,
  type DecideContext,
  type DomainError,
  decide,
  eventPartKeys,
  evolve,
  initialLearnerState,
  LEARNER_STATE_VERSION,
  type LearnerCommand,
  type LearnerEvent,
  type LearnerState,
  stateCore,
  statePart,
  statePartKeys,
  upcast,
  withCoreOf,
  withStateParts,
} from '@wenyan/domain';
import {
  type HeldState,
  handleCommand,
  type IdempotencyScope,
  type KnownParts,
  learnerStreamId,
  type StoredHead,
  type StreamHeadCache,
  type StreamModel,
  WHOLE_STATE_PARTS,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError, refused } from '../plugins/errors.ts';
import type { ExactReply } from '../plugins/exact-reply.ts';
import { metrics } from '../plugins/metrics.ts';
import type { RouteContext } from '../plugins/route.ts';

/** The learner stream's model: the domain's state and fold, over stored events lifted by `upcast`. */
export const learnerModel: StreamModel<LearnerState> = {
  initialState: initialLearnerState,
  evolve: (state, stored) =>
    evolve(state, upcast({ type: stored.type, schemaVersion: stored.schemaVersion, data: stored.data })),
  snapshotSchema: LEARNER_STATE_VERSION,
  // A bounded core in the snapshot, each question's and answer's part by key (issue 38).
  parts: {
    core: stateCore,
    part: statePart,
    keys: statePartKeys,
    withParts: withStateParts,
    touched: (event) => eventPartKeys(upcast(event) as LearnerEvent),
  },
};

/**
 * The learner heads of one process, which can also hear the heads other server processes of its
 * cluster appended (`hear`): their next command for a learner is then decided from memory too.
 */
export interface LearnerHeads extends StreamHeadCache<LearnerState> {
  /** Another process appended to the stream: its new version, snapshot and parts written. */
  hear(streamId: string, version: number, stored: StoredHead): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Learner streams this process (or its cluster) appended to last, with their state (LEARNER_HEAD_CACHE_MB). */
    learnerHeads: LearnerHeads | undefined;
  }
}

/** The bytes a remembered head is counted at: twice its core's JSON and about 400 bytes a part. */
const PART_BYTES = 400;
const headBytes = (core: number, parts: number) => 2 * core + PART_BYTES * parts + 200;

/**
 * A remembered head: a state in hand, or one heard from another process and not yet needed (its
 * snapshot, the parts its appends wrote since `base` and the head it follows on from, if any: made
 * into a state only when a command needs it, since most heard heads are passed over by a newer one).
 */
type Head = { version: number; parts: number; bytes: number } & (
  | { held: HeldState<LearnerState>; heard?: undefined }
  | {
      held?: undefined;
      heard: { snapshotJson: string; written: string[]; base: HeldState<LearnerState> | null };
    }
);

/** A stream before its first event: the initial state, which holds every part there is (none). */
const NEW_STREAM: HeldState<LearnerState> = { state: initialLearnerState, version: 0, known: 'all' };

/** Heard appends a head gathers before it is made into a state anyway (so it stays small). */
const HEARD_LIMIT = 32;

/** The state of a heard head: its core, with the parts it follows on from and those written since. */
function heardState(heard: NonNullable<Head['heard']>, version: number): HeldState<LearnerState> {
  const core = JSON.parse(heard.snapshotJson) as LearnerState;
  const written: Record<string, unknown> = {};
  for (const json of heard.written) {
    for (const row of JSON.parse(json) as { key: string; value: unknown }[]) written[row.key] = row.value;
  }
  const keys = Object.keys(written);
  const base = heard.base;
  if (base === null) return { state: withStateParts(core, written), version, known: new Set(keys) };
  const state = withStateParts(withCoreOf(core, base.state), written);
  const known: KnownParts = base.known === 'all' ? 'all' : new Set([...base.known, ...keys]);
  const count = known === 'all' ? statePartKeys(state).length : known.size;
  // A long history: the core and the parts written since (the others are read by key).
  if (count <= WHOLE_STATE_PARTS) return { state, version, known };
  return { state: withStateParts(core, written), version, known: new Set(keys) };
}

/**
 * The process's memory of learner stream heads, bounded in bytes (`maxBytes`): the most recently used
 * learners, each at its core and the parts it holds (the store keeps a long history's parts out of
 * memory: `WHOLE_STATE_PARTS`). Counts in `wyt_learner_head_cache_total` the commands appended from
 * memory (hit), those that had to read the stream after all (stale: another writer was first, the key
 * was used, a refusal was checked, or the parts asked for were not in memory), and misses.
 *
 * With `tell`, each head this process appends is passed on (to the cluster's other processes, which
 * `hear` it, counted in `wyt_learner_heads_heard_total`). A client's requests reach the processes in
 * turn, so without it a learner's next answer finds a head one version behind about half the time, and
 * is decided and appended twice. A remembered head is only ever a newer version than the one it replaces;
 * a heard head keeps the parts the hearer held when it follows on from them.
 */
export function createLearnerHeads(
  maxBytes: number,
  tell?: (streamId: string, version: number, stored: StoredHead) => void,
): LearnerHeads | undefined {
  if (maxBytes <= 0) return undefined;
  const heads = new LRUCache<string, Head>({
    maxSize: maxBytes,
    sizeCalculation: (head) => Math.max(1, head.bytes),
  });
  // Streams whose command is being decided from memory: a delete before the next set means stale.
  const deciding = new Set<string>();
  const remember = (streamId: string, head: Head) => {
    const known = heads.peek(streamId);
    if (known === undefined || known.version < head.version) heads.set(streamId, head);
  };
  const inHand = (streamId: string, head: Head): HeldState<LearnerState> => {
    if (head.held) return head.held;
    const held = heardState(head.heard, head.version);
    const parts = held.known === 'all' ? statePartKeys(held.state).length : held.known.size;
    const bytes = headBytes(head.heard.snapshotJson.length, parts);
    heads.set(streamId, { version: head.version, parts, bytes, held }, { noUpdateTTL: true });
    return held;
  };
  return {
    get(streamId) {
      const head = heads.get(streamId);
      if (!head) {
        metrics.learnerHeads.inc({ outcome: 'miss' });
        return undefined;
      }
      deciding.add(streamId);
      return inHand(streamId, head);
    },
    set(streamId, held, stored) {
      if (deciding.delete(streamId)) metrics.learnerHeads.inc({ outcome: 'hit' });
      const parts = held.known === 'all' ? statePartKeys(held.state).length : held.known.size;
      remember(streamId, {
        version: held.version,
        parts,
        bytes: headBytes(stored.snapshotJson.length, parts),
        held,
      });
      tell?.(streamId, held.version, stored);
    },
    delete(streamId) {
      if (deciding.delete(streamId)) metrics.learnerHeads.inc({ outcome: 'stale' });
      heads.delete(streamId);
    },
    hear(streamId, version, stored) {
      metrics.learnerHeadsHeard.inc();
      const known = heads.peek(streamId);
      if (known !== undefined && known.version >= version) return;
      // A new stream follows on from the initial state, which holds every part (none).
      const previous: Head | undefined =
        known ??
        (stored.fromVersion === 0 ? { version: 0, parts: 0, bytes: 0, held: NEW_STREAM } : undefined);
      // Following on from the head held here: the parts held stay true unless the appends wrote them.
      const follows = previous !== undefined && previous.version === stored.fromVersion;
      const heard =
        !follows || previous === undefined
          ? { snapshotJson: stored.snapshotJson, written: [stored.partsJson], base: null }
          : previous.held
            ? { snapshotJson: stored.snapshotJson, written: [stored.partsJson], base: previous.held }
            : {
                snapshotJson: stored.snapshotJson,
                written: [...previous.heard.written, stored.partsJson],
                base: previous.heard.base,
              };
      const parts = (follows && previous ? previous.parts : 0) + 1;
      const head: Head = { version, parts, bytes: headBytes(stored.snapshotJson.length, parts), heard };
      remember(streamId, head);
      if (heard.written.length >= HEARD_LIMIT) inHand(streamId, head);
    },
  };
}

/**
 * The request's Idempotency-Key as the store's scope (the key is the caller's: `userId`), or undefined
 * without one; 400 naming the header when it is not 8 to 128 safe characters.
 */
export function idempotencyScope(request: FastifyRequest, userId: string): IdempotencyScope | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length < 8 || key.length > 128 || !isSafeText(key)) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'Idempotency-Key must be 8 to 128 characters', [
      { field: 'headers.idempotency-key', message: 'must be 8 to 128 characters' },
    ]);
  }
  return { userId, key, requestHash: requestHash(request) };
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** The facts about the world `decide` needs, kept by the app (see content-facts.ts). */
export type ContextSource = () => Promise<Omit<DecideContext, 'now'>>;

/**
 * How a route builds its reply from the state after the command's events: typed exactly by the route's
 * contract, so a reply that does not match it (a renamed field, a missing one, a key the contract has
 * not) fails the build.
 */
export type CommandReply<N extends RouteName, P = undefined, R extends Output<N> = Output<N>> = ((
  state: LearnerState,
  events: LearnerEvent[],
  prepared: P,
  /** The stream's version before these events (the first of them is at fromVersion + 1). */
  fromVersion: number,
) => R) &
  ExactReply<R, Output<N>>;

export interface CommandOptions<P> {
  /**
   * Reads what the reply needs before the append's transaction opens (the embedded engine has one
   * connection: nothing may read outside the transaction while it is open). Runs again on a retry.
   */
  prepare?: () => Promise<P>;
  /**
   * False for a command the server issues for many learners under one request (a revert's re-marks):
   * the request's Idempotency-Key is not theirs.
   */
  keyed?: boolean;
}

/**
 * Runs one learner command for the signed-in user of a route: decide on fresh state, append with
 * optimistic concurrency and idempotency, reply with `reply(stateAfter, events)` (the route's contract
 * type; the store keeps it under the Idempotency-Key), then ring the projector's doorbell. A domain
 * refusal throws its `ApiError` (status from the one table, `REFUSAL_STATUS`) and appends nothing.
 */
export function runLearnerCommand<N extends RouteName, P = undefined, R extends Output<N> = Output<N>>(
  app: FastifyInstance,
  ctx: RouteContext<N>,
  command: LearnerCommand,
  reply: CommandReply<N, P, R>,
  options: CommandOptions<P> = {},
): Promise<Output<N>> {
  return executeLearnerCommand<Output<N>, P>(app, ctx.request, ctx.user.id, command, reply, options);
}

/**
 * `runLearnerCommand` for a command that is not a route's own (the day's sign-in at login): the
 * reply's type is the caller's.
 */
export async function executeLearnerCommand<R, P = undefined>(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  command: LearnerCommand,
  reply: (state: LearnerState, events: LearnerEvent[], prepared: P, fromVersion: number) => R,
  options: CommandOptions<P> = {},
): Promise<R> {
  const idempotency = options.keyed === false ? undefined : idempotencyScope(request, userId);
  const { grade } = app.deps;
  const context = {
    ...(await app.learnerContext(userId)),
    ...(grade ? { grade } : {}),
    now: new Date().toISOString(),
  };
  const outcome = await handleCommand<LearnerState, R, DomainError>(
    app.deps.db,
    learnerStreamId(userId),
    learnerModel,
    async (state, fromVersion) => {
      const decision = decide(command, state, context);
      if (!decision.ok) return { ok: false, refusal: decision.error };
      const events = decision.events;
      const prepared = (options.prepare ? await options.prepare() : undefined) as P;
      return {
        ok: true,
        events: events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        reply: (next) => reply(next, events, prepared, fromVersion),
      };
    },
    {
      metadata: {
        // A teacher's resolution of an appeal is written to the learner's stream by the teacher.
        actor: request.user?.id ?? userId,
        requestId: request.id,
        correlationId: (request.headers['x-correlation-id'] as string | undefined) ?? request.id,
        clientTime: request.headers['x-client-time'] as string | undefined,
      },
      idempotency,
      heads: app.learnerHeads,
      keys: commandPartKeys(command),
    },
  );
  if (!outcome.ok) throw refused(outcome.refusal);
  if (outcome.appended > 0) {
    metrics.eventsAppended.inc(outcome.appended);
    // Not awaited: the doorbell gathers learners for DOORBELL_MS, and the answer need not wait for it.
    void app.deps.queue.enqueue(userId).catch((err) => {
      // The event is committed; the worker's catch-up sweep projects it even without the doorbell.
      request.log.warn({ err, userId }, 'projection doorbell failed; catch-up will project');
    });
  }
  return outcome.reply;
}
