import { percentLabel } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { accuracySentence, accuracyShown, countLabel } from './figures.ts';

describe('the accuracy shown', () => {
  it('is no figure (「—」) for a learner with no answers, not 「0.0%」', () => {
    expect(accuracyShown(0, [])).toBeNull();
    expect(accuracyShown(0, [{ questionsCompleted: 0 }])).toBeNull();
    expect(percentLabel(accuracyShown(0, []))).toBe('—');
    expect(accuracySentence(null)).toBe('你尚未作答，未有準確率。');
  });

  it('is the server figure once there are answers, even 0 % (all wrong)', () => {
    expect(accuracyShown(0, [{ questionsCompleted: 3 }])).toBe(0);
    expect(accuracyShown(66.7, [{ questionsCompleted: 0 }, { questionsCompleted: 3 }])).toBe(66.7);
    expect(accuracySentence('66.7%')).toBe('你的平均準確率為 66.7%');
  });

  it('keeps a figure above 0 while the records load, and does not claim 0 % meanwhile', () => {
    expect(accuracyShown(80, undefined)).toBe(80);
    expect(accuracyShown(0, undefined)).toBeNull();
  });
});

describe('a count', () => {
  it('is grouped by threes exactly as zh-HK writes whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 999_999, 1_000_000, 123_456_789, -4200]) {
      expect(countLabel(n)).toBe(n.toLocaleString('zh-HK'));
    }
    expect(countLabel(12_345)).toBe('12,345');
  });
});
