import type { AnswerMarking } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { isMarkedByPoints, missedPointWords, pendingLine, verdictLabel } from './marking.ts';

const marking = (overrides: Partial<AnswerMarking> = {}): AnswerMarking => ({
  verdict: 'correct',
  earned: 3,
  available: 3,
  copied: false,
  selfAssessed: false,
  points: [],
  ...overrides,
});
const point = {
  id: 'p1',
  kind: 'word',
  label: '「約」解作窮困',
  earned: true,
  matched: '窮困',
  expected: '窮困',
};

describe('the verdict of a marked answer', () => {
  it('reads 全對 in jade with every point', () => {
    expect(verdictLabel(marking())).toEqual({ text: '全對', tone: 'jade' });
  });

  it('reads 部分正確 n/m 分 in amber with some points', () => {
    expect(verdictLabel(marking({ verdict: 'partial', earned: 2 }))).toEqual({
      text: '部分正確 2/3 分',
      tone: 'amber',
    });
  });

  it('reads 未達要求 in brick with none', () => {
    expect(verdictLabel(marking({ verdict: 'incorrect', earned: 0 }))).toEqual({
      text: '未達要求',
      tone: 'brick',
    });
  });
});

describe('whether an answer lists points', () => {
  it('does for a free-text answer with points, a self-assessed one and a copied one', () => {
    expect(isMarkedByPoints(marking({ points: [point] }))).toBe(true);
    expect(isMarkedByPoints(marking({ selfAssessed: true }))).toBe(true);
    expect(isMarkedByPoints(marking({ copied: true, verdict: 'incorrect', earned: 0 }))).toBe(true);
  });

  it('does not for a choice marked right or wrong', () => {
    expect(isMarkedByPoints(marking({ earned: 1, available: 1 }))).toBe(false);
  });
});

describe('the words of a missed point', () => {
  it('fit the question type: 應譯作 a translation, 應解作 a word, 應寫作 a recited line, 要點 a short answer', () => {
    expect(missedPointWords('sentence_translation', '窮困')).toBe('應譯作「窮困」');
    expect(missedPointWords('fill_in_blank', '窮困')).toBe('應解作「窮困」');
    expect(missedPointWords('recitation', '乍暖還寒')).toBe('應寫作「乍暖還寒」');
    expect(missedPointWords('short_answer', '以西山自比')).toBe('要點：以西山自比');
  });
});

describe('an answer waiting for a teacher (待老師批閱)', () => {
  const pending = marking({ verdict: 'pending', earned: 3, available: 3, points: [point] });

  it('reads 待老師批閱 in the page ink, not a verdict', () => {
    expect(verdictLabel(pending)).toEqual({ text: '待老師批閱', tone: 'pending' });
    expect(isMarkedByPoints(pending)).toBe(true);
  });

  it('shows the provisional points and says XP waits for the teacher', () => {
    expect(pendingLine(pending)).toBe('暫評 3/3 分。老師批閱後才會計算經驗值（XP）和正確率。');
    expect(pendingLine(marking())).toBeNull();
  });
});
