import { describe, expect, it } from 'vitest';
import { dueThisTick, PUSH_INTERVAL_MS } from './hub.ts';

const NOW = 1_000_000;
const socket = (lastSentAt: number, overrides: { subscribed?: boolean; seenChange?: number } = {}) => ({
  subscribed: true,
  seenChange: 0,
  lastSentAt,
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
    for (const [, c] of first) c.lastSentAt = NOW;
    const second = dueThisTick(all, 1, NOW + 200);
    expect(second.map(([name]) => name)).toEqual(all.slice(400, 800).map(([name]) => name));
    for (const [, c] of second) c.lastSentAt = NOW + 200;
    expect(dueThisTick(all, 1, NOW + 400)).toHaveLength(200);
  });
});
