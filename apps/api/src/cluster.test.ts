/**
 * How a server process passes the learner heads it appends to the cluster's other processes
 * (`headTeller`): one message per event-loop turn, whatever the number of answers in it.
 */
import { setImmediate as afterTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { headTeller } from './cluster.ts';

describe('headTeller', () => {
  it('sends the heads appended in one turn as one message, after the turn', async () => {
    const sent: unknown[] = [];
    const tell = headTeller((message) => sent.push(message));
    tell('learner-1', 3, '{"a":1}');
    tell('learner-2', 7, '{"b":2}');
    expect(sent).toEqual([]);
    await afterTurn();
    expect(sent).toEqual([
      {
        type: 'wyt:heads-appended',
        heads: [
          ['learner-1', 3, '{"a":1}'],
          ['learner-2', 7, '{"b":2}'],
        ],
      },
    ]);
  });

  it("keeps a stream's latest head of the turn only", async () => {
    const sent: { heads: unknown[] }[] = [];
    const tell = headTeller((message) => sent.push(message));
    tell('learner-1', 4, '{"v":4}');
    tell('learner-1', 3, '{"v":3}');
    tell('learner-1', 5, '{"v":5}');
    await afterTurn();
    expect(sent.map((m) => m.heads)).toEqual([[['learner-1', 5, '{"v":5}']]]);
  });

  it('starts a new message in the next turn', async () => {
    const sent: { heads: unknown[] }[] = [];
    const tell = headTeller((message) => sent.push(message));
    tell('learner-1', 1, '{}');
    await afterTurn();
    tell('learner-1', 2, '{}');
    await afterTurn();
    expect(sent.map((m) => m.heads)).toEqual([[['learner-1', 1, '{}']], [['learner-1', 2, '{}']]]);
  });
});
