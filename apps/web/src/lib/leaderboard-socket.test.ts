import { type Leaderboard, type LeaderboardMessage, WS_PROTOCOL_VERSION } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectLeaderboard,
  nextLeaderboard,
  reconnectDelay,
  type SocketLike,
  type SocketStatus,
} from './leaderboard-socket.ts';

const BOARD: Leaderboard = { version: 5, top: [], me: null, total: 2 };
const message = (version: number, protocol = WS_PROTOCOL_VERSION): LeaderboardMessage => ({
  type: 'leaderboard',
  protocol,
  ...BOARD,
  version,
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const messages: LeaderboardMessage[] = [];
  const statuses: SocketStatus[] = [];
  let resyncs = 0;
  const channel = connectLeaderboard({
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onMessage: (m) => messages.push(m),
    onResync: () => {
      resyncs += 1;
    },
    onStatus: (s) => statuses.push(s),
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    random: () => 0.5,
  });
  const pending = () => timers.filter((t) => !t.cleared && t.ms !== 25_000);
  return { channel, sockets, timers, messages, statuses, pending, resyncs: () => resyncs };
}

describe('nextLeaderboard', () => {
  it('takes the first snapshot as it is', () => {
    expect(nextLeaderboard(undefined, message(3))).toEqual({
      board: { ...BOARD, version: 3 },
      resync: false,
    });
  });
  it('ignores a snapshot that is not newer', () => {
    expect(nextLeaderboard(BOARD, message(5))).toEqual({ board: null, resync: false });
  });
  it('applies the next version', () => {
    expect(nextLeaderboard(BOARD, message(6))).toEqual({ board: { ...BOARD, version: 6 }, resync: false });
  });
  it('applies a snapshot after a gap and asks for a resync', () => {
    expect(nextLeaderboard(BOARD, message(9)).resync).toBe(true);
  });
  it('resyncs over HTTP on a protocol it cannot read', () => {
    expect(nextLeaderboard(BOARD, message(9, WS_PROTOCOL_VERSION + 1))).toEqual({
      board: null,
      resync: true,
    });
  });
});

describe('reconnectDelay', () => {
  it('doubles from half a second up to 15 seconds', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 10].map((a) => reconnectDelay(a, mid))).toEqual([500, 1000, 2000, 4000, 15000]);
  });
  it('jitters by up to 20 %', () => {
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });
});

describe('the leaderboard channel', () => {
  it('subscribes on open, resyncs, and passes leaderboard messages on', () => {
    const h = harness();
    h.sockets[0]!.open();
    expect(h.sockets[0]!.sent).toEqual([JSON.stringify({ type: 'subscribe', channel: 'leaderboard' })]);
    expect(h.resyncs()).toBe(1);
    h.sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'welcome', protocol: 1 }) });
    h.sockets[0]!.onmessage?.({ data: 'not json' });
    h.sockets[0]!.onmessage?.({ data: JSON.stringify(message(7)) });
    expect(h.messages.map((m) => m.version)).toEqual([7]);
    expect(h.statuses).toEqual(['connecting', 'live']);
  });

  it('reconnects with backoff after a drop and resyncs once back', () => {
    const h = harness();
    h.sockets[0]!.open();
    h.sockets[0]!.drop();
    expect(h.statuses.at(-1)).toBe('reconnecting');
    expect(h.pending().map((t) => t.ms)).toEqual([500]);
    h.pending()[0]!.fn();
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.drop();
    expect(h.pending().at(-1)?.ms).toBe(1000);
    h.pending().at(-1)!.fn();
    h.sockets[2]!.open();
    expect(h.resyncs()).toBe(2);
    expect(h.statuses.at(-1)).toBe('live');
    h.sockets[2]!.drop();
    expect(h.pending().at(-1)?.ms).toBe(500);
  });

  it('reconnects at once when asked (the browser is back online)', () => {
    const h = harness();
    h.sockets[0]!.open();
    h.sockets[0]!.drop();
    h.channel.reconnectNow();
    expect(h.sockets).toHaveLength(2);
    expect(h.pending()).toHaveLength(0);
  });

  it('stops for good on close', () => {
    const h = harness();
    h.sockets[0]!.open();
    h.channel.close();
    h.sockets[0]!.drop();
    expect(h.sockets).toHaveLength(1);
    expect(h.pending()).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('closed');
  });
});
