/** The load report's busiest-window rate: the answer rate a run actually reached, not its average. */
import { describe, expect, it } from 'vitest';
import { peakRate, type ServerSample } from './report.ts';

const at = (atMs: number, answersAppended: number): ServerSample => ({
  atMs,
  answersAppended,
  rss: {},
  queueDepth: 0,
  backlog: 0,
});

describe('peakRate', () => {
  it('is the highest rate between two consecutive samples', () => {
    // 0 → 500 in 5 s (100/s), → 2,500 in 5 s (400/s), → 3,000 in 5 s (100/s).
    expect(peakRate([at(0, 0), at(5000, 500), at(10000, 2500), at(15000, 3000)])).toBe(400);
  });

  it('uses the real interval between samples, not the nominal one', () => {
    expect(peakRate([at(0, 0), at(4000, 1000)])).toBe(250);
  });

  it('is zero with fewer than two samples', () => {
    expect(peakRate([])).toBe(0);
    expect(peakRate([at(0, 10)])).toBe(0);
  });
});
