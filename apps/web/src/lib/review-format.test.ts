import { describe, expect, it } from 'vitest';
import { daysToExamLabel, examDateLabel, nextDueLabel, perDayLabel, shareLabel } from './review-format.ts';

describe('the review screens’ wording', () => {
  it('prints an exam date and a share', () => {
    expect(examDateLabel('2027-04-09')).toBe('2027年4月9日');
    expect(shareLabel(0.904)).toBe('90%');
    expect(shareLabel(1)).toBe('100%');
  });

  it('prints reviews a day as people say them: whole, or 「少於 1」, never 「0.1」', () => {
    expect(perDayLabel(0)).toBe('0');
    expect(perDayLabel(0.04)).toBe('少於 1');
    expect(perDayLabel(0.1)).toBe('少於 1');
    expect(perDayLabel(0.96)).toBe('少於 1');
    expect(perDayLabel(1.4)).toBe('1');
    expect(perDayLabel(2.5)).toBe('3');
    expect(perDayLabel(12.6)).toBe('13');
  });

  it('counts the days to the exam', () => {
    expect(daysToExamLabel(3)).toBe('尚餘 3 日');
    expect(daysToExamLabel(0)).toBe('今日考試');
    expect(daysToExamLabel(-1)).toBe('考試日已過');
  });

  it('names the next review by the Hong Kong day', () => {
    // 23:30 in Hong Kong on 1 March (15:30 UTC).
    const now = new Date('2027-03-01T15:30:00Z');
    expect(nextDueLabel('2027-03-01T15:40:00Z', now)).toBe('今日稍後');
    // 00:10 on 2 March in Hong Kong is tomorrow, though still 1 March in UTC.
    expect(nextDueLabel('2027-03-01T16:10:00Z', now)).toBe('明日');
    expect(nextDueLabel('2027-03-10T04:00:00Z', now)).toBe('3月10日');
  });
});
