import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/errors.ts';
import { daysBetween, hongKongDate, isReadableTime, previousDay, toEpochMs } from './hong-kong.ts';

describe('hongKongDate', () => {
  it('is the UTC date shifted by eight hours', () => {
    expect(hongKongDate('2024-03-01T15:59:59Z')).toBe('2024-03-01');
    expect(hongKongDate('2024-03-01T16:00:00Z')).toBe('2024-03-02');
  });

  it('reads offsets and epoch numbers', () => {
    expect(hongKongDate('2024-03-02T00:00:00+08:00')).toBe('2024-03-02');
    expect(hongKongDate('2024-03-01T23:59:59+08:00')).toBe('2024-03-01');
    expect(hongKongDate(Date.UTC(2024, 11, 31, 16))).toBe('2025-01-01');
  });

  it('has no daylight saving: summer and winter use the same offset', () => {
    expect(hongKongDate('2024-07-01T16:00:00Z')).toBe('2024-07-02');
    expect(hongKongDate('2024-01-01T16:00:00Z')).toBe('2024-01-02');
  });

  it('keeps a calendar day as it is', () => {
    expect(hongKongDate('2024-02-29')).toBe('2024-02-29');
  });

  it('throws INVALID_TIME on an unreadable time', () => {
    expect(() => hongKongDate('yesterday')).toThrow(DomainRuleError);
    expect(() => toEpochMs(Number.NaN)).toThrow(expect.objectContaining({ code: 'INVALID_TIME' }));
  });
});

describe('calendar arithmetic', () => {
  it('finds the previous day across months and leap days', () => {
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2025-01-01')).toBe('2024-12-31');
  });

  it('counts whole days between two days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
    expect(daysBetween('2024-03-01', '2024-03-01')).toBe(0);
  });

  it('refuses what is not a day', () => {
    expect(() => previousDay('2024-3-1')).toThrow(expect.objectContaining({ code: 'INVALID_TIME' }));
  });

  it('tells readable times from unreadable ones', () => {
    expect(isReadableTime('2024-03-01T00:00:00Z')).toBe(true);
    expect(isReadableTime(0)).toBe(true);
    expect(isReadableTime('not a time')).toBe(false);
    expect(isReadableTime(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
