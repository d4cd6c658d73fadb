/**
 * The leaderboard's live channel over /api/ws (packages/contracts/src/ws.ts): subscribe, apply each
 * newer snapshot, resynchronise over HTTP after a reconnect or a version gap, and reconnect by itself
 * with a capped, jittered backoff after a drop.
 */
import {
  type ClientMessage,
  decodeServerMessage,
  type Leaderboard,
  type LeaderboardMessage,
  type LeagueMessage,
  WS_PROTOCOL_VERSION,
} from '@wenyan/contracts';

export type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** The delay before reconnect attempt `attempt` (0-based): 0.5 s doubling to 15 s, with ±20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * What a live message does to the board held: `board` is the board to show (null: keep the current
 * one), `resync` asks for a fetch of GET /api/leaderboard (a gap, or a protocol this client cannot read).
 */
export function nextLeaderboard(
  current: Leaderboard | undefined,
  message: LeaderboardMessage,
): { board: Leaderboard | null; resync: boolean } {
  if (message.protocol !== WS_PROTOCOL_VERSION) return { board: null, resync: true };
  const { type: _type, protocol: _protocol, ...board } = message;
  if (!current) return { board, resync: false };
  if (message.version <= current.version) return { board: null, resync: false };
  return { board, resync: message.version > current.version + 1 };
}

/** The subset of the browser's WebSocket the channel uses (a fake one in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export type LeaderboardChannelOptions = {
  /** Opens a socket (the page passes `new WebSocket(url)`). */
  open: () => SocketLike;
  onMessage: (message: LeaderboardMessage) => void;
  /** What to follow (default: the global board); a class league's updates go to `onLeague`. */
  subscribe?: Extract<ClientMessage, { type: 'subscribe' }>;
  onLeague?: (message: LeagueMessage) => void;
  /** Called after every (re)connection, when a fetch over HTTP should bring the board up to date. */
  onResync: () => void;
  onStatus?: (status: SocketStatus) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
};

const OPEN = 1;
const PING_INTERVAL_MS = 25_000;

/** Connects at once; `reconnectNow()` skips the wait (the browser came back online); `close()` stops for good. */
export function connectLeaderboard(options: LeaderboardChannelOptions) {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let attempt = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let stopped = false;
  let everOpened = false;

  const status = (value: SocketStatus) => options.onStatus?.(value);
  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const schedulePing = () => {
    pingTimer = setTimer(() => {
      send({ type: 'ping' });
      schedulePing();
    }, PING_INTERVAL_MS);
  };
  const stopTimers = () => {
    if (retryTimer !== null) clearTimer(retryTimer);
    if (pingTimer !== null) clearTimer(pingTimer);
    retryTimer = null;
    pingTimer = null;
  };

  function connect() {
    if (stopped) return;
    stopTimers();
    status(everOpened ? 'reconnecting' : 'connecting');
    const current = options.open();
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      everOpened = true;
      send(options.subscribe ?? { type: 'subscribe', channel: 'leaderboard' });
      schedulePing();
      status('live');
      options.onResync();
    };
    current.onmessage = (event) => {
      if (socket !== current || typeof event.data !== 'string') return;
      const message = decodeServerMessage(event.data);
      if (message?.type === 'leaderboard') options.onMessage(message);
      if (message?.type === 'league') options.onLeague?.(message);
    };
    current.onerror = () => {
      // A close always follows an error; the reconnect is scheduled there.
    };
    current.onclose = () => {
      if (socket !== current || stopped) return;
      socket = null;
      stopTimers();
      status('reconnecting');
      retryTimer = setTimer(connect, reconnectDelay(attempt, options.random));
      attempt += 1;
    };
  }

  connect();

  return {
    reconnectNow() {
      if (stopped || socket?.readyState === OPEN) return;
      const old = socket;
      socket = null;
      old?.close();
      connect();
    },
    close() {
      stopped = true;
      stopTimers();
      const old = socket;
      socket = null;
      old?.close();
      status('closed');
    },
  };
}
