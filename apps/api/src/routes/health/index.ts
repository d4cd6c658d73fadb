import { databaseAnswers } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';

/** `GET /api/health`: readiness, with the database and queue status; 503 when either is down. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'getHealth', async ({ reply }) => {
    const { db, queueHealthy, mode } = app.deps;
    const database = (await databaseAnswers(db)) ? ('up' as const) : ('down' as const);
    const queue = await queueHealthy()
      .then((ok) => (ok ? ('up' as const) : ('down' as const)))
      .catch(() => 'down' as const);
    const ready = database === 'up' && queue === 'up' && !app.shuttingDown;
    reply.status(ready ? 200 : 503);
    return { status: ready ? ('ok' as const) : ('degraded' as const), mode, database, queue };
  });
}
