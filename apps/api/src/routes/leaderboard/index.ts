import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCrossSite } from '../../plugins/auth.ts';
import { ApiError, forbidden } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { addressOf, attemptLimiter } from '../auth/limits.ts';
import { globalBoardHidden } from '../homework/class-boards.ts';
import { createLeaderboardHub } from './hub.ts';
import { WS_LIMITS } from './pacing.ts';
import { readLeaderboard } from './service.ts';
import { localSlots, redisSlots, SLOT_TTL_MS, type Slot } from './slots.ts';

/** GET /api/leaderboard and the live leaderboard websocket GET /api/ws. */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  // The board tolerates a replica's lag: its ranks move with the projection, seconds behind anyway.
  const { readDb: db, leaderboard, leaderboardVersion } = app.deps;

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

  // Sockets per user across every process; their slots renewed with the hub's heartbeat.
  const slots = app.deps.redis
    ? redisSlots(app.deps.redis, app.deps.env.REDIS_PREFIX, WS_LIMITS.socketsPerUser)
    : localSlots(WS_LIMITS.socketsPerUser);
  const renewal = setInterval(() => void slots.renew(), SLOT_TTL_MS / 3);
  renewal.unref();
  app.addHook('onClose', async () => clearInterval(renewal));

  // New sockets a minute per address and per account: refused with 429 before the upgrade.
  const connectLimits = attemptLimiter(app, [
    // A deployment that raises the sign-in attempts of one address (a load run) raises this with it.
    {
      name: 'ws-connect-address',
      max: Math.max(WS_LIMITS.connectsPerAddressPerMinute, 3 * app.deps.env.LOGIN_ADDRESS_RATE_LIMIT),
      key: addressOf,
    },
    {
      name: 'ws-connect-user',
      max: WS_LIMITS.connectsPerUserPerMinute,
      key: (request) => request.user?.id ?? null,
    },
  ]);
  const slotOf = new WeakMap<FastifyRequest, Slot | null>();

  /**
   * Before the upgrade: the connect rates, then an account still on its one-time password is refused
   * (403, as every other call), then the socket takes one of the user's slots (none left: the socket
   * opens only to be told and closed with 4429, the client's sign to stop).
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    await connectLimits(request, reply);
    const user = request.user;
    if (!user) return;
    if (user.mustChangePassword) {
      throw new ApiError(403, 'PASSWORD_CHANGE_REQUIRED', '請先設定你自己的密碼。');
    }
    const slot = await slots.acquire(user.id);
    slotOf.set(request, slot);
    // Given back when the connection ends, whether or not the upgrade happened.
    if (slot) request.raw.socket.once('close', () => slot.release());
  };

  app.get('/api/ws', { websocket: true, onRequest: sameSiteOnly, preHandler: admit }, (socket, request) => {
    if (!request.user) {
      socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHENTICATED', message: '請先登入。' }));
      socket.close(4401, 'sign in first');
      return;
    }
    const slot = slotOf.get(request);
    if (!slot) {
      hub.refuse(socket);
      return;
    }
    hub.accept(socket, request.user, () => slot.release());
  });
}
