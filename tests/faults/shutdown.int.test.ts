import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Drill,
  expectExactAfterwards,
  type Learner,
  type Question,
  stageDrill,
  startBurst,
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
    const answering = startBurst([drill.apis[0]!.url], learners, questions, {});
    await answering.eachAcknowledges(2, 'answers before the SIGTERM');
    expect(await stop(drill.worker!, 'SIGTERM')).toBe(0);
    await answering.eachAcknowledges(1, 'answers while no worker runs');
    await drill.startWorker();
    await answering.eachAcknowledges(1, 'answers after the restart');
    const result = await answering.stop();
    expect(result.refused.size).toBe(0);
    await expectExactAfterwards(drill, result.acknowledged);
  });

  it('the API finishes in-flight answers on SIGTERM and exits 0: nothing acknowledged is lost', async () => {
    const api = drill.apis[0]!;
    const answering = startBurst([api.url], learners, questions, {});
    await answering.eachAcknowledges(2, 'answers before the SIGTERM');
    const code = await stop(api.proc, 'SIGTERM');
    const result = await answering.stop();
    expect(code).toBe(0);
    // After SIGTERM: refused connections (0) or Fastify's 503 while closing; never a half-done 500.
    expect([...result.refused.keys()].filter((s) => s !== 0 && s !== 503)).toEqual([]);
    await expectExactAfterwards(drill, result.acknowledged, 20);
  });
});
