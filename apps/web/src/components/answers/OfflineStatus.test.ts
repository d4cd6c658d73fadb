import type { AnswerResult } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import type { QueuedAnswer } from '../../lib/answers/offlineQueue.ts';
import { sentMessage } from './OfflineStatus.tsx';

const verdict = (isCorrect: boolean) => ({
  entry: {} as QueuedAnswer,
  result: { isCorrect } as AnswerResult,
});

describe('the message after answers given offline were sent', () => {
  it('gives the count and the verdicts', () => {
    expect(sentMessage({ sent: [verdict(true), verdict(false), verdict(true)], refused: 0 })).toBe(
      '已送出 3 個離線答案：答對 2 題，答錯 1 題',
    );
  });
  it('says nothing when nothing was sent', () => {
    expect(sentMessage({ sent: [], refused: 0 })).toBeNull();
  });
});
