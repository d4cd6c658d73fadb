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

/** An append's stored head, on `fromVersion`, with the parts it wrote (none by default). */
const stored = (snapshotJson: string, fromVersion: number, partsJson = '[]') => ({
  snapshotJson,
  partsJson,
  fromVersion,
});

describe('newsTeller', () => {
  it('sends the heads and sessions of one turn as one message, after the turn', async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 3, stored('{"a":1}', 2));
    tell.session({ sessionId: 'digest-7', user, expiresAt: 1, readAt: 2 });
    tell.head('learner-2', 7, stored('{"b":2}', 6));
    expect(sent).toEqual([]);
    await afterTurn();
    expect(sent).toEqual([
      {
        type: 'wyt:cluster-news',
        heads: [
          ['learner-1', 3, '{"a":1}', '[]', 2],
          ['learner-2', 7, '{"b":2}', '[]', 6],
        ],
        sessions: [{ sessionId: 'digest-7', user, expiresAt: 1, readAt: 2 }],
      },
    ]);
  });

  it("keeps a stream's latest head of the turn only", async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 4, stored('{"v":4}', 3));
    tell.head('learner-1', 3, stored('{"v":3}', 2));
    tell.head('learner-1', 5, stored('{"v":5}', 4));
    await afterTurn();
    // 5 follows on from 4: one head from 3 to 5 (3 came late and is dropped).
    expect(sent.map((m) => m.heads)).toEqual([[['learner-1', 5, '{"v":5}', '[]', 3]]]);
  });

  it('passes on the parts of two appends in a row as one head, and only the latest of a gap', async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 2, stored('{}', 1, '[{"key":"q:a","value":1}]'));
    tell.head('learner-1', 3, stored('{}', 2, '[{"key":"q:b","value":2}]'));
    tell.head('learner-2', 2, stored('{}', 1, '[{"key":"q:a","value":1}]'));
    tell.head('learner-2', 9, stored('{}', 8, '[{"key":"q:c","value":3}]'));
    await afterTurn();
    expect(sent[0]?.heads).toEqual([
      ['learner-1', 3, '{}', '[{"key":"q:a","value":1},{"key":"q:b","value":2}]', 1],
      ['learner-2', 9, '{}', '[{"key":"q:c","value":3}]', 8],
    ]);
  });

  it('starts a new message in the next turn, and sends none for a turn that learned nothing', async () => {
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news));
    tell.head('learner-1', 1, stored('{}', 0));
    await afterTurn();
    await afterTurn();
    tell.head('learner-1', 2, stored('{}', 1));
    await afterTurn();
    expect(sent.map((m) => m.heads)).toEqual([
      [['learner-1', 1, '{}', '[]', 0]],
      [['learner-1', 2, '{}', '[]', 1]],
    ]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('with a window, sends what several turns learned as one message when the window closes', async () => {
    // The window's clock is faked (turns are real), so a slow machine cannot close it early.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const sent: ClusterNews[] = [];
    const tell = newsTeller((news) => sent.push(news), 40);
    tell.head('learner-1', 1, stored('{"v":1}', 0));
    await afterTurn();
    tell.head('learner-2', 4, stored('{"w":4}', 3));
    tell.head('learner-1', 2, stored('{"v":2}', 1));
    await afterTurn();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(80);
    expect(sent.map((m) => m.heads)).toEqual([
      [
        ['learner-1', 2, '{"v":2}', '[]', 0],
        ['learner-2', 4, '{"w":4}', '[]', 3],
      ],
    ]);
    // The next window opens with the next news, not before.
    vi.advanceTimersByTime(80);
    expect(sent).toHaveLength(1);
    tell.head('learner-2', 5, stored('{"w":5}', 4));
    vi.advanceTimersByTime(80);
    expect(sent.map((m) => m.heads)).toEqual([
      [
        ['learner-1', 2, '{"v":2}', '[]', 0],
        ['learner-2', 4, '{"w":4}', '[]', 3],
      ],
      [['learner-2', 5, '{"w":5}', '[]', 4]],
    ]);
  });
});
