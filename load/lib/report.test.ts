/** The load report: the busiest-window rate, the memory series, and who counted the acknowledged answers. */
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  histogramQuantile,
  histogramSince,
  type K6Summary,
  memorySeries,
  peakRate,
  type ServerSample,
  toMarkdown,
} from './report.ts';

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

describe('buildReport: who counted the acknowledged answers', () => {
  const base = {
    scenario: 'own',
    startedAt: new Date(0),
    machine: 'test',
    settings: {},
    groups: [],
    samples: [],
    serverLag: [],
    // The API's histogram of answers it answered 200: 120 in all.
    serverAnswer: [
      { le: 0.05, count: 100 },
      { le: Number.POSITIVE_INFINITY, count: 120 },
    ],
    catchUpAfterRunMs: 0,
    cpuMs: {},
  };
  const k6 = (answersOk?: number): K6Summary => ({
    metrics: answersOk === undefined ? {} : { answers_ok: { type: 'counter', values: { count: answersOk } } },
    state: { testRunDurationMs: 10_000 },
  });

  it("takes k6's count when the scenario keeps one, and fails a run that appended fewer", () => {
    const ok = buildReport({ ...base, k6: k6(110), appended: 110 });
    expect(ok.answers).toMatchObject({ acknowledged: 110, acknowledgedBy: 'k6', perSecond: 11 });
    expect(ok.passed).toBe(true);
    const lost = buildReport({ ...base, k6: k6(110), appended: 109 });
    expect(lost.passed).toBe(false);
    expect(toMarkdown(lost)).toContain('LOST WRITES');
  });

  it("falls back to the API's 200 responses for a script of one's own, replays included, never a lost write", () => {
    // 120 responses for 115 appended answers: 5 were replays of a key, not writes lost.
    const report = buildReport({ ...base, k6: k6(), appended: 115 });
    expect(report.answers).toMatchObject({ acknowledged: 120, acknowledgedBy: 'api' });
    expect(report.passed).toBe(true);
    expect(toMarkdown(report)).toContain('counted by the API');
    expect(toMarkdown(report)).not.toContain('LOST WRITES');
    expect(toMarkdown(report)).not.toContain('| endpoint group');
  });
});

describe('histogramSince', () => {
  const reading = (counts: number[]) =>
    [0.05, 0.1, 2.5, Number.POSITIVE_INFINITY].map((le, i) => ({ le, count: counts[i]! }));

  it("leaves out what was counted before: a steady phase's quantiles without an earlier backlog's", () => {
    // Before the phase: 40 slow observations (a backlog drained cold); in it, 100 fast ones.
    const before = reading([0, 0, 0, 40]);
    const after = reading([90, 100, 100, 140]);
    expect(histogramQuantile(after, 0.95)).toBe(2.5);
    const since = histogramSince(after, before);
    expect(since).toEqual(reading([90, 100, 100, 100]));
    expect(histogramQuantile(since, 0.95)).toBeCloseTo(0.075);
  });

  it('counts a bucket missing from the earlier reading from zero', () => {
    expect(histogramSince(reading([1, 2, 3, 4]), [])).toEqual(reading([1, 2, 3, 4]));
  });
});
