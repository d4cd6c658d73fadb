/**
 * The hub's board channel end to end: a socket subscribed to the global board gets the board at once,
 * then, after the learner's answer is projected, a tick's message with their new XP (the board's share
 * of the hub's tick: the top ten read once, the viewer's own rank and entry).
 */
import { lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';
import { subscribeSocket } from '../support/ws-client.ts';

describe('the leaderboard over the websocket', () => {
  let base: string;
  let learner: TestAccount;
  const t = useTestApp('embedded');

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    learner = await signUp(t.app, 'board');
  });

  it('sends the board on subscribe and the learner’s new XP after their answer', async () => {
    const socket = await subscribeSocket(
      base,
      learner.headers,
      { type: 'subscribe', channel: 'leaderboard' },
      'leaderboard',
    );
    const first = await socket.next(() => true);
    const xpBefore = first.me?.entry.totalXP ?? 0;

    const question = (await lessonQuestions(t.runtime.deps.db, 1)).find(
      (q) => q.options && q.type === 'word_interpretation',
    )!;
    const res = await postAnswer(t.app, learner, question.id, question.correct_answer);
    expect(res.statusCode).toBe(200);
    await waitForProjection(t, learner.id);

    const moved = await socket.next((m) => (m.me?.entry.totalXP ?? 0) > xpBefore);
    expect(moved.me?.entry.id).toBe(learner.id);
    expect(moved.me?.rank).toBeGreaterThan(0);
    socket.close();
  });
});
