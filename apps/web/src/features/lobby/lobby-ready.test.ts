import { describe, expect, it } from 'vitest';
import { extrasReady, type ReadState, readSettled } from './lobby-ready.ts';

const onItsWay: ReadState = { status: 'pending', fetchStatus: 'fetching', failureCount: 0 };
const failed: ReadState = { status: 'error', fetchStatus: 'idle', failureCount: 3 };
const waitingForNetwork: ReadState = { status: 'pending', fetchStatus: 'paused', failureCount: 1 };
const retrying: ReadState = { status: 'pending', fetchStatus: 'fetching', failureCount: 2 };

describe('when the lobby shows its shelf', () => {
  it('waits for a read that is still on its way', () => {
    expect(readSettled(onItsWay)).toBe(false);
  });

  it('does not wait for a read that failed, waits for a connection or is retrying after a failure', () => {
    expect(readSettled(failed)).toBe(true);
    expect(readSettled(waitingForNetwork)).toBe(true);
    expect(readSettled({ ...waitingForNetwork, failureCount: 0 })).toBe(true);
    expect(readSettled(retrying)).toBe(true);
  });

  it('shows the shelf offline even though the review reads are not kept on the device', () => {
    expect(extrasReady(true, [failed, retrying])).toBe(true);
    expect(extrasReady(true, [waitingForNetwork, failed])).toBe(true);
    expect(extrasReady(true, [onItsWay, failed])).toBe(false);
    expect(extrasReady(false, [onItsWay])).toBe(true);
  });
});
