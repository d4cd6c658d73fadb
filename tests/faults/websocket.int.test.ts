import { openDatabase } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { leaderboardSocket, sendAnswer, startBurst, useDrill, waitUntil } from './drill.ts';

describe('fault drill: the leaderboard websocket on two API instances and one worker', () => {
  const staged = useDrill('ws', 8, { apis: 2 });

  it('a client on each instance receives the change after an answer on the other', async () => {
    const { drill, learners, questions } = staged;
    const [a, b] = drill.apis;
    const onA = await leaderboardSocket(a!.url, learners[0]!);
    const onB = await leaderboardSocket(b!.url, learners[1]!);
    try {
      const xpOf = (m: (typeof onA.messages)[number] | undefined) => m?.me?.entry.totalXP ?? 0;
      const xpA = xpOf(onA.messages.at(-1));
      const xpB = xpOf(onB.messages.at(-1));
      expect(await sendAnswer(b!.url, learners[0]!, questions[0]!, 'ws-cross-a-1', true)).toBe(200);
      expect(await sendAnswer(a!.url, learners[1]!, questions[0]!, 'ws-cross-b-1', true)).toBe(200);
      await waitUntil(
        () => xpOf(onA.messages.at(-1)) > xpA,
        'instance A pushes the answer made on B',
        10_000,
      );
      await waitUntil(
        () => xpOf(onB.messages.at(-1)) > xpB,
        'instance B pushes the answer made on A',
        10_000,
      );
    } finally {
      onA.ws.close();
      onB.ws.close();
    }
  });

  it('a pushed top ten shows the viewer their own email and nobody else’s', async () => {
    const { drill, learners, questions } = staged;
    const [viewer, other] = [learners[2]!, learners[3]!];
    const handle = await openDatabase({ databaseUrl: drill.pg.url, poolSize: 1, migrate: false });
    try {
      for (const l of [viewer, other]) {
        await handle.db
          .updateTable('users')
          .set({ email: `${l.id}@school.hk` })
          .where('id', '=', l.id)
          .execute();
      }
    } finally {
      await handle.close();
    }
    const url = drill.apis[0]!.url;
    expect(await sendAnswer(url, other, questions[0]!, 'ws-email-other', true)).toBe(200);
    const socket = await leaderboardSocket(url, viewer);
    try {
      const before = socket.messages.length;
      expect(await sendAnswer(url, viewer, questions[0]!, 'ws-email-viewer', true)).toBe(200);
      const shows = (id: string) => socket.messages.at(-1)?.top.some((e) => e.id === id) ?? false;
      await waitUntil(
        () => socket.messages.length > before && shows(viewer.id) && shows(other.id),
        'a push with both learners in the top ten',
        10_000,
      );
      const top = socket.messages.at(-1)!.top;
      expect(top.find((e) => e.id === viewer.id)?.email).toBe(`${viewer.id}@school.hk`);
      expect(top.find((e) => e.id === other.id)?.email).toBeNull();
      expect(top.filter((e) => e.id !== viewer.id).every((e) => e.email === null)).toBe(true);
    } finally {
      socket.ws.close();
    }
  });

  it('a slow consumer does not stall the other sockets', async () => {
    const { drill, learners, questions } = staged;
    const url = drill.apis[0]!.url;
    const slow = await leaderboardSocket(url, learners[2]!);
    const others = await Promise.all(learners.slice(3, 7).map((l) => leaderboardSocket(url, l)));
    // The slow client stops reading: its TCP receive window fills, the server's send buffer grows.
    const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const from = Date.now();
    const answering = startBurst([url], learners.slice(0, 2), questions, { pauseMs: 20 });
    const during = (o: (typeof others)[number]) => o.messages.filter((m) => m.at > from);
    // Until each other socket has had three pushes (coalesced, one a second; a stalled hub sends none).
    await waitUntil(
      () => others.every((o) => during(o).length >= 3),
      'three pushes to every other socket',
      15_000,
    ).finally(() => answering.stop());
    try {
      for (const o of others) {
        const received = during(o);
        // Coalesced pushes, one a second: a stalled hub would deliver none.
        expect(received.length).toBeGreaterThanOrEqual(3);
        for (let i = 1; i < received.length; i++)
          expect(received[i]!.at - received[i - 1]!.at).toBeGreaterThan(800);
      }
      const slowBefore = slow.messages.length;
      raw.resume();
      await waitUntil(() => slow.messages.length > slowBefore, 'the slow consumer catches up', 10_000);
    } finally {
      slow.ws.close();
      for (const o of others) o.ws.close();
    }
  });
});
