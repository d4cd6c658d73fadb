/** The part of a query's state the lobby looks at. */
export interface ReadState {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  /** Failed attempts of the current fetch (its retries included). */
  failureCount: number;
}

/**
 * Whether a read of the learner's own cards is settled enough for the shelf to appear: it answered,
 * it failed, it is waiting for a connection, or an attempt already failed (offline with nothing kept,
 * it may be retried for long). The shelf waits for these reads only so that everything appears in one
 * paint; it never waits for a network that is not there.
 */
export function readSettled(read: ReadState): boolean {
  return read.status !== 'pending' || read.fetchStatus === 'paused' || read.failureCount > 0;
}

/** Whether the lobby shows its shelf: a guest does not wait; a learner waits for settled extras. */
export function extrasReady(signedIn: boolean, reads: readonly ReadState[]): boolean {
  return !signedIn || reads.every(readSettled);
}
