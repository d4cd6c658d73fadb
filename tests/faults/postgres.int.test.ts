import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burst,
  type Drill,
  expectExactAfterwards,
  type Learner,
  type Question,
  stageDrill,
  stopPostgres,
  webClientSender,
} from './drill.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fault drill: Postgres restarted during a burst', () => {
  let drill: Drill;
  let learners: Learner[];
  let questions: Question[];

  beforeAll(async () => {
    ({ drill, learners, questions } = await stageDrill('pg', 10));
  });
  afterAll(async () => {
    await drill?.close();
  });

  it('gives clear 5xx errors; retries with the same Idempotency-Key double nothing and lose nothing', async () => {
    const url = drill.apis[0]!.url;
    let running = true;
    const answering = burst([url], learners, questions, { until: () => !running, retry: true });
    await new Promise((r) => setTimeout(r, 1500));
    await stopPostgres(drill.pg);
    await new Promise((r) => setTimeout(r, 2000));
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
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    const result = await answering;
    expect(result.refused.size).toBeGreaterThan(0);
    // Errors during the outage are server errors (or a refused connection), never a 2xx or a 4xx.
    expect([...result.refused.keys()].filter((s) => s !== 0 && s < 500)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });

  it("the web client's own writes carry the answers through a restart: retried with the same key, each counted once", async () => {
    const url = drill.apis[0]!.url;
    const retries = { count: 0 };
    let running = true;
    // The web client's write path (WRITE_RETRY); when its retries are spent, the learner submits the
    // same answer again, as the quiz does, with the same key.
    const answering = burst([url], learners, questions, {
      until: () => !running,
      retry: true,
      send: webClientSender(retries),
      keyPrefix: 'web-client',
    });
    await pause(1500);
    await stopPostgres(drill.pg);
    await pause(2000);
    await drill.pg.start();
    await pause(3000);
    running = false;
    const result = await answering;
    // The outage reached the client, and its own retries absorbed it: fewer failures ever reached the
    // learner than the client retried, and those that did were server errors, never a 2xx or a 4xx.
    expect(retries.count).toBeGreaterThan(0);
    const reachedLearner = [...result.refused.values()].reduce((a, b) => a + b, 0);
    expect(reachedLearner).toBeLessThan(retries.count);
    expect([...result.refused.keys()].filter((s) => s !== 0 && s < 500)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });
});
