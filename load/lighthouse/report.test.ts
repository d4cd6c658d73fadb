import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGES, medianRun, type PageFigures, parseArgs, reportTable, summarise } from './report.ts';

describe('lighthouse arguments', () => {
  it("defaults to the embedded server, issue 40's nine screens and three runs", () => {
    expect(parseArgs([])).toEqual({ url: null, pages: DEFAULT_PAGES, runs: 3 });
    expect(DEFAULT_PAGES.map((p) => p.name)).toEqual([
      'sign-in',
      'lobby',
      'question-session',
      'passage',
      'vocabulary',
      'recitation',
      'review',
      'mindmap',
      'teacher-class',
    ]);
    expect(DEFAULT_PAGES.find((p) => p.name === 'sign-in')?.as).toBe('signed-out');
    expect(DEFAULT_PAGES.find((p) => p.name === 'teacher-class')?.as).toBe('teacher');
  });

  it('takes a server, pages and a run count', () => {
    expect(
      parseArgs(['--url', 'http://127.0.0.1:3000/x', '--page', '/rank', '--page', '/', '--runs', '3']),
    ).toEqual({
      url: 'http://127.0.0.1:3000',
      pages: [
        { name: '/rank', path: '/rank', as: 'learner' },
        { name: '/', path: '/', as: 'learner' },
      ],
      runs: 3,
    });
    expect(parseArgs(['--page', 'teacher-class', '--runs', '1']).pages).toEqual([
      { name: 'teacher-class', path: '/teacher/classes/:class', as: 'teacher' },
    ]);
  });

  it('refuses unknown flags, missing values, bad urls, paths and run counts', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument/);
    expect(() => parseArgs(['--url'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--runs', '--url'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--url', 'ftp://x'])).toThrow(/http/);
    expect(() => parseArgs(['--page', 'rank'])).toThrow(/starting with \/ or one of sign-in/);
    expect(() => parseArgs(['--runs', '0'])).toThrow(/1 to 9/);
    expect(() => parseArgs(['--runs', '2.5'])).toThrow(/1 to 9/);
  });
});

const run = (performance: number): PageFigures => ({
  name: 'lobby',
  performance,
  accessibility: 100,
  bestPractices: 96,
  lcpMs: 2345,
  transferBytes: 200 * 1024,
  tbtMs: 120.4,
});

describe('lighthouse report', () => {
  it('keeps the median run by Performance', () => {
    expect(medianRun([run(91), run(80), run(95)]).performance).toBe(91);
    expect(medianRun([run(91), run(80)]).performance).toBe(80);
    expect(() => medianRun([])).toThrow();
  });

  it('prints the median run with every run, LCP in seconds, TBT in ms and transfer in KiB', () => {
    const summary = summarise([run(88), run(92), run(95)]);
    expect(summary.runs).toEqual([88, 92, 95]);
    expect(reportTable([summary]).split('\n')).toEqual([
      '| Page | Performance (median) | Runs | Accessibility | Best Practices | LCP | TBT | Transfer |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      '| lobby | 92 | 88 / 92 / 95 | 100 | 96 | 2.3 s | 120 ms | 200 KiB |',
    ]);
  });
});
