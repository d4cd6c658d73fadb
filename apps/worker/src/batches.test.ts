import type { ProjectionResult } from '@wenyan/store';
import { describe, expect, it, vi } from 'vitest';
import { BATCHES_IN_FLIGHT, projectionBatches } from './batches.ts';

/** A fake `projectLearners` that records its batches and finishes each when told. */
function recorder() {
  const calls: string[][] = [];
  const finishers: Array<() => void> = [];
  const projectLearners = (userIds: readonly string[]) => {
    calls.push([...userIds]);
    return new Promise<Map<string, ProjectionResult>>((resolve) => {
      finishers.push(() =>
        resolve(new Map(userIds.map((id) => [id, { applied: 1, checkpoint: Number(id) }]))),
      );
    });
  };
  return { calls, finishers, projectLearners };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('projection batches', () => {
  it('groups the jobs started in one turn into one batch, and answers each job with its own learner', async () => {
    const { calls, finishers, projectLearners } = recorder();
    const batches = projectionBatches(projectLearners, 64);
    const results = ['1', '2', '3'].map((id) => batches.load(id));
    await turn();
    expect(calls).toEqual([['1', '2', '3']]);
    finishers[0]!();
    expect(await Promise.all(results)).toEqual([
      { applied: 1, checkpoint: 1 },
      { applied: 1, checkpoint: 2 },
      { applied: 1, checkpoint: 3 },
    ]);
  });

  it('keeps at most two batches in flight; the jobs that arrive meanwhile wait and join one batch', async () => {
    const { calls, finishers, projectLearners } = recorder();
    const batches = projectionBatches(projectLearners, 64);
    const first = batches.load('1');
    await turn();
    const second = batches.load('2');
    await turn();
    expect(calls).toEqual([['1'], ['2']]);
    expect(BATCHES_IN_FLIGHT).toBe(2);
    const later = ['3', '4', '5'].map((id) => batches.load(id));
    await turn();
    await turn();
    const more = batches.load('6');
    await turn();
    expect(calls).toHaveLength(2);
    finishers[0]!();
    await first;
    await turn();
    // The slot freed by the first batch takes everything that waited, in one batch.
    expect(calls[2]).toEqual(['3', '4', '5', '6']);
    finishers[1]!();
    finishers[2]!();
    await Promise.all([second, ...later, more]);
  });

  it('splits a batch at the most learners one transaction writes', async () => {
    const { calls, finishers, projectLearners } = recorder();
    const batches = projectionBatches(projectLearners, 2);
    const results = ['1', '2', '3', '4', '5'].map((id) => batches.load(id));
    await turn();
    await turn();
    expect(calls.map((c) => c.length)).toEqual([2, 2]);
    finishers[0]!();
    await turn();
    await turn();
    finishers[1]!();
    await turn();
    await turn();
    expect(calls.map((c) => c.length)).toEqual([2, 2, 1]);
    finishers[2]!();
    expect((await Promise.all(results)).map((r) => r.checkpoint)).toEqual([1, 2, 3, 4, 5]);
  });

  it('waits gatherMs for more jobs before a batch goes out', async () => {
    vi.useFakeTimers();
    try {
      const { calls, finishers, projectLearners } = recorder();
      const batches = projectionBatches(projectLearners, 64, 20);
      const first = batches.load('1');
      await vi.advanceTimersByTimeAsync(10);
      const second = batches.load('2');
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(15);
      expect(calls).toEqual([['1', '2']]);
      finishers[0]!();
      expect(await Promise.all([first, second])).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails the jobs of a batch that failed, so BullMQ retries them', async () => {
    const batches = projectionBatches(async () => {
      throw new Error('database away');
    }, 64);
    await expect(batches.load('1')).rejects.toThrow('database away');
  });
});
