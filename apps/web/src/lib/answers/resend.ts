/**
 * When the answers kept on the device are sent again (issue 40): at once on start, when a new one is
 * kept, when the browser says it is back online, when the window gets the focus and when the page
 * becomes visible; and, while some still wait, again and again with a backoff capped at
 * `RESEND_MAX_DELAY_MS`. The browser's `online` event alone is not enough: a server restart, or Wi-Fi
 * without internet, keeps `navigator.onLine` true and never fires it. So an answer is sent within
 * `RESEND_MAX_DELAY_MS` (plus the time of one request) of the server being reachable again, without a
 * reload. Each answer is still counted once: the queue sends one at a time, removes what the server
 * acknowledged, and every resend carries the answer's own Idempotency-Key.
 */

/** The first wait after a failed send; each further failure doubles it, up to the cap. */
export const RESEND_FIRST_DELAY_MS = 1_000;
/** The longest wait between two tries while answers wait (the issue asks for 10 s at most, all told). */
export const RESEND_MAX_DELAY_MS = 5_000;

/** The wait before the next try after `failures` failed tries in a row (1 s, 2 s, 4 s, then 5 s). */
export function resendDelay(failures: number): number {
  return Math.min(RESEND_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), RESEND_MAX_DELAY_MS);
}

export interface ResenderOptions {
  /** Sends the waiting answers; resolves with how many still wait (the connection failed again). */
  flush: () => Promise<{ waiting: number }>;
  /** Whether the browser knows it is offline: then nothing is tried until `now()` (the `online` event). */
  isOffline?: () => boolean;
}

export interface Resender {
  /** Tries at once (start, a new answer kept, online, focus, visible) and restarts the backoff. */
  now(): Promise<void>;
  /** Stops every planned try (the screen is gone, or another learner signed in). */
  stop(): void;
}

export function createResender({ flush, isOffline }: ResenderOptions): Resender {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const retryLater = () => {
    failures += 1;
    if (stopped || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, resendDelay(failures));
  };
  const attempt = async () => {
    try {
      const { waiting } = await flush();
      if (waiting > 0) retryLater();
      else failures = 0;
    } catch {
      retryLater();
    }
  };
  async function run(): Promise<void> {
    if (stopped || isOffline?.()) return;
    // One send at a time: a trigger during a send asks for one more right after it.
    if (running) {
      again = true;
      return running;
    }
    running = attempt().finally(() => {
      running = null;
    });
    await running;
    if (again) {
      again = false;
      await run();
    }
  }

  return {
    now: () => {
      cancel();
      failures = 0;
      return run();
    },
    stop: () => {
      stopped = true;
      cancel();
    },
  };
}

/** The parts of `window` and `document` the triggers listen to (stand-ins in tests). */
export interface TriggerTargets {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
    readonly visibilityState: string;
  };
}

/** Tries again on `online`, on focus and when the page becomes visible; returns the unsubscribe. */
export function resendOnTriggers(resender: Resender, { window: win, document: doc }: TriggerTargets) {
  const now = () => void resender.now();
  const visible = () => {
    if (doc.visibilityState === 'visible') now();
  };
  win.addEventListener('online', now);
  win.addEventListener('focus', now);
  doc.addEventListener('visibilitychange', visible);
  return () => {
    win.removeEventListener('online', now);
    win.removeEventListener('focus', now);
    doc.removeEventListener('visibilitychange', visible);
  };
}
