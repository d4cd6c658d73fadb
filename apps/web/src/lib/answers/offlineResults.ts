/**
 * The verdicts of answers given offline (issue 40): when the kept answers are sent, each verdict is put
 * here, per learner, so the banner's 「離線作答結果」 list shows how they went until the learner
 * dismisses it. Kept in localStorage (a reload keeps the list); newest first, at most `MAX_RESULTS`.
 */
import type { AnswerResult } from '@wenyan/contracts';
import { isMarkedByPoints, type MarkingTone, verdictLabel } from './marking.ts';
import type { QueuedAnswer } from './offlineQueue.ts';

export const MAX_RESULTS = 30;
const STORAGE_PREFIX = 'wyt-offline-results:';

export interface OfflineResult {
  /** The answer's Idempotency-Key (one line per answer, whatever the resends). */
  readonly key: string;
  readonly questionId: string;
  readonly selectedAnswer: string;
  /** When the learner gave it (ISO 8601), if known. */
  readonly answeredAt: string | null;
  /** 正確 / 錯誤, or the marking's 全對 / 部分正確 n/m 分 / 未達要求 / 待老師批閱. */
  readonly verdict: string;
  readonly tone: MarkingTone;
  readonly correctAnswer: string;
}

/** One line of the list from a sent answer and the server's verdict. */
export function offlineResult(entry: QueuedAnswer, result: AnswerResult): OfflineResult {
  const marked = result.marking && isMarkedByPoints(result.marking);
  const label = marked
    ? verdictLabel(result.marking)
    : result.isCorrect
      ? { text: '正確', tone: 'jade' as const }
      : { text: '錯誤', tone: 'brick' as const };
  return {
    key: entry.key,
    questionId: entry.answer.questionId,
    selectedAnswer: entry.answer.selectedAnswer,
    answeredAt: entry.answer.answeredAt ?? null,
    verdict: label.text,
    tone: label.tone,
    correctAnswer: result.correctAnswer,
  };
}

/** Where the lists live (localStorage in the browser; a Map in tests). */
export interface ResultStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OfflineResults {
  list(userId: string): OfflineResult[];
  /** Adds the newest verdicts (an answer already listed is not listed twice). */
  add(userId: string, results: readonly OfflineResult[]): void;
  /** The learner has read them. */
  clear(userId: string): void;
  subscribe(listener: () => void): () => void;
}

export function createOfflineResults(storage: () => ResultStorage | null): OfflineResults {
  const listeners = new Set<() => void>();
  const read = (userId: string): OfflineResult[] => {
    try {
      const raw = storage()?.getItem(STORAGE_PREFIX + userId);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as OfflineResult[]) : [];
    } catch {
      return [];
    }
  };
  const write = (userId: string, results: OfflineResult[]) => {
    try {
      if (results.length === 0) storage()?.removeItem(STORAGE_PREFIX + userId);
      else storage()?.setItem(STORAGE_PREFIX + userId, JSON.stringify(results));
    } catch {
      // Storage full or blocked: the toast still said how it went.
    }
    for (const listener of listeners) listener();
  };
  return {
    list: read,
    add: (userId, results) => {
      if (results.length === 0) return;
      const listed = read(userId);
      const fresh = results.filter((r) => !listed.some((l) => l.key === r.key));
      write(userId, [...[...fresh].reverse(), ...listed].slice(0, MAX_RESULTS));
    },
    clear: (userId) => write(userId, []),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The device's list, shared by every screen. */
export const offlineResults: OfflineResults = createOfflineResults(() =>
  typeof localStorage === 'undefined' ? null : localStorage,
);
