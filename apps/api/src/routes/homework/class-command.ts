/**
 * A teacher's command on a class's stream (assignments, the self-mark rule): decided by the domain's
 * `decideClass`, appended with optimistic concurrency under the request's Idempotency-Key, and counted.
 */
import { type ClassCommand, type ClassState, decideClass } from '@wenyan/domain';
import { classModel, classStreamId, type Db, handleCommand } from '@wenyan/store';
import type { FastifyRequest } from 'fastify';
import { idempotencyScope } from '../../learner/commands.ts';
import { metrics } from '../../plugins/metrics.ts';

export async function executeClassCommand<R>(
  db: Db,
  request: FastifyRequest,
  actorId: string,
  classId: string,
  command: ClassCommand,
  reply: (next: ClassState) => R,
) {
  const outcome = await handleCommand(
    db,
    classStreamId(classId),
    classModel,
    (state: ClassState) => {
      const decision = decideClass(command, state, { now: new Date().toISOString(), actor: actorId });
      if (!decision.ok) return { ok: false as const, refusal: decision.error };
      return {
        ok: true as const,
        events: decision.events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        reply,
      };
    },
    {
      metadata: { actor: actorId, requestId: request.id },
      idempotency: idempotencyScope(request, actorId),
    },
  );
  if (outcome.ok && outcome.appended > 0) metrics.eventsAppended.inc(outcome.appended);
  return outcome;
}
