import { describe, expect, it } from 'vitest';
import { daysToExam } from './exam-date.ts';

describe('days to the exam', () => {
  it('reads `now` as an epoch or an ISO time alike', () => {
    const now = '2027-04-06T17:00:00Z'; // 7 April in Hong Kong
    expect(daysToExam('2027-04-08', Date.parse(now))).toBe(daysToExam('2027-04-08', now));
    expect(daysToExam('2027-04-08', Date.parse(now))).toBe(1);
  });
});
