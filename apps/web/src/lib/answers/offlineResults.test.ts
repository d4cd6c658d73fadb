import type { AnswerResult } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { answerResult } from '../test-support/answers.ts';
import type { QueuedAnswer } from './offlineQueue.ts';
import { createOfflineResults, MAX_RESULTS, offlineResult, type ResultStorage } from './offlineResults.ts';

const entry = (key: string, questionId = 'q1', selectedAnswer = '乙'): QueuedAnswer => ({
  key,
  queuedAt: '2024-09-03T14:00:00.000Z',
  answer: { userId: 'u1', questionId, selectedAnswer, timeSpent: 4, answeredAt: '2024-09-03T14:00:00.000Z' },
});

const result = (isCorrect: boolean, marking: Partial<AnswerResult['marking']> = {}) =>
  answerResult(isCorrect, { xpAwarded: [] }, marking);

function memory(): ResultStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('the verdicts of answers given offline', () => {
  it('says right or wrong for a choice, and the marking for a free-text answer', () => {
    expect(offlineResult(entry('k1'), result(false))).toMatchObject({
      questionId: 'q1',
      selectedAnswer: '乙',
      verdict: '錯誤',
      tone: 'brick',
      correctAnswer: '甲',
      answeredAt: '2024-09-03T14:00:00.000Z',
    });
    expect(offlineResult(entry('k2'), result(true)).verdict).toBe('正確');
    const partial = result(false, {
      verdict: 'partial',
      earned: 1,
      available: 2,
      points: [{ point: '甲', earned: 1, available: 1 }] as never,
    });
    expect(offlineResult(entry('k3'), partial)).toMatchObject({ verdict: '部分正確 1/2 分', tone: 'amber' });
  });

  it('lists them per learner, newest first, each answer once, until the learner dismisses them', () => {
    const storage = memory();
    const results = createOfflineResults(() => storage);
    let changes = 0;
    results.subscribe(() => changes++);
    results.add('u1', [
      offlineResult(entry('k1'), result(true)),
      offlineResult(entry('k2', 'q2'), result(false)),
    ]);
    results.add('u1', [offlineResult(entry('k2', 'q2'), result(false))]);
    expect(results.list('u1').map((r) => r.key)).toEqual(['k2', 'k1']);
    expect(results.list('u2')).toEqual([]);
    expect(changes).toBe(2);
    // A reload reads the same list back.
    expect(createOfflineResults(() => storage).list('u1')).toHaveLength(2);
    results.clear('u1');
    expect(results.list('u1')).toEqual([]);
  });

  it(`keeps at most ${MAX_RESULTS}`, () => {
    const storage = memory();
    const results = createOfflineResults(() => storage);
    const many = Array.from({ length: MAX_RESULTS + 5 }, (_, i) =>
      offlineResult(entry(`k${i}`), result(true)),
    );
    results.add('u1', many);
    expect(results.list('u1')).toHaveLength(MAX_RESULTS);
    expect(results.list('u1')[0]?.key).toBe(`k${MAX_RESULTS + 4}`);
  });

  it('works without storage (blocked): nothing listed, nothing thrown', () => {
    const results = createOfflineResults(() => null);
    results.add('u1', [offlineResult(entry('k1'), result(true))]);
    expect(results.list('u1')).toEqual([]);
  });
});
