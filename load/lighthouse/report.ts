/**
 * The pure parts of `npm run lighthouse` (load/lighthouse/run.ts): its arguments and its report table.
 */

/** Who opens a page: no one (the sign-in page), a learner, or the teacher of a class. */
export type Visitor = 'signed-out' | 'learner' | 'teacher';

/** A page to measure; `:class` in its path is the teacher's class (made by the script). */
export interface Page {
  readonly name: string;
  readonly path: string;
  readonly as: Visitor;
}

/**
 * The nine screens of issue 40 measured by default: sign-in, the lobby, a question session, a passage,
 * vocabulary, recitation, review, a mind map and a teacher's class.
 */
export const DEFAULT_PAGES: readonly Page[] = [
  { name: 'sign-in', path: '/login', as: 'signed-out' },
  { name: 'lobby', path: '/', as: 'learner' },
  { name: 'question-session', path: '/lesson/9/questions/word_interpretation/course1', as: 'learner' },
  { name: 'passage', path: '/passage/9', as: 'learner' },
  { name: 'vocabulary', path: '/vocabulary', as: 'learner' },
  { name: 'recitation', path: '/memorization', as: 'learner' },
  { name: 'review', path: '/review', as: 'learner' },
  { name: 'mindmap', path: '/mindmap/passage/9', as: 'learner' },
  { name: 'teacher-class', path: '/teacher/classes/:class', as: 'teacher' },
];

export interface Options {
  /** A running server to measure (its origin); absent: the script starts the embedded server itself. */
  readonly url: string | null;
  /** The pages to measure. */
  readonly pages: readonly Page[];
  /** Each page is measured this many times and the median run kept (Lighthouse's own advice). */
  readonly runs: number;
}

/**
 * `--url http://host:port` (measure a running server), `--page /path` (repeatable; replaces the default
 * pages; a learner opens it) or `--page name` (one of the default pages by name), `--runs N` (1 to 9,
 * 3 by default). Throws on anything else.
 * @example parseArgs(['--runs', '5']) // { url: null, pages: DEFAULT_PAGES, runs: 5 }
 */
export function parseArgs(argv: readonly string[]): Options {
  let url: string | null = null;
  const pages: Page[] = [];
  let runs = 3;
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
      const named = DEFAULT_PAGES.find((p) => p.name === value);
      if (named) pages.push(named);
      else if (value.startsWith('/')) pages.push({ name: value, path: value, as: 'learner' });
      else
        throw new Error(
          `--page must be a path starting with / or one of ${DEFAULT_PAGES.map((p) => p.name).join(', ')}: ${value}`,
        );
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
  /** Total Blocking Time in milliseconds. */
  readonly tbtMs: number;
}

/** A page's median run and the spread of its Performance scores over the runs. */
export interface PageSummary extends PageFigures {
  readonly runs: readonly number[];
}

/** The median run of a page with every run's Performance score, in the order they ran. */
export function summarise(runs: readonly PageFigures[]): PageSummary {
  return { ...medianRun(runs), runs: runs.map((r) => r.performance) };
}

/** The run whose Performance score is the median (the lower middle of an even count). */
export function medianRun(runs: readonly PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

/**
 * The report as a Markdown table (it goes as it is into docs/performance.md): each page's median run,
 * with every run's Performance score beside it.
 */
export function reportTable(rows: readonly PageSummary[]): string {
  const header = [
    '| Page | Performance (median) | Runs | Accessibility | Best Practices | LCP | TBT | Transfer |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.performance} | ${r.runs.join(' / ')} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${(r.transferBytes / 1024).toFixed(0)} KiB |`,
  );
  return [...header, ...lines].join('\n');
}
