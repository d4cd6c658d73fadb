/** The hub's board channel: the global leaderboard, the top ten and the viewer's own rank. */
import { WS_PROTOCOL_VERSION } from '@wenyan/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { metrics } from '../../plugins/metrics.ts';
import {
  type Client,
  keyOf,
  leaderboardMessages,
  PUSH_INTERVAL_MS,
  readForSubscribe,
  send,
} from './pacing.ts';
import { entryRows, readLeaderboard, readTop, toEntry } from './service.ts';

/** The board channel of a hub whose change count `changes()` reads. */
export function createBoardChannel(app: FastifyInstance, changes: () => number) {
  const { db, leaderboard, leaderboardVersion } = app.deps;

  return {
    /** Moves the socket to the board (from a league, afresh) and sends its state unless it is current. */
    async subscribe(socket: WebSocket, client: Client): Promise<void> {
      // Back from a league to the board: the board's state is sent afresh.
      const fromLeague = client.leagueClassId !== null;
      if (fromLeague) {
        client.leagueClassId = null;
        client.lastSentAt = 0;
      }
      const wasSubscribed = client.subscribed && !fromLeague;
      client.subscribed = true;
      // A read in flight will answer this subscribe too; a state sent within the second is current
      // enough for a socket already subscribed (the ticks send what changes).
      if (client.reading || (wasSubscribed && Date.now() - client.lastSentAt < PUSH_INTERVAL_MS)) return;
      const change = changes();
      const failure = { log: app.log, failed: 'leaderboard read failed', unavailable: '暫時未能載入排行榜' };
      await readForSubscribe(socket, client, failure, async () => {
        const state = await readLeaderboard(db, leaderboard, await leaderboardVersion(), client.userId);
        if (send(socket, { type: 'leaderboard', protocol: WS_PROTOCOL_VERSION, ...state })) {
          client.lastTopKey = keyOf(state.top.map((e) => ({ ...e, email: null })));
          client.lastMeKey = state.me ? keyOf([state.me.entry]) : 'none';
          client.lastSentAt = Date.now();
          client.lastCheckedAt = client.lastSentAt;
          client.seenChange = change;
          metrics.websocketMessagesSent.inc();
        }
      });
    },

    /**
     * The board sockets of a tick: the top ten read once and their ranks in one batch, each socket sent
     * what changed for it.
     */
    async sendDue(due: Array<[WebSocket, Client]>, change: number): Promise<void> {
      if (due.length === 0) return;
      const now = new Date().toISOString();
      const userIds = [...new Set(due.map(([, c]) => c.userId))];
      const [version, top, total, ranks] = await Promise.all([
        leaderboardVersion(),
        readTop(db, leaderboard),
        leaderboard.total(),
        leaderboard.ranks(userIds),
      ]);
      // The top ten as everyone sees it, built once a tick; a learner in it also sees their own email.
      const shared = top.map((t) => toEntry(t.row, t.rank, null, now));
      const topKey = keyOf(shared);
      // A viewer in the top ten gets their own copy of it (with their email); the rest share one.
      const ownTop = (viewer: string) =>
        shared.some((e) => e.id === viewer)
          ? top.map((t, i) => (t.row.id === viewer ? toEntry(t.row, t.rank, viewer, now) : shared[i]!))
          : undefined;
      const message = leaderboardMessages(
        { type: 'leaderboard', protocol: WS_PROTOCOL_VERSION, version, total },
        shared,
      );
      // A learner without a rank has no entry to show.
      const rows = await entryRows(
        db,
        userIds.filter((id) => ranks.has(id)),
      );
      const nowMs = Date.now();
      for (const [socket, client] of due) {
        // While the tick read, the socket may have been sent its first state (a subscribe).
        if (nowMs - client.lastSentAt < PUSH_INTERVAL_MS) continue;
        client.lastCheckedAt = nowMs;
        const rank = ranks.get(client.userId);
        const row = rows.get(client.userId);
        const me = rank && row ? { entry: toEntry(row, rank, client.userId, now), rank } : null;
        const meKey = me ? keyOf([me.entry]) : 'none';
        if (topKey === client.lastTopKey && meKey === client.lastMeKey) {
          client.seenChange = change;
          continue;
        }
        const sent = send(socket, message(me, ownTop(client.userId)));
        // A socket that could not take it (full buffer) stays behind and is tried on a later tick.
        if (sent) {
          client.lastTopKey = topKey;
          client.lastMeKey = meKey;
          client.lastSentAt = nowMs;
          client.seenChange = change;
          metrics.websocketMessagesSent.inc();
        }
      }
    },
  };
}
