import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burst,
  type Drill,
  expectExactAfterwards,
  type Learner,
  type Question,
  stageDrill,
  stop,
} from './drill.ts';

describe('fault drill: graceful shutdown', () => {
  let drill: Drill;
  let learners: Learner[];
  let questions: Question[];

  beforeAll(async () => {
    ({ drill, learners, questions } = await stageDrill('shutdown', 10));
  });
  afterAll(async () => {
    await drill?.close();
  });

  it('the health endpoint reports readiness of the database and the queue', async () => {
    const res = await fetch(`${drill.apis[0]!.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      mode: 'distributed',
      database: 'up',
      queue: 'up',
    });
  });

  it('the worker finishes its in-flight jobs on SIGTERM and exits 0; a new one carries on exactly', async () => {
    let running = true;
    const answering = burst([drill.apis[0]!.url], learners, questions, { until: () => !running });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stop(drill.worker!, 'SIGTERM')).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    await drill.startWorker();
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    const result = await answering;
    expect(result.refused.size).toBe(0);
    await expectExactAfterwards(drill, result.acknowledged);
  });

  it('the API finishes in-flight answers on SIGTERM and exits 0: nothing acknowledged is lost', async () => {
    const api = drill.apis[0]!;
    let running = true;
    const answering = burst([api.url], learners, questions, { until: () => !running });
    await new Promise((r) => setTimeout(r, 1500));
    const exited = stop(api.proc, 'SIGTERM');
    const code = await exited;
    running = false;
    const result = await answering;
    expect(code).toBe(0);
    // After SIGTERM: refused connections (0) or Fastify's 503 while closing; never a half-done 500.
    expect([...result.refused.keys()].filter((s) => s !== 0 && s !== 503)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 20);
  });
});
