import {
  createRedisQueue,
  LEARNERS_PER_JOB,
  learnersOfJob,
  PROJECT_LEARNERS_JOB,
  PROJECTION_QUEUE,
  type ProjectionQueue,
} from '@wenyan/store';
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
    doorbell = createRedisQueue(url, prefix, 20);
    connection = new Redis(url, { maxRetriesPerRequest: null });
    jobs = new Queue(PROJECTION_QUEUE, { connection, prefix });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await jobs.drain();
  });
  afterAll(async () => {
    await jobs?.obliterate({ force: true });
    await jobs?.close();
    connection?.disconnect();
    await doorbell?.close();
  });

  /** The waiting jobs, each as the learners it names. */
  const waitingJobs = async () =>
    (await jobs.getJobs(['waiting'])).map((job) => {
      expect(job.name).toBe(PROJECT_LEARNERS_JOB);
      return learnersOfJob(job.name, job.data);
    });

  it('adds one job naming each learner once for the rings of one window', async () => {
    const add = vi.spyOn(Queue.prototype, 'add');
    const rings = ['101', '102', '101', '103', '101', '102', '103', '101'];
    // Rung over several event-loop turns, within the 20 ms window.
    await Promise.all(
      rings.map((userId, i) => new Promise((r) => setTimeout(r, i)).then(() => doorbell.enqueue(userId))),
    );
    expect(add).toHaveBeenCalledTimes(1);
    expect(await waitingJobs()).toEqual([['101', '102', '103']]);
    expect(await doorbell.depth()).toBe(1);
  });

  it('starts a new job once a window has passed', async () => {
    await doorbell.enqueue('101');
    await doorbell.enqueue('102');
    expect((await waitingJobs()).sort()).toEqual([['101'], ['102']]);
  });

  it('names at most one projector batch of learners in a job', async () => {
    const many = Array.from({ length: 2 * LEARNERS_PER_JOB + 10 }, (_, i) => String(1000 + i));
    await Promise.all(many.map((userId) => doorbell.enqueue(userId)));
    const named = await waitingJobs();
    expect(named.map((ids) => ids?.length).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([
      LEARNERS_PER_JOB,
      LEARNERS_PER_JOB,
      10,
    ]);
    expect(named.flat().sort()).toEqual(many);
  });

  it('sends the rings of the current window before closing', async () => {
    const closing = createRedisQueue(url, prefix, 200);
    const rung = closing.enqueue('105');
    await closing.close();
    await expect(rung).resolves.toBeUndefined();
    expect(await waitingJobs()).toEqual([['105']]);
  });
});
