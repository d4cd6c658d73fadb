/**
 * What a server process passes to the cluster's other processes (`newsTeller`): the learner heads it
 * appended and the sessions it looked up, one message per window (or event-loop turn) whatever the number
 * of answers in it.
 */
import { setImmediate as afterTurn } from 'node:timers/promises';
import type { UserRecord } from '@wenyan/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClusterNews, newsTeller } from './cluster.ts';

const user = { id: '7', username: 'learner7' } as UserRecord;

describe('newsTeller', () => {
  it('sends the heads and sessions of one turn as one message, after the turn', async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 3, '{"a":1}');
    tell.session({ sessionId: 'digest-7', user, expiresAt: 1, readAt: 2 });
    tell.head('learner-2', 7, '{"b":2}');
    expect(sent).toEqual([]);
    await afterTurn();
    expect(sent).toEqual([
      {
        type: 'wyt:cluster-news',
        heads: [
          ['learner-1', 3, '{"a":1}'],
          ['learner-2', 7, '{"b":2}'],
        ],
        sessions: [{ sessionId: 'digest-7', user, expiresAt: 1, readAt: 2 }],
      },
    ]);
  });

  it("keeps a stream's latest head of the turn only", async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 4, '{"v":4}');
    tell.head('learner-1', 3, '{"v":3}');
    tell.head('learner-1', 5, '{"v":5}');
    await afterTurn();
    expect(sent.map((m) => m.heads)).toEqual([[['learner-1', 5, '{"v":5}']]]);
  });

  it('starts a new message in the next turn, and sends none for a turn that learned nothing', async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 1, '{}');
    await afterTurn();
    await afterTurn();
    tell.head('learner-1', 2, '{}');
    await afterTurn();
    expect(sent.map((m) => m.heads)).toEqual([[['learner-1', 1, '{}']], [['learner-1', 2, '{}']]]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('with a window, sends what several turns learned as one message when the window closes', async () => {
    // The window's clock is faked (turns are real), so a slow machine cannot close it early.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news), 40);
    tell.head('learner-1', 1, '{"v":1}');
    await afterTurn();
    tell.head('learner-2', 4, '{"w":4}');
    tell.head('learner-1', 2, '{"v":2}');
    await afterTurn();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(80);
    expect(sent.map((m) => m.heads)).toEqual([
      [
        ['learner-1', 2, '{"v":2}'],
        ['learner-2', 4, '{"w":4}'],
      ],
    ]);
    // The next window opens with the next news, not before.
    vi.advanceTimersByTime(80);
    expect(sent).toHaveLength(1);
    tell.head('learner-2', 5, '{"w":5}');
    vi.advanceTimersByTime(80);
    expect(sent.map((m) => m.heads)).toEqual([
      [
        ['learner-1', 2, '{"v":2}'],
        ['learner-2', 4, '{"w":4}'],
      ],
      [['learner-2', 5, '{"w":5}']],
    ]);
  });
});
