import { decodeServerMessage, WS_PROTOCOL_VERSION } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { dueThisTick, leaderboardMessages, PUSH_INTERVAL_MS, takeToken, WS_LIMITS } from './pacing.ts';

const NOW = 1_000_000;
const socket = (
  lastSentAt: number,
  overrides: { subscribed?: boolean; seenChange?: number; lastCheckedAt?: number } = {},
) => ({
  subscribed: true,
  seenChange: 0,
  lastSentAt,
  lastCheckedAt: lastSentAt,
  ...overrides,
});
const sockets = (n: number, lastSentAt: (i: number) => number) =>
  Array.from(
    { length: n },
    (_, i) => [`s${i}`, socket(lastSentAt(i))] as [string, ReturnType<typeof socket>],
  );

describe('the sockets a hub tick serves', () => {
  it('takes only subscribed sockets behind the change whose window is over', () => {
    const due = dueThisTick(
      [
        ['due', socket(NOW - PUSH_INTERVAL_MS)],
        ['in its window', socket(NOW - PUSH_INTERVAL_MS + 1)],
        ['up to date', socket(0, { seenChange: 5 })],
        ['not subscribed', socket(0, { subscribed: false })],
      ],
      5,
      NOW,
    );
    expect(due.map(([name]) => name)).toEqual(['due']);
  });

  it('serves every due socket in one tick while they are few', () => {
    expect(
      dueThisTick(
        sockets(50, () => 0),
        1,
        NOW,
      ),
    ).toHaveLength(50);
  });

  it('spreads many sockets due at once over the ticks of a second, the longest-waiting first', () => {
    // 1,000 sockets all due: a tick (a fifth of the push interval) serves two fifths of them at most.
    const all = sockets(1000, (i) => NOW - 5000 + i);
    const first = dueThisTick(all, 1, NOW);
    expect(first).toHaveLength(400);
    expect(first.map(([name]) => name)).toEqual(all.slice(0, 400).map(([name]) => name));
    // The next tick: the served ones are in their window, the next two fifths go out, then the rest.
    for (const [, c] of first) c.lastSentAt = c.lastCheckedAt = NOW;
    const second = dueThisTick(all, 1, NOW + 200);
    expect(second.map(([name]) => name)).toEqual(all.slice(400, 800).map(([name]) => name));
    for (const [, c] of second) c.lastSentAt = c.lastCheckedAt = NOW + 200;
    expect(dueThisTick(all, 1, NOW + 400)).toHaveLength(200);
  });

  it('puts the sockets a tick looked at with nothing new for them behind the ones it has not looked at', () => {
    // 300 watchers with nothing new (their last message is old, but a tick looked at them just now),
    // and 300 learners whose news came after the last look at them: the learners go first.
    const watchers = Array.from({ length: 300 }, (_, i): [string, ReturnType<typeof socket>] => [
      `w${i}`,
      socket(NOW - 60_000, { lastCheckedAt: NOW - 200 }),
    ]);
    const learners = Array.from({ length: 300 }, (_, i): [string, ReturnType<typeof socket>] => [
      `l${i}`,
      socket(NOW - 1200, { lastCheckedAt: NOW - 1200 }),
    ]);
    const due = dueThisTick([...watchers, ...learners], 1, NOW);
    // 600 subscribed: a tick's budget is 2 × 120 = 240, all of them learners.
    expect(due).toHaveLength(240);
    expect(due.every(([name]) => name.startsWith('l'))).toBe(true);
  });
});

describe('the leaderboard messages of a tick', () => {
  const entry = (id: string, rank: number, email: string | null = null) => ({
    id,
    firstName: '小明',
    lastName: '陳',
    email,
    profileImageUrl: null,
    schoolName: '皇仁書院',
    totalXP: 1500 - rank,
    completedLessons: 4,
    averageAccuracy: 87.5,
    streakDays: 7,
    rank,
  });
  const shared = { type: 'leaderboard', protocol: WS_PROTOCOL_VERSION, version: 42, total: 3718 } as const;
  const top = [entry('1', 1), entry('2', 2)];
  const message = leaderboardMessages(shared, top);

  // The message as the hub built it before: its keys in this order.
  const whole = (t: unknown, me: unknown) =>
    JSON.stringify({
      type: 'leaderboard',
      protocol: WS_PROTOCOL_VERSION,
      version: 42,
      top: t,
      me,
      total: 3718,
    });

  it('is the same text as serialising each message whole', () => {
    const outside = { entry: entry('9', 9), rank: 9 };
    const ownTop = [entry('1', 1, 'me@example.hk'), entry('2', 2)];
    const inside = { entry: entry('1', 1, 'me@example.hk'), rank: 1 };
    expect(message(null)).toBe(whole(top, null));
    expect(message(outside)).toBe(whole(top, outside));
    expect(message(inside, ownTop)).toBe(whole(ownTop, inside));
  });

  it('is a leaderboard message of the contract, with its type first', () => {
    const text = message({ entry: entry('9', 9), rank: 9 });
    expect(text.startsWith('{"type":"leaderboard"')).toBe(true);
    expect(decodeServerMessage(text)).toMatchObject({ type: 'leaderboard', version: 42, total: 3718 });
  });
});

describe('takeToken (a socket’s message bucket)', () => {
  it(`lets a burst of ${WS_LIMITS.burst} through, then ${WS_LIMITS.messagesPerSecond} a second`, () => {
    const bucket = { tokens: WS_LIMITS.burst, refilledAt: 0 };
    let passed = 0;
    for (let i = 0; i < 1000; i++) if (takeToken(bucket, 0)) passed++;
    expect(passed).toBe(WS_LIMITS.burst);
    // A second later: that second's tokens, no more.
    passed = 0;
    for (let i = 0; i < 1000; i++) if (takeToken(bucket, 1000)) passed++;
    expect(passed).toBe(WS_LIMITS.messagesPerSecond);
    // A long pause refills to the burst, never beyond.
    passed = 0;
    for (let i = 0; i < 1000; i++) if (takeToken(bucket, 3_600_000)) passed++;
    expect(passed).toBe(WS_LIMITS.burst);
  });
});
