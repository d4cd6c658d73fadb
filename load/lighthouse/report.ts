/**
 * The pure parts of `npm run lighthouse` (load/lighthouse/run.ts): its arguments and its report table.
 */

/** The pages measured by default: the lobby, a question session, vocabulary, recitation and a mind map. */
export const DEFAULT_PAGES: readonly { readonly name: string; readonly path: string }[] = [
  { name: 'lobby', path: '/' },
  { name: 'question-session', path: '/lesson/9/questions/word_interpretation/course1' },
  { name: 'vocabulary', path: '/vocabulary' },
  { name: 'recitation', path: '/memorization' },
  { name: 'mindmap', path: '/mindmap/passage/9' },
];

export interface Options {
  /** A running server to measure (its origin); absent: the script starts the embedded server itself. */
  readonly url: string | null;
  /** The paths to measure. */
  readonly pages: readonly { readonly name: string; readonly path: string }[];
  /** Each page is measured this many times and the median run kept (Lighthouse's own advice). */
  readonly runs: number;
}

/**
 * `--url http://host:port` (measure a running server), `--page /path` (repeatable; replaces the default
 * pages), `--runs N` (1 to 9). Throws on anything else.
 * @example parseArgs(['--runs', '3']) // { url: null, pages: DEFAULT_PAGES, runs: 3 }
 */
export function parseArgs(argv: readonly string[]): Options {
  let url: string | null = null;
  const pages: { name: string; path: string }[] = [];
  let runs = 1;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag !== '--url' && flag !== '--page' && flag !== '--runs')
      throw new Error(`unknown argument: ${flag}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    i++;
    if (flag === '--url') {
      const parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new Error(`--url must be http(s): ${value}`);
      url = parsed.origin;
    } else if (flag === '--page') {
      if (!value.startsWith('/')) throw new Error(`--page must be a path starting with /: ${value}`);
      pages.push({ name: value, path: value });
    } else {
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error(`--runs must be 1 to 9: ${value}`);
    }
  }
  return { url, pages: pages.length > 0 ? pages : DEFAULT_PAGES, runs };
}

/** One page's figures, from Lighthouse's result. */
export interface PageFigures {
  readonly name: string;
  /** Category scores, 0 to 100. */
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  /** Largest Contentful Paint in milliseconds. */
  readonly lcpMs: number;
  /** Total transfer in bytes. */
  readonly transferBytes: number;
}

/** The run whose Performance score is the median (the lower middle of an even count). */
export function medianRun(runs: readonly PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

/** The report as a Markdown table (it goes as it is into docs/performance.md). */
export function reportTable(rows: readonly PageFigures[]): string {
  const header = [
    '| Page | Performance | Accessibility | Best Practices | LCP | Transfer |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${(r.transferBytes / 1024).toFixed(0)} KiB |`,
  );
  return [...header, ...lines].join('\n');
}
