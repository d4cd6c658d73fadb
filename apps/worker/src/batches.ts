import type { ProjectionResult } from '@wenyan/store';
import DataLoader from 'dataloader';

/** Batches running at once: one being written while the next one fills. */
export const BATCHES_IN_FLIGHT = 2;

/**
 * Groups the jobs the worker runs at once into batches for `projectLearners` (DataLoader): a batch
 * waits `gatherMs` for more jobs and then for a free slot, and the jobs that arrive meanwhile join it.
 * Under load the batches grow and the round trips per learner fall; `gatherMs` makes them grow at a
 * moderate load too, for that much more projection lag.
 */
export function projectionBatches(
  projectLearners: (userIds: readonly string[]) => Promise<Map<string, ProjectionResult>>,
  maxBatch: number,
  gatherMs = 0,
) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (running < BATCHES_IN_FLIGHT && waiting.length > 0) waiting.shift()!();
  };
  return new DataLoader<string, ProjectionResult>(
    async (userIds) => {
      running++;
      try {
        const results = await projectLearners(userIds);
        return userIds.map((id) => results.get(id) ?? new Error(`learner ${id} was not projected`));
      } finally {
        running--;
        next();
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        // Let the jobs started in this turn (or within gatherMs) join before a free slot dispatches.
        if (gatherMs > 0) setTimeout(next, gatherMs);
        else setImmediate(next);
      },
    },
  );
}
