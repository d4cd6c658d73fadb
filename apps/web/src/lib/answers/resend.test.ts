import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResender, RESEND_MAX_DELAY_MS, resendDelay, resendOnTriggers } from './resend.ts';

/** A server that is down until `up()`: each flush sends the waiting answers when it is up. */
function serverAndQueue(waiting = 1) {
  let reachable = false;
  let left = waiting;
  const sent: number[] = [];
  const flush = vi.fn(async () => {
    if (!reachable) return { waiting: left };
    while (left > 0) sent.push(left--);
    return { waiting: 0 };
  });
  return { flush, sent, up: () => (reachable = true) };
}

/** Lets the promise callbacks run (fake timers do not run them). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('resending the answers kept on the device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off 1 s, 2 s, 4 s, then tries every 5 s at most', () => {
    expect([1, 2, 3, 4, 5, 20].map(resendDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('sends within 10 s of the server being reachable again, with no online event, and only once', async () => {
    const server = serverAndQueue(1);
    const resender = createResender({ flush: server.flush, isOffline: () => false });
    await resender.now();
    // Down for a minute (a restart, or Wi-Fi without internet: the browser still says online).
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sent).toEqual([]);
    server.up();
    await vi.advanceTimersByTimeAsync(RESEND_MAX_DELAY_MS);
    expect(server.sent).toEqual([1]);
    const calls = server.flush.mock.calls.length;
    // Nothing waits any more: no further tries.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.flush.mock.calls.length).toBe(calls);
    resender.stop();
  });

  it('tries at once on focus and when the page becomes visible, restarting the backoff', async () => {
    const server = serverAndQueue(2);
    const resender = createResender({ flush: server.flush });
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const unsubscribe = resendOnTriggers(resender, { window: win, document: doc });
    await resender.now();
    await vi.advanceTimersByTimeAsync(30_000);
    server.up();

    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.sent).toEqual([]); // still hidden
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.sent).toEqual([2, 1]);

    const second = serverAndQueue(1);
    const other = createResender({ flush: second.flush });
    const off = resendOnTriggers(other, { window: win, document: doc });
    await other.now();
    await vi.advanceTimersByTimeAsync(30_000);
    second.up();
    win.dispatchEvent(new Event('focus'));
    await settle();
    expect(second.sent).toEqual([1]);
    unsubscribe();
    off();
    resender.stop();
    other.stop();
  });

  it('tries nothing while the browser says it is offline, and sends on the online event', async () => {
    let offline = true;
    const server = serverAndQueue(1);
    const resender = createResender({ flush: server.flush, isOffline: () => offline });
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const unsubscribe = resendOnTriggers(resender, { window: win, document: doc });
    await resender.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.flush).not.toHaveBeenCalled();
    offline = false;
    server.up();
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(server.sent).toEqual([1]);
    unsubscribe();
    resender.stop();
  });

  it('never sends twice at once: a trigger during a send asks for one more try after it', async () => {
    let release: () => void = () => undefined;
    let inFlight = 0;
    let most = 0;
    const flush = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      inFlight -= 1;
      return { waiting: 0 };
    });
    const resender = createResender({ flush });
    const first = resender.now();
    const second = resender.now();
    const third = resender.now();
    await settle();
    release();
    await settle();
    release();
    await Promise.all([first, second, third]);
    expect(most).toBe(1);
    expect(flush).toHaveBeenCalledTimes(2);
    resender.stop();
  });

  it('a failed send (it threw) is tried again later; stop ends every planned try', async () => {
    const flush = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const resender = createResender({ flush });
    await resender.now();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(flush).toHaveBeenCalledTimes(2);
    resender.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
