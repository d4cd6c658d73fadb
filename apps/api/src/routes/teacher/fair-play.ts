/**
 * A fair-play review (issue 37): a teacher of the learner's class, or an admin, clears the learner's
 * flags for the week, a `FairPlayFlagCleared` on the learner's stream; their league entry then counts.
 */
import { hongKongWeekStart } from '@wenyan/domain';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { readFairPlay } from '../../learner/fair-play.ts';
import { defineRoute } from '../../plugins/route.ts';

export async function fairPlayRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'clearFairPlayFlag', async ({ input, request, user }) => {
    const learnerId = input.params.id;
    const now = new Date().toISOString();
    const flags = (await readFairPlay(db, [learnerId], now)).get(learnerId)?.flags ?? [];
    return executeLearnerCommand(
      app,
      request,
      learnerId,
      { type: 'ClearFairPlayFlag', data: { weekStart: hongKongWeekStart(now), flags, reviewerId: user.id } },
      (_state, events) => {
        const cleared = events.find((e) => e.type === 'FairPlayFlagCleared');
        return { cleared: cleared?.type === 'FairPlayFlagCleared' ? [...cleared.data.flags] : [] };
      },
    );
  });
}
