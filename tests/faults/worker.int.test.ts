import { PROJECT_LEARNER_JOB, PROJECT_LEARNERS_JOB, PROJECTION_QUEUE } from '@wenyan/store';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { audit, expectExactAfterwards, startBurst, stop, useDrill, waitUntil } from './drill.ts';

describe('fault drill: the projection worker', () => {
  const staged = useDrill('worker', 12);

  it('killed (SIGKILL) in the middle of a burst and restarted, leaves every read model exact', async () => {
    const { drill, learners, questions } = staged;
    const answering = startBurst([drill.apis[0]!.url], learners, questions, {});
    await answering.eachAcknowledges(2, 'answers before the kill');
    await stop(drill.worker!, 'SIGKILL');
    await answering.eachAcknowledges(1, 'answers while no worker runs');
    await drill.startWorker();
    await answering.eachAcknowledges(1, 'answers after the restart');
    await answering.acknowledges(51, 'more than 50 answers');
    const result = await answering.stop();
    expect(result.refused.size).toBe(0);
    await expectExactAfterwards(drill, result.acknowledged, 50);
  });

  it('a job delivered twice (and run beside itself) changes nothing', async () => {
    const { drill, learners } = staged;
    const before = await audit(drill, new Map());
    expect(before.inexact).toEqual([]);
    const connection = new Redis(drill.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(PROJECTION_QUEUE, { connection, prefix: drill.prefix });
    try {
      // Every learner named three times, to a worker of concurrency 4: once in a one-learner job (as an
      // earlier release queued them), twice in window jobs naming every learner.
      const jobs: Job[] = await queue.addBulk(
        learners.map((l) => ({ name: PROJECT_LEARNER_JOB, data: { userId: l.id } })),
      );
      for (let round = 0; round < 2; round++) {
        jobs.push(await queue.add(PROJECT_LEARNERS_JOB, { userIds: learners.map((l) => l.id) }));
      }
      await waitUntil(async () => {
        const states = await Promise.all(jobs.map((j) => j.getState()));
        return states.every((s) => s === 'completed' || s === 'unknown');
      }, 'the duplicate jobs are done');
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const after = await audit(drill, new Map());
    expect(after.inexact).toEqual([]);
    expect(after.answers).toBe(before.answers);
  });
});
