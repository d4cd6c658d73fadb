import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burst,
  type Drill,
  expectExactAfterwards,
  type Learner,
  type Question,
  stageDrill,
  waitUntil,
} from './drill.ts';

describe('fault drill: Redis stopped during a burst', () => {
  let drill: Drill;
  let learners: Learner[];
  let questions: Question[];

  beforeAll(async () => {
    ({ drill, learners, questions } = await stageDrill('redis', 10));
  });
  afterAll(async () => {
    await drill?.close();
  });

  it('keeps accepting answers or refuses them with 503, and projects them all once Redis is back', async () => {
    const url = drill.apis[0]!.url;
    let running = true;
    const answering = burst([url], learners, questions, { until: () => !running });
    await new Promise((r) => setTimeout(r, 1500));
    await drill.redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', queue: 'down', database: 'up' });
    await new Promise((r) => setTimeout(r, 2500));
    await drill.redis.start();
    // Every learner answers again after the restart (a Redis without persistence came back empty).
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    const result = await answering;
    // Never a 5xx other than a clean 503, never a 4xx: and what was acknowledged must be in the log.
    expect([...result.refused.keys()].filter((s) => s !== 503)).toEqual([]);
    await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 'healthy again', 15_000);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });
});
