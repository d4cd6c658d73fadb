import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { applyTotals, refreshAfterOfflineAnswers } from '../../lib/cache.ts';
import { notify } from '../../lib/toast.ts';
import { sendAnswer } from './api.ts';
import { type FlushReport, offlineQueue } from './offlineQueue.ts';
import { createResender, resendOnTriggers } from './resend.ts';

/** UI.md "Offline": the calm banner. */
export const OFFLINE_MESSAGE = '離線中，答案會在連線後送出';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The toast after answers given offline were sent: how many, and how many were right. */
export function sentMessage(report: Pick<FlushReport, 'sent' | 'refused'>): string | null {
  if (report.sent.length === 0) return null;
  const correct = report.sent.filter(({ result }) => result.isCorrect).length;
  return `已送出 ${report.sent.length} 個離線答案：答對 ${correct} 題，答錯 ${report.sent.length - correct} 題`;
}

/** Sends a learner's waiting answers, puts the new totals in the cache and says what happened. */
async function sendWaiting(queryClient: QueryClient, userId: string): Promise<FlushReport> {
  const report = await offlineQueue.flush(userId, sendAnswer);
  const last = report.sent.at(-1);
  if (last) {
    applyTotals(queryClient, last.result);
    await refreshAfterOfflineAnswers(queryClient, userId);
  }
  const message = sentMessage(report);
  if (message) notify({ title: message, variant: 'success' });
  if (report.refused > 0) {
    notify({ title: `有 ${report.refused} 個離線答案未能送出（題目已不存在）`, variant: 'destructive' });
  }
  return report;
}

/**
 * The offline banner and the count of answers waiting on the device; sends them on start, when one is
 * kept, when the connection returns, on focus and when the page becomes visible, and with a backoff
 * while some wait (resend.ts; the answer-submission flow also sends them before a new answer).
 */
export function OfflineStatus({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [waiting, setWaiting] = useState(0);

  const recount = useCallback(() => {
    void offlineQueue
      .waiting(userId)
      .then((entries) => setWaiting(entries.length))
      .catch(() => setWaiting(0));
  }, [userId]);

  useEffect(() => {
    recount();
    return offlineQueue.subscribe(recount);
  }, [recount]);

  useEffect(() => {
    const resender = createResender({
      flush: () => sendWaiting(queryClient, userId),
      isOffline: () => navigator.onLine === false,
    });
    const unsubscribe = resendOnTriggers(resender, { window, document });
    // A newly kept answer is tried at once (the server may be up and the device merely flaky); the
    // queue's removals during a send ask for one more, empty, try.
    const unwatch = offlineQueue.subscribe(() => void resender.now());
    void resender.now();
    return () => {
      unwatch();
      unsubscribe();
      resender.stop();
    };
  }, [queryClient, userId]);

  if (online && waiting === 0) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {online ? null : <span>{OFFLINE_MESSAGE}</span>}
      {waiting > 0 ? (
        <span className="offline-count" data-testid="offline-waiting">
          {online ? `正在送出 ${waiting} 個答案…` : `${waiting} 個答案待送出`}
        </span>
      ) : null}
    </div>
  );
}
