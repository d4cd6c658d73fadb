import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGES, medianRun, type PageFigures, parseArgs, reportTable } from './report.ts';

describe('lighthouse arguments', () => {
  it('defaults to the embedded server, the five pages and one run', () => {
    expect(parseArgs([])).toEqual({ url: null, pages: DEFAULT_PAGES, runs: 1 });
    expect(DEFAULT_PAGES.map((p) => p.name)).toEqual([
      'lobby',
      'question-session',
      'vocabulary',
      'recitation',
      'mindmap',
    ]);
  });

  it('takes a server, pages and a run count', () => {
    expect(
      parseArgs(['--url', 'http://127.0.0.1:3000/x', '--page', '/rank', '--page', '/', '--runs', '3']),
    ).toEqual({
      url: 'http://127.0.0.1:3000',
      pages: [
        { name: '/rank', path: '/rank' },
        { name: '/', path: '/' },
      ],
      runs: 3,
    });
  });

  it('refuses unknown flags, missing values, bad urls, paths and run counts', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument/);
    expect(() => parseArgs(['--url'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--runs', '--url'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--url', 'ftp://x'])).toThrow(/http/);
    expect(() => parseArgs(['--page', 'rank'])).toThrow(/starting with/);
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
});

describe('lighthouse report', () => {
  it('keeps the median run by Performance', () => {
    expect(medianRun([run(91), run(80), run(95)]).performance).toBe(91);
    expect(medianRun([run(91), run(80)]).performance).toBe(80);
    expect(() => medianRun([])).toThrow();
  });

  it('prints a Markdown table with LCP in seconds and transfer in KiB', () => {
    expect(reportTable([run(92)]).split('\n')).toEqual([
      '| Page | Performance | Accessibility | Best Practices | LCP | Transfer |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      '| lobby | 92 | 100 | 96 | 2.3 s | 200 KiB |',
    ]);
  });
});
