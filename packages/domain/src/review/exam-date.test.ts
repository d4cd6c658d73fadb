import { describe, expect, it } from 'vitest';
import {
  builtInExamDate,
  comingExam,
  daysToExam,
  endOfHongKongDayMs,
  examDateProblem,
  examStartMs,
  examYearProblem,
} from './exam-date.ts';

describe('exam dates', () => {
  it('knows the HKDSE Chinese Language dates of 2025 and 2026, and assumes the second Thursday of April after', () => {
    expect(builtInExamDate(2025)).toBe('2025-04-02');
    expect(builtInExamDate(2026)).toBe('2026-04-09');
    expect(builtInExamDate(2027)).toBe('2027-04-08');
    expect(builtInExamDate(2028)).toBe('2028-04-13');
    expect(new Date(`${builtInExamDate(2029)}T00:00:00Z`).getUTCDay()).toBe(4);
  });

  it('takes the coming exam: this year until its day has passed, then the next, an admin’s date first', () => {
    expect(comingExam('2026-11-25T08:00:00Z')).toEqual({ year: 2027, examDate: '2027-04-08' });
    expect(comingExam('2027-04-07T20:00:00Z')).toEqual({ year: 2027, examDate: '2027-04-08' });
    expect(comingExam('2027-04-08T16:30:00Z').year).toBe(2028);
    expect(comingExam('2026-11-25T08:00:00Z', { 2027: '2027-04-15' }).examDate).toBe('2027-04-15');
  });

  it('aims at 00:00 Hong Kong time of the exam day', () => {
    expect(new Date(examStartMs('2027-04-08')).toISOString()).toBe('2027-04-07T16:00:00.000Z');
    expect(new Date(endOfHongKongDayMs(Date.parse('2026-11-25T17:00:00Z'))).toISOString()).toBe(
      '2026-11-26T16:00:00.000Z',
    );
    expect(daysToExam('2027-04-08', '2027-04-06T17:00:00Z')).toBe(1);
  });

  it('refuses a date in the past or more than three years ahead (Hong Kong days)', () => {
    const now = '2026-11-25T17:00:00Z'; // 26 November in Hong Kong
    expect(examDateProblem('2026-11-25', now)).not.toBeNull();
    expect(examDateProblem('2026-11-26', now)).toBeNull();
    expect(examDateProblem('2029-11-26', now)).toBeNull();
    expect(examDateProblem('2029-11-27', now)).not.toBeNull();
    expect(examYearProblem(2026, now)).not.toBeNull();
    expect(examYearProblem(2027, now)).toBeNull();
    expect(examYearProblem(2030, now)).not.toBeNull();
  });
});
