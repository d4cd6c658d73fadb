import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCrossSite } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { globalBoardHidden } from '../homework/index.ts';
import { createLeaderboardHub } from './hub.ts';
import { readLeaderboard } from './service.ts';

/** GET /api/leaderboard and the live leaderboard websocket GET /api/ws. */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  const { db, leaderboard, leaderboardVersion } = app.deps;

  defineRoute(app, 'getLeaderboard', async ({ user }) => {
    if (await globalBoardHidden(app, user)) throw forbidden('老師已為你的班別隱藏全港排行榜');
    return readLeaderboard(db, leaderboard, await leaderboardVersion(), user.id);
  });

  const hub = createLeaderboardHub(app, { globalHidden: (user) => globalBoardHidden(app, user) });
  await hub.ready;
  app.addHook('onClose', async () => hub.close());

  // Browsers send Origin with every websocket: a page of another site cannot ride the learner's cookie.
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (isCrossSite(request, app.deps.env.PUBLIC_ORIGIN)) throw forbidden('cross-site websocket refused');
  };

  app.get('/api/ws', { websocket: true, onRequest: sameSiteOnly }, (socket, request) => {
    if (!request.user) {
      socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHENTICATED', message: '請先登入。' }));
      socket.close(4401, 'sign in first');
      return;
    }
    hub.accept(socket, request.user);
  });
}
