import { describe, expect, it } from 'vitest';
import { binPoints, chartTitle, shortDate } from './ColumnChart.tsx';

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    value: i + 1,
  }));

describe('the column chart’s days', () => {
  it('keeps up to the column limit as they are', () => {
    expect(binPoints(days(31), 31)).toEqual({ points: days(31), weekly: false });
  });

  it('sums more days by week, each labelled by its first day, losing none', () => {
    const { points, weekly } = binPoints(days(45), 31);
    expect(weekly).toBe(true);
    expect(points).toHaveLength(7);
    expect(points[0]).toEqual({ date: '2027-01-01', value: 1 + 2 + 3 + 4 + 5 + 6 + 7 });
    expect(points[6]).toEqual({ date: '2027-02-12', value: 43 + 44 + 45 });
    expect(points.reduce((sum, p) => sum + p.value, 0)).toBe((45 * 46) / 2);
  });

  it('is titled by what it plots: daily over days, weekly once summed by week', () => {
    const daily = '考試前每日要複習的題數';
    const weekly = '考試前每週要複習的題數';
    expect(chartTitle(daily, weekly, binPoints(days(31), 31).weekly)).toBe(daily);
    expect(chartTitle(daily, weekly, binPoints(days(45), 31).weekly)).toBe(weekly);
    expect(chartTitle(daily, undefined, true)).toBe(`${daily}（每週合計）`);
  });

  it('writes a date the Chinese way', () => {
    expect(shortDate('2027-04-09')).toBe('4月9日');
  });
});
