import { decodeClientMessage, WS_PROTOCOL_VERSION } from '@wenyan/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { metrics } from '../../plugins/metrics.ts';
import { createBoardChannel } from './board-channel.ts';
import { createLeagueChannel } from './league-channel.ts';
import { type Client, dueThisTick, HEARTBEAT_MS, send, TICK_MS, takeToken, WS_LIMITS } from './pacing.ts';

/** The hub's questions about who may see what (the API's rules, passed in so the hub stays testable). */
export interface HubAccess {
  /** True when a class of the user's hides the global board from its students. */
  globalHidden(user: { id: string; roles: readonly string[] }): Promise<boolean>;
}

/**
 * The leaderboard fan-out of one API instance. Projection commits (from the in-process broadcast or
 * Redis pub/sub) are counted; every tick it takes the sockets behind the count whose last message is a
 * second old and hands them to their channel: the board (`board-channel.ts`: the top ten read once,
 * their ranks in one batch) or a class's league (`league-channel.ts`). The pacing: `pacing.ts`.
 */
export function createLeaderboardHub(app: FastifyInstance, access: HubAccess) {
  const { broadcast } = app.deps;
  const clients = new Map<WebSocket, Client>();
  /** Counts the projection commits heard; a socket behind it may have something new to see. */
  let changes = 0;
  let ticking = false;
  const board = createBoardChannel(app, () => changes);
  const league = createLeagueChannel(app, () => changes);

  async function tick(): Promise<void> {
    if (ticking) return;
    const change = changes;
    const startedAt = Date.now();
    // Sockets behind the latest change whose last message is a second old: only their ranks are read.
    // The others wait for a later tick (each socket keeps its own window, so they spread over ticks).
    const subscribers = dueThisTick(clients.entries(), change, startedAt, (n) => metrics.hubDeferred.inc(n));
    if (subscribers.length === 0) return;
    ticking = true;
    const timer = metrics.hubTick.startTimer();
    try {
      await league.sendDue(
        subscribers.filter(([, c]) => c.leagueClassId !== null),
        change,
      );
      await board.sendDue(
        subscribers.filter(([, c]) => c.leagueClassId === null),
        change,
      );
    } catch (err) {
      app.log.warn({ err }, 'leaderboard push failed; retrying next tick');
    } finally {
      ticking = false;
      timer();
    }
  }

  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  const heartbeat = setInterval(() => {
    for (const [socket, client] of clients) {
      if (!client.alive) {
        socket.terminate();
        continue;
      }
      client.alive = false;
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let unsubscribe: (() => Promise<void>) | null = null;
  const ready = broadcast
    .subscribe((message) => {
      changes++;
      if (message.appendedAt)
        metrics.projectionLag.observe(Math.max(0, Date.now() - message.appendedAt) / 1000);
    })
    .then((off) => {
      unsubscribe = off;
    });

  return {
    ready,
    /** Closes a socket of a user who already holds `socketsPerUser` open sockets (4429). */
    refuse(socket: WebSocket): void {
      send(socket, {
        type: 'error',
        code: 'RATE_LIMITED',
        message: '同時開啟的連線太多，請關閉其他分頁。',
      });
      socket.close(4429, 'too many connections');
    },
    /** Takes a new authenticated socket (its slot already taken); `onClose` runs when it closes. */
    accept(socket: WebSocket, user: { id: string; roles: readonly string[] }, onClose: () => void): void {
      const userId = user.id;
      const client: Client = {
        userId,
        roles: user.roles,
        subscribed: false,
        leagueClassId: null,
        lastLeagueKey: '',
        tokens: WS_LIMITS.burst,
        refilledAt: Date.now(),
        dropped: 0,
        reading: false,
        alive: true,
        lastTopKey: '',
        lastMeKey: '',
        lastSentAt: 0,
        lastCheckedAt: 0,
        seenChange: 0,
      };
      clients.set(socket, client);
      metrics.websocketConnections.set(clients.size);
      send(socket, { type: 'welcome', protocol: WS_PROTOCOL_VERSION });
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        clients.delete(socket);
        onClose();
        metrics.websocketConnections.set(clients.size);
      });
      socket.on('message', async (raw: Buffer) => {
        client.alive = true;
        if (!takeToken(client, Date.now())) {
          client.dropped++;
          if (client.dropped === WS_LIMITS.closeAfterDropped) socket.close(1008, 'too many messages');
          return;
        }
        const message = decodeClientMessage(raw.toString());
        if (!message) {
          send(socket, { type: 'error', code: 'VALIDATION_FAILED', message: '無法讀取的訊息' });
          return;
        }
        if (message.type === 'ping') {
          send(socket, { type: 'pong' });
          return;
        }
        if (message.type === 'unsubscribe') {
          client.subscribed = false;
          return;
        }
        if (message.channel === 'league') {
          await league.subscribe(socket, client, message.classId);
          return;
        }
        if (await access.globalHidden({ id: userId, roles: client.roles })) {
          send(socket, { type: 'error', code: 'FORBIDDEN', message: '老師已為你的班別隱藏全港排行榜。' });
          return;
        }
        await board.subscribe(socket, client);
      });
    },
    async close() {
      clearInterval(timer);
      clearInterval(heartbeat);
      await ready;
      await unsubscribe?.();
      for (const socket of clients.keys()) socket.close(1001, 'server shutting down');
      clients.clear();
    },
    size: () => clients.size,
  };
}
