import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { sendAnswer } from '../../lib/answers/api.ts';
import { type FlushReport, offlineQueue } from '../../lib/answers/offlineQueue.ts';
import { type OfflineResult, offlineResult, offlineResults } from '../../lib/answers/offlineResults.ts';
import { createResender, resendOnTriggers } from '../../lib/answers/resend.ts';
import { applyTotals, refreshAfterOfflineAnswers } from '../../lib/cache.ts';
import { notify } from '../../lib/toast.ts';
import './offline-results.css';

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
  offlineResults.add(
    userId,
    report.sent.map(({ entry, result }) => offlineResult(entry, result)),
  );
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

  const results = useSyncExternalStore(
    offlineResults.subscribe,
    () => resultsSnapshot(userId),
    () => NO_RESULTS,
  );

  if (online && waiting === 0 && results.length === 0) return null;
  return (
    <div className="offline-banner" data-testid="offline-banner">
      {/* The status line is its own live region, so the results list below is not read out at every change. */}
      {online && waiting === 0 ? null : (
        <span role="status">
          {online ? null : <span>{OFFLINE_MESSAGE}</span>}
          {waiting > 0 ? (
            <span className="offline-count" data-testid="offline-waiting">
              {online ? `正在送出 ${waiting} 個答案…` : `${waiting} 個答案待送出`}
            </span>
          ) : null}
        </span>
      )}
      {results.length > 0 ? <OfflineResultsList userId={userId} results={results} /> : null}
    </div>
  );
}

const NO_RESULTS: OfflineResult[] = [];
let lastSnapshot: { userId: string; raw: string; list: OfflineResult[] } | null = null;
/** A stable snapshot of the list for useSyncExternalStore (the same array while nothing changed). */
function resultsSnapshot(userId: string): OfflineResult[] {
  const list = offlineResults.list(userId);
  const raw = JSON.stringify(list);
  if (lastSnapshot?.userId === userId && lastSnapshot.raw === raw) return lastSnapshot.list;
  lastSnapshot = { userId, raw, list: list.length === 0 ? NO_RESULTS : list };
  return lastSnapshot.list;
}

function answeredTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('zh-HK', {
    timeZone: 'Asia/Hong_Kong',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** 「離線作答結果」: the verdicts of the answers given offline, newest first, until dismissed. */
function OfflineResultsList({ userId, results }: { userId: string; results: readonly OfflineResult[] }) {
  return (
    <details className="offline-results" data-testid="offline-results">
      <summary>離線作答結果（{results.length}）</summary>
      <ol className="offline-results-list">
        {results.map((r) => {
          const time = answeredTime(r.answeredAt);
          return (
            <li key={r.key} className={`offline-result tone-${r.tone}`} data-testid="offline-result">
              <strong>{r.verdict}</strong>
              <span>你的答案：{r.selectedAnswer || '（空白）'}</span>
              {r.verdict === '正確' || r.verdict === '全對' ? null : <span>參考答案：{r.correctAnswer}</span>}
              {time ? <span className="muted">作答於 {time}</span> : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-sm" onClick={() => offlineResults.clear(userId)}>
        知道了
      </button>
    </details>
  );
}
