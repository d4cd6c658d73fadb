import { createHash } from 'node:crypto';
import {
  type DecideContext,
  type DomainError,
  decide,
  evolve,
  initialLearnerState,
  type LearnerCommand,
  type LearnerEvent,
  type LearnerState,
  upcast,
} from '@wenyan/domain';
import {
  type CommandOutcome,
  handleCommand,
  learnerStreamId,
  type StreamHeadCache,
  type StreamModel,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../plugins/errors.ts';
import { metrics } from '../plugins/metrics.ts';

/** The learner stream's model: the domain's state and fold, over stored events lifted by `upcast`. */
export const learnerModel: StreamModel<LearnerState> = {
  initialState: initialLearnerState,
  evolve: (state, stored) =>
    evolve(state, upcast({ type: stored.type, schemaVersion: stored.schemaVersion, data: stored.data })),
  // 2: the lesson state remembers correct answers, node sessions and best node scores (fair XP).
  // 3: the state remembers appeals by the version of the answer they appeal.
  snapshotSchema: 3,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Learner streams this process appended to last, with their state (LEARNER_HEAD_CACHE). */
    learnerHeads: StreamHeadCache<LearnerState> | undefined;
  }
}

/**
 * The process's memory of learner stream heads: the most recently used `max` learners. Counts in
 * `wyt_learner_head_cache_total` the commands appended from memory (hit), those that had to read the
 * stream after all (stale: another writer was first, the key was used, or a refusal was checked), and
 * misses.
 */
export function createLearnerHeads(max: number): StreamHeadCache<LearnerState> | undefined {
  if (max === 0) return undefined;
  const heads = new LRUCache<string, { state: LearnerState; version: number }>({ max });
  // Streams whose command is being decided from memory: a delete before the next set means stale.
  const deciding = new Set<string>();
  return {
    get(streamId) {
      const head = heads.get(streamId);
      if (head) deciding.add(streamId);
      else metrics.learnerHeads.inc({ outcome: 'miss' });
      return head;
    },
    set(streamId, head) {
      if (deciding.delete(streamId)) metrics.learnerHeads.inc({ outcome: 'hit' });
      heads.set(streamId, head);
    },
    delete(streamId) {
      if (deciding.delete(streamId)) metrics.learnerHeads.inc({ outcome: 'stale' });
      heads.delete(streamId);
    },
  };
}

const STATUS_BY_CODE: Partial<Record<DomainError['code'], number>> = {
  NOT_IN_ERROR_BOOK: 404,
  ALREADY_MASTERED: 409,
  ALREADY_APPEALED: 409,
  APPEAL_RESOLVED: 409,
  NO_APPEAL: 404,
  INVALID_NOW: 500,
};

function refusal(error: DomainError) {
  return { error: { code: error.code, message: error.message, details: null } };
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** The facts about the world `decide` needs, kept by the app (see content-facts.ts). */
export type ContextSource = () => Promise<Omit<DecideContext, 'now'>>;

/**
 * Runs one learner command for the signed-in user: decide on fresh state, append with optimistic
 * concurrency and idempotency, answer with `respond(stateAfter, events)`, then ring the projector's
 * doorbell. A domain refusal becomes a 4xx with the error shape and appends nothing.
 */
export async function runLearnerCommand<R, P = undefined>(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  command: LearnerCommand,
  /** `fromVersion`: the stream's version before these events (the first of them is at fromVersion + 1). */
  respond: (state: LearnerState, events: LearnerEvent[], prepared: P, fromVersion: number) => R,
  options: {
    successStatus?: number;
    /**
     * Reads what the answer needs before the append's transaction opens (the embedded engine has one
     * connection: nothing may read outside the transaction while it is open). Runs again on a retry.
     */
    prepare?: () => Promise<P>;
  } = {},
): Promise<{ status: number; body: R | ReturnType<typeof refusal>; outcome: CommandOutcome<unknown> }> {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 128)) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'Idempotency-Key must be 8 to 128 characters', [
      { field: 'headers.idempotency-key', message: 'must be 8 to 128 characters' },
    ]);
  }
  const context = { ...(await app.learnerContext()), now: new Date().toISOString() };
  const outcome = await handleCommand<LearnerState, unknown>(
    app.deps.db,
    learnerStreamId(userId),
    learnerModel,
    async (state, fromVersion) => {
      const decision = decide(command, state, context);
      if (!decision.ok) {
        return {
          ok: false,
          status: STATUS_BY_CODE[decision.error.code] ?? 400,
          body: refusal(decision.error),
        };
      }
      const events = decision.events;
      const prepared = (options.prepare ? await options.prepare() : undefined) as P;
      return {
        ok: true,
        events: events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        respond: (next) => ({
          status: options.successStatus ?? 200,
          body: respond(next as LearnerState, events, prepared, fromVersion),
        }),
      };
    },
    {
      metadata: {
        actor: request.user?.id ?? userId,
        requestId: request.id,
        correlationId: (request.headers['x-correlation-id'] as string | undefined) ?? request.id,
        clientTime: request.headers['x-client-time'] as string | undefined,
      },
      idempotency: typeof key === 'string' ? { userId, key, requestHash: requestHash(request) } : undefined,
      heads: app.learnerHeads,
    },
  );
  if (outcome.appended > 0) {
    metrics.eventsAppended.inc(outcome.appended);
    // Not awaited: the doorbell gathers learners for DOORBELL_MS, and the answer need not wait for it.
    void app.deps.queue.enqueue(userId).catch((err) => {
      // The event is committed; the worker's catch-up sweep projects it even without the doorbell.
      request.log.warn({ err, userId }, 'projection doorbell failed; catch-up will project');
    });
  }
  return { status: outcome.status, body: outcome.body as R, outcome };
}
