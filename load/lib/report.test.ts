/** The load report's busiest-window rate: the answer rate a run actually reached, not its average. */
import { describe, expect, it } from 'vitest';
import { memorySeries, peakRate, type ServerSample } from './report.ts';

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

describe('memorySeries', () => {
  const MiB = 2 ** 20;
  const sample = (heapUsed?: Record<string, number>): ServerSample => ({ ...at(0, 0), heapUsed });

  it('gives each process its first, highest and last reading in MiB', () => {
    const samples = [
      sample({ api: 100 * MiB, worker: 40 * MiB }),
      sample({ api: 180 * MiB, worker: 60 * MiB }),
      sample({ api: 120 * MiB, worker: 50 * MiB }),
    ];
    expect(memorySeries(samples, (s) => s.heapUsed ?? {})).toEqual({
      api: { start: 100, peak: 180, end: 120 },
      worker: { start: 40, peak: 60, end: 50 },
    });
  });

  it('skips readings of 0 (a process not yet up or not scraped) and runs without any', () => {
    const samples = [sample({ worker: 0 }), sample({ worker: 30 * MiB }), sample(undefined)];
    expect(memorySeries(samples, (s) => s.heapUsed ?? {})).toEqual({
      worker: { start: 30, peak: 30, end: 30 },
    });
    expect(memorySeries([sample(undefined)], (s) => s.heapUsed ?? {})).toEqual({});
  });
});
