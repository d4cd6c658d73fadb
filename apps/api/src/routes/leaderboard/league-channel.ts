/** The hub's league channel: a socket follows one class's league instead of the global board. */
import { type ClassLeague, WS_PROTOCOL_VERSION } from '@wenyan/contracts';
import { findClass } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { metrics } from '../../plugins/metrics.ts';
import { leagueView, mayViewLeague, readLeagueFigures } from '../homework/league.ts';
import { type Client, PUSH_INTERVAL_MS, readForSubscribe, send } from './pacing.ts';

/** The league channel of a hub whose change count `changes()` reads. */
export function createLeagueChannel(app: FastifyInstance, changes: () => number) {
  const { db } = app.deps;

  /** Sends a league when it differs from the socket's last one; true when the socket is now current. */
  function sendLeague(socket: WebSocket, client: Client, league: ClassLeague): boolean {
    const key = JSON.stringify(league.entries) + league.weekStart;
    if (key === client.lastLeagueKey) return true;
    if (!send(socket, { type: 'league', protocol: WS_PROTOCOL_VERSION, league })) return false;
    client.lastLeagueKey = key;
    client.lastSentAt = Date.now();
    metrics.websocketMessagesSent.inc();
    return true;
  }

  return {
    /**
     * Moves the socket to a class's league (its members, its teacher or an admin only) and sends the
     * league now unless the socket had a message within the second (a tick sends it then).
     */
    async subscribe(socket: WebSocket, client: Client, classId: string): Promise<void> {
      // Like the board's subscribe: one read at a time, and none for the same league within the second.
      if (client.reading) return;
      if (client.leagueClassId === classId && Date.now() - client.lastSentAt < PUSH_INTERVAL_MS) return;
      const failure = { log: app.log, failed: 'league read failed', unavailable: '暫時未能載入班級聯賽' };
      await readForSubscribe(socket, client, failure, async () => {
        const now = new Date().toISOString();
        const found = await findClass(db, classId);
        const members = found ? ((await readLeagueFigures(db, [found.id], now)).get(found.id) ?? []) : [];
        const viewer = { id: client.userId, roles: client.roles };
        if (!found || !mayViewLeague(found, members, viewer)) {
          send(socket, {
            type: 'error',
            code: found ? 'FORBIDDEN' : 'NOT_FOUND',
            message: '你不在這個班別。',
          });
          return;
        }
        const change = changes();
        if (client.leagueClassId !== found.id) client.lastLeagueKey = '';
        client.leagueClassId = found.id;
        client.subscribed = true;
        if (Date.now() - client.lastSentAt < PUSH_INTERVAL_MS) return;
        if (sendLeague(socket, client, leagueView(found, members, viewer, now))) {
          client.lastCheckedAt = Date.now();
          client.seenChange = change;
        }
      });
    },

    /**
     * The league sockets of a tick: each class's members and week's XP read once (two queries for all
     * of them), each socket sent its view when it changed since its last message.
     */
    async sendDue(due: Array<[WebSocket, Client]>, change: number): Promise<void> {
      if (due.length === 0) return;
      const now = new Date().toISOString();
      const classIds = [...new Set(due.map(([, c]) => c.leagueClassId!))];
      const [figures, classes] = await Promise.all([
        readLeagueFigures(db, classIds, now),
        Promise.all(classIds.map((id) => findClass(db, id))),
      ]);
      const classOf = new Map(classes.flatMap((c) => (c ? [[c.id, c] as const] : [])));
      const nowMs = Date.now();
      for (const [socket, client] of due) {
        if (nowMs - client.lastSentAt < PUSH_INTERVAL_MS) continue;
        client.lastCheckedAt = nowMs;
        const found = classOf.get(client.leagueClassId!);
        if (!found) {
          client.seenChange = change;
          continue;
        }
        const league = leagueView(
          found,
          figures.get(found.id) ?? [],
          { id: client.userId, roles: client.roles },
          now,
        );
        if (sendLeague(socket, client, league)) client.seenChange = change;
      }
    },
  };
}
