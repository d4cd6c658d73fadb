/**
 * The hub's pacing, pure of sockets' I/O: one message a second per socket, a tick's budget, a socket's
 * token bucket, the limits of a user's sockets, and the leaderboard messages spliced from shared JSON.
 */
import type { LeaderboardEntry, ServerMessage } from '@wenyan/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/** At most one leaderboard message per socket per interval, whatever the answer rate. */
export const PUSH_INTERVAL_MS = 1000;
/** How often the hub looks for changes to send (a change waits at most this long past the interval). */
export const TICK_MS = 200;
export const HEARTBEAT_MS = 30_000;
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

/** What the hub keeps of one socket. */
export interface Client {
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

/** Sends a message unless the socket is closed or its buffer is full; true when sent. */
export function send(socket: WebSocket, message: ServerMessage | string): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return false;
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return true;
}

/**
 * Runs a subscribe's read with the socket marked as reading (a subscribe meanwhile finds it so and
 * leaves the answer to this read); a failed read is logged as `failed` and the socket is sent an
 * UNAVAILABLE error saying `unavailable`.
 */
export async function readForSubscribe(
  socket: WebSocket,
  client: Client,
  failure: { log: FastifyBaseLogger; failed: string; unavailable: string },
  read: () => Promise<void>,
): Promise<void> {
  client.reading = true;
  try {
    await read();
  } catch (err) {
    failure.log.warn({ err }, failure.failed);
    send(socket, { type: 'error', code: 'UNAVAILABLE', message: failure.unavailable });
  } finally {
    client.reading = false;
  }
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

/** What a socket was sent of these entries, to send only changes. */
export const keyOf = (entries: readonly LeaderboardEntry[]) =>
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
