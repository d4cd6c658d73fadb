import {
  type ClassLeague,
  decodeClientMessage,
  type LeaderboardEntry,
  type ServerMessage,
  WS_PROTOCOL_VERSION,
} from '@wenyan/contracts';
import { findClass } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { metrics } from '../../plugins/metrics.ts';
import { leagueView, mayViewLeague, readLeagueFigures } from '../homework/league.ts';
import { entryRows, readLeaderboard, readTop, toEntry } from './service.ts';

/** The hub's questions about who may see what (the API's rules, passed in so the hub stays testable). */
export interface HubAccess {
  /** True when a class of the user's hides the global board from its students. */
  globalHidden(user: { id: string; roles: readonly string[] }): Promise<boolean>;
}

/** At most one leaderboard message per socket per interval, whatever the answer rate. */
export const PUSH_INTERVAL_MS = 1000;
/** How often the hub looks for changes to send (a change waits at most this long past the interval). */
const TICK_MS = 200;
const HEARTBEAT_MS = 30_000;
/** A socket whose send buffer is this full is skipped this tick (a slow consumer never stalls others). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Sockets a tick may serve at least, whatever its share (below this many, one tick serves them all). */
const MIN_TICK_BUDGET = 50;
/**
 * A tick's budget in shares (a share: the tick's part of one message a second per socket). Two, so a
 * tick that was skipped (the one before still ran) or a socket that waited is caught up within the
 * second.
 */
const TICK_BUDGET_SHARES = 2;

/**
 * What one user and one socket may ask of the API (issues 23 and 37): a flood degrades only the flooder.
 * - `socketsPerUser`: open sockets of one account across every API process (`slots.ts`: Redis when
 *   distributed); the next one is closed at once (4429). Five covers a phone, a tablet, a laptop and a
 *   couple of tabs.
 * - `connectsPerUserPerMinute` / `connectsPerAddressPerMinute`: new sockets (handshakes) a minute per
 *   account and per address, counted like the sign-in attempts (Redis when distributed); past either,
 *   the handshake is refused with 429 before any socket is made. The client's backoff reconnects a few
 *   times a minute at most; a school's class shares one address.
 * - `messagesPerSecond` / `burst`: a token bucket per socket. A message past it is dropped unanswered;
 *   `closeAfterDropped` dropped messages close the socket (1008, policy violation), so a flooding
 *   socket holds its memory for a few seconds at most.
 * - A subscribe reads the leaderboard at most once per `PUSH_INTERVAL_MS` per socket and never while
 *   its previous read is in flight: the hub's ticks keep a subscribed socket current anyway.
 */
export const WS_LIMITS = {
  socketsPerUser: 5,
  connectsPerUserPerMinute: 30,
  connectsPerAddressPerMinute: 300,
  messagesPerSecond: 5,
  burst: 10,
  closeAfterDropped: 20,
} as const;

interface Client {
  userId: string;
  roles: readonly string[];
  subscribed: boolean;
  /**
   * The class whose league the socket follows instead of the global board (null: the board). One
   * channel at a time, so the socket's one message a second holds for both.
   */
  leagueClassId: string | null;
  /** The league this socket last received, to send only changes. */
  lastLeagueKey: string;
  /** The token bucket of this socket's messages. */
  tokens: number;
  refilledAt: number;
  dropped: number;
  /** A subscribe's leaderboard read is in flight. */
  reading: boolean;
  alive: boolean;
  /** What this socket last received, to send only changes. */
  lastTopKey: string;
  lastMeKey: string;
  /** When this socket last got a leaderboard message (epoch ms). */
  lastSentAt: number;
  /** When a tick last looked at this socket, whether or not it had something new for it (epoch ms). */
  lastCheckedAt: number;
  /** The hub's change count this socket is up to date with. */
  seenChange: number;
}

function send(socket: WebSocket, message: ServerMessage | string): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return false;
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return true;
}

type LeaderboardMessage = Extract<ServerMessage, { type: 'leaderboard' }>;

/**
 * The JSON of a tick's leaderboard messages, which differ only in `top` (for a viewer in the top ten,
 * who also sees their own email) and `me`: the parts every socket shares are serialised once a tick,
 * and each socket's message is spliced from them. The same text as `JSON.stringify` of the message.
 */
export function leaderboardMessages(
  shared: Omit<LeaderboardMessage, 'top' | 'me'>,
  sharedTop: LeaderboardMessage['top'],
) {
  const head = `{"type":${JSON.stringify(shared.type)},"protocol":${JSON.stringify(shared.protocol)},"version":${JSON.stringify(shared.version)},"top":`;
  const tail = `,"total":${JSON.stringify(shared.total)}}`;
  const sharedTopJson = JSON.stringify(sharedTop);
  return (me: LeaderboardMessage['me'], top?: LeaderboardMessage['top']) =>
    `${head}${top ? JSON.stringify(top) : sharedTopJson},"me":${JSON.stringify(me)}${tail}`;
}

/**
 * The sockets a tick serves: subscribed, behind `change`, their last message at least a push interval
 * old, the ones a tick looked at longest ago first, and at most twice the tick's share of one message a
 * second per socket. Sockets that all became due at once so spread over the next ticks, instead of
 * every message of the second going out (and holding the event loop) in one. The order is by the last
 * look, not the last message: a socket with nothing new to see (a watcher outside the top ten while the
 * top ten stands still) keeps an old last message, and would otherwise head the queue at every tick and
 * hold back the sockets that do have news.
 */
export function dueThisTick<
  S,
  C extends Pick<Client, 'subscribed' | 'seenChange' | 'lastSentAt' | 'lastCheckedAt'>,
>(
  clients: Iterable<[S, C]>,
  change: number,
  now: number,
  onDeferred: (count: number) => void = () => {},
): Array<[S, C]> {
  let subscribed = 0;
  const due: Array<[S, C]> = [];
  for (const entry of clients) {
    const c = entry[1];
    if (!c.subscribed) continue;
    subscribed++;
    if (c.seenChange < change && now - c.lastSentAt >= PUSH_INTERVAL_MS) due.push(entry);
  }
  const share = Math.ceil((subscribed * TICK_MS) / PUSH_INTERVAL_MS);
  const budget = Math.max(MIN_TICK_BUDGET, TICK_BUDGET_SHARES * share);
  if (due.length <= budget) return due;
  onDeferred(due.length - budget);
  return due.sort((a, b) => a[1].lastCheckedAt - b[1].lastCheckedAt).slice(0, budget);
}

const keyOf = (entries: readonly LeaderboardEntry[]) =>
  entries
    .map((e) => `${e.id}:${e.rank}:${e.totalXP}:${e.completedLessons}:${e.averageAccuracy}:${e.streakDays}`)
    .join('|');

/** Takes one message's token from the socket's bucket (refilled at `messagesPerSecond`); false when empty. */
export function takeToken(bucket: { tokens: number; refilledAt: number }, now: number): boolean {
  const elapsed = Math.max(0, now - bucket.refilledAt) / 1000;
  bucket.tokens = Math.min(WS_LIMITS.burst, bucket.tokens + elapsed * WS_LIMITS.messagesPerSecond);
  bucket.refilledAt = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/**
 * The leaderboard fan-out of one API instance. Projection commits (from the in-process broadcast or
 * Redis pub/sub) are counted; every tick it takes the sockets behind the count whose last message is a
 * second old, reads the top ten once and their ranks in one batch, and sends each what changed for it.
 */
export function createLeaderboardHub(app: FastifyInstance, access: HubAccess) {
  const { db, leaderboard, broadcast, leaderboardVersion } = app.deps;

  /**
   * Moves the socket to a class's league (its members, its teacher or an admin only) and sends the
   * league now unless the socket had a message within the second (a tick sends it then).
   */
  async function subscribeLeague(socket: WebSocket, client: Client, classId: string): Promise<void> {
    // Like the board's subscribe: one read at a time, and none for the same league within the second.
    if (client.reading) return;
    if (client.leagueClassId === classId && Date.now() - client.lastSentAt < PUSH_INTERVAL_MS) return;
    client.reading = true;
    try {
      const now = new Date().toISOString();
      const found = await findClass(db, classId);
      const members = found ? ((await readLeagueFigures(db, [found.id], now)).get(found.id) ?? []) : [];
      const viewer = { id: client.userId, roles: client.roles };
      if (!found || !mayViewLeague(found, members, viewer)) {
        send(socket, { type: 'error', code: found ? 'FORBIDDEN' : 'NOT_FOUND', message: '你不在這個班別。' });
        return;
      }
      const change = changes;
      if (client.leagueClassId !== found.id) client.lastLeagueKey = '';
      client.leagueClassId = found.id;
      client.subscribed = true;
      if (Date.now() - client.lastSentAt < PUSH_INTERVAL_MS) return;
      if (sendLeague(socket, client, leagueView(found, members, viewer, now))) {
        client.lastCheckedAt = Date.now();
        client.seenChange = change;
      }
    } catch (err) {
      app.log.warn({ err }, 'league read failed');
      send(socket, { type: 'error', code: 'UNAVAILABLE', message: '暫時未能載入班級聯賽' });
    } finally {
      client.reading = false;
    }
  }
  const clients = new Map<WebSocket, Client>();
  /** Counts the projection commits heard; a socket behind it may have something new to see. */
  let changes = 0;
  let ticking = false;

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
      await sendLeagues(
        subscribers.filter(([, c]) => c.leagueClassId !== null),
        change,
      );
      const boardSubscribers = subscribers.filter(([, c]) => c.leagueClassId === null);
      if (boardSubscribers.length === 0) return;
      const now = new Date().toISOString();
      const userIds = [...new Set(boardSubscribers.map(([, c]) => c.userId))];
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
      for (const [socket, client] of boardSubscribers) {
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
    } catch (err) {
      app.log.warn({ err }, 'leaderboard push failed; retrying next tick');
    } finally {
      ticking = false;
      timer();
    }
  }

  /**
   * The league sockets of a tick: each class's members and week's XP read once (two queries for all of
   * them), each socket sent its view when it changed since its last message.
   */
  async function sendLeagues(due: Array<[WebSocket, Client]>, change: number): Promise<void> {
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
  }

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
          await subscribeLeague(socket, client, message.classId);
          return;
        }
        if (await access.globalHidden({ id: userId, roles: client.roles })) {
          send(socket, { type: 'error', code: 'FORBIDDEN', message: '老師已為你的班別隱藏全港排行榜。' });
          return;
        }
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
        client.reading = true;
        const change = changes;
        try {
          const state = await readLeaderboard(db, leaderboard, await leaderboardVersion(), userId);
          if (send(socket, { type: 'leaderboard', protocol: WS_PROTOCOL_VERSION, ...state })) {
            client.lastTopKey = keyOf(state.top.map((e) => ({ ...e, email: null })));
            client.lastMeKey = state.me ? keyOf([state.me.entry]) : 'none';
            client.lastSentAt = Date.now();
            client.lastCheckedAt = client.lastSentAt;
            client.seenChange = change;
            metrics.websocketMessagesSent.inc();
          }
        } catch (err) {
          app.log.warn({ err }, 'leaderboard read failed');
          send(socket, { type: 'error', code: 'UNAVAILABLE', message: '暫時未能載入排行榜' });
        } finally {
          client.reading = false;
        }
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
