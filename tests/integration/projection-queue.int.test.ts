import { createRedisQueue, PROJECT_LEARNER_JOB, PROJECTION_QUEUE, type ProjectionQueue } from '@wenyan/store';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { testRedisPrefix } from '../support/test-db.ts';

describe('the projection doorbell on Redis', () => {
  const url = inject('redisUrl');
  const prefix = testRedisPrefix();
  let doorbell: ProjectionQueue;
  let connection: Redis;
  let jobs: Queue;

  beforeAll(() => {
    doorbell = createRedisQueue(url, prefix);
    connection = new Redis(url, { maxRetriesPerRequest: null });
    jobs = new Queue(PROJECTION_QUEUE, { connection, prefix });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await jobs?.obliterate({ force: true });
    await jobs?.close();
    connection?.disconnect();
    await doorbell?.close();
  });

  const waitingLearners = async () =>
    (await jobs.getJobs(['waiting'])).map((job) => {
      expect(job.name).toBe(PROJECT_LEARNER_JOB);
      return String(job.data.userId);
    });

  it('adds one job per learner, in one bulk add, for many rings in one turn', async () => {
    const addBulk = vi.spyOn(Queue.prototype, 'addBulk');
    const add = vi.spyOn(Queue.prototype, 'add');
    const rings = ['101', '102', '101', '103', '101', '102', '103', '101'];
    await Promise.all(rings.map((userId) => doorbell.enqueue(userId)));
    expect(add).not.toHaveBeenCalled();
    expect(addBulk).toHaveBeenCalledTimes(1);
    expect(addBulk.mock.calls[0]![0].map((job) => job.data.userId)).toEqual(['101', '102', '103']);
    expect((await waitingLearners()).sort()).toEqual(['101', '102', '103']);
    expect(await doorbell.depth()).toBe(3);
  });

  it('still deduplicates by learner across turns: a learner already waiting gets no second job', async () => {
    await doorbell.enqueue('101');
    await Promise.all([doorbell.enqueue('102'), doorbell.enqueue('104')]);
    expect((await waitingLearners()).sort()).toEqual(['101', '102', '103', '104']);
  });

  it('sends the rings of the current turn before closing', async () => {
    const closing = createRedisQueue(url, prefix);
    const rung = closing.enqueue('105');
    await closing.close();
    await expect(rung).resolves.toBeUndefined();
    expect(await waitingLearners()).toContain('105');
  });
});
