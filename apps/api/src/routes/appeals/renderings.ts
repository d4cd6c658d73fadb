import { changeRendering, findRendering, renderingHistory } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { isAdmin, replyFor, statusRefused, withContext } from './rendering-replies.ts';
import { revertRoutes } from './revert.ts';

/**
 * Renderings accepted on appeal (issue 36): a teacher's own (an admin's: all) with their log, the
 * admin's approval and rejection; the revert and its re-marks: `revert.ts`.
 */
export async function renderingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listRenderings', async ({ input, user }) => {
    const records = await renderingHistory(db, {
      ...(isAdmin(user) ? {} : { acceptedBy: user.id }),
      ...(input.query.status === undefined ? {} : { status: input.query.status }),
    });
    return withContext(db, records);
  });

  for (const [name, action] of [
    ['approveRendering', 'approved'],
    ['rejectRendering', 'rejected'],
  ] as const) {
    defineRoute(app, name, async ({ input, user }) => {
      const { id: renderingId } = input.params;
      if (!(await findRendering(db, renderingId))) throw notFound('rendering');
      const changed = await changeRendering(db, { id: renderingId, action, actorId: user.id });
      if (!changed) throw statusRefused();
      app.invalidateContent();
      return replyFor(db, renderingId);
    });
  }

  await revertRoutes(app);
}
