import { describe, expect, it } from 'vitest';
import {
  expectExactAfterwards,
  startBurst,
  stopPostgres,
  useDrill,
  waitUntil,
  webClientSender,
} from './drill.ts';

describe('fault drill: Postgres restarted during a burst', () => {
  const staged = useDrill('pg', 10);

  it('gives clear 5xx errors; retries with the same Idempotency-Key double nothing and lose nothing', async () => {
    const { drill, learners, questions } = staged;
    const url = drill.apis[0]!.url;
    const answering = startBurst([url], learners, questions, { retry: true });
    await answering.eachAcknowledges(2, 'answers before the outage');
    await stopPostgres(drill.pg);
    await answering.refuses('an answer refused during the outage');
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health) {
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    }
    await drill.pg.start();
    // Neither process may die of the restart: their pooled connections' errors are handled, and the
    // requests in flight fail with 503 (retried below with the same Idempotency-Key).
    expect(drill.apis[0]!.proc.child.exitCode, drill.apis[0]!.proc.logs.join('').slice(-2000)).toBeNull();
    expect(drill.worker!.child.exitCode, drill.worker?.logs.join('').slice(-2000)).toBeNull();
    // Every learner gets answers through again after the restart.
    await answering.eachAcknowledges(1, 'answers after the restart');
    await answering.acknowledges(51, 'more than 50 answers');
    const result = await answering.stop();
    expect(result.refused.size).toBeGreaterThan(0);
    // Errors during the outage are server errors (or a refused connection), never a 2xx or a 4xx.
    expect([...result.refused.keys()].filter((s) => s !== 0 && s < 500)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });

  it("the web client's own writes carry the answers through a restart: retried with the same key, each counted once", async () => {
    const { drill, learners, questions } = staged;
    const url = drill.apis[0]!.url;
    const retries = { count: 0 };
    // The web client's write path (WRITE_RETRY); when its retries are spent, the learner submits the
    // same answer again, as the quiz does, with the same key.
    const answering = startBurst([url], learners, questions, {
      retry: true,
      send: webClientSender(retries),
      keyPrefix: 'web-client',
    });
    await answering.eachAcknowledges(2, 'answers before the outage');
    await stopPostgres(drill.pg);
    // The outage lasts until the clients retried as often as there are learners (a 503 asks for 1 s).
    await waitUntil(() => retries.count >= learners.length, 'the web client retrying through the outage');
    await drill.pg.start();
    await answering.eachAcknowledges(1, 'answers after the restart');
    await answering.acknowledges(51, 'more than 50 answers');
    const result = await answering.stop();
    // The outage reached the client, and its own retries absorbed it: fewer failures ever reached the
    // learner than the client retried, and those that did were server errors, never a 2xx or a 4xx.
    expect(retries.count).toBeGreaterThan(0);
    const reachedLearner = [...result.refused.values()].reduce((a, b) => a + b, 0);
    expect(reachedLearner).toBeLessThan(retries.count);
    expect([...result.refused.keys()].filter((s) => s !== 0 && s < 500)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });
});
