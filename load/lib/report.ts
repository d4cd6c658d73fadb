/**
 * Turns k6's summary (from the scenario's handleSummary) and the runner's own samples into the run's
 * report: a JSON file and a short Markdown table.
 */
import { cpuPer } from './cpu.ts';

/** One metric of k6's summary export. */
interface K6Metric {
  type: string;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface K6Summary {
  metrics: Record<string, K6Metric>;
  state: { testRunDurationMs: number };
}

export interface Latency {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface ServerSample {
  atMs: number;
  rss: Record<string, number>;
  /** V8 heap in use (bytes) by process (absent from older runs): what RSS holds beyond a reserve. */
  heapUsed?: Record<string, number>;
  queueDepth: number;
  backlog: number;
  /** Answers appended to the log so far (counted from the log), for the rate between samples. */
  answersAppended: number;
}

export interface RunReport {
  scenario: string;
  startedAt: string;
  machine: string;
  settings: Record<string, string>;
  durationS: number;
  requests: { total: number; perSecond: number; failed: number; failedRate: number };
  groups: Record<string, Latency>;
  answers: {
    acknowledged: number;
    /**
     * Who counted the acknowledgements: k6 (the scenario's `answers_ok`, each answer once), or, for a
     * script that does not count them, the API (its 200 responses to answers, replays of a key included).
     */
    acknowledgedBy: 'k6' | 'api';
    appended: number;
    errors: number;
    perSecond: number;
    /** Answers appended in the busiest interval between two samples (5 s): the rate the run reached. */
    peakPerSecond: number;
    /** Sessions k6 could not start (no free VU): the offered rate fell short of the scenario's by these. */
    droppedIterations: number;
  };
  websocket: { leaderboardMessages: number; framesReceived: number; tooClose: number; errors: number };
  projectionLagMs: { probes: number; p50: number; p95: number; p99: number };
  wsUpdateLagMs: { samples: number; p50: number; p95: number; p99: number };
  /** The API's own histogram (append → pub/sub message), estimated from its buckets. */
  serverProjectionLagMs: { count: number; p50: number; p95: number };
  /** Answers' time inside the API (its histogram; bucket-interpolated): the rest of k6's figure is queueing and the load generator. */
  serverAnswerMs: { p50: number; p95: number; p99: number };
  /** The leaderboard hubs' ticks (their histogram), and the due sockets a tick left to a later one. */
  hub: { ticks: number; p50Ms: number; p95Ms: number; deferred: number };
  memoryMiB: Record<string, { start: number; peak: number; end: number }>;
  heapUsedMiB: Record<string, { start: number; peak: number; end: number }>;
  maxProjectionBacklog: number;
  catchUpAfterRunMs: number;
  /** Connections the kernel dropped for a full accept queue during the run (machine-wide). */
  listenOverflows: number;
  cpu: { cores: number; perAnswerMs: Record<string, number> };
  thresholds: Array<{ metric: string; threshold: string; ok: boolean }>;
  passed: boolean;
}

const round = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? 0 : Math.round(n * 10 ** digits) / 10 ** digits;

function latency(m: K6Metric | undefined, durationS: number): Latency {
  const v = m?.values ?? {};
  return {
    count: v.count ?? 0,
    perSecond: round((v.count ?? 0) / durationS),
    p50: round(v.med),
    p95: round(v['p(95)']),
    p99: round(v['p(99)']),
  };
}

/** Quantile estimate from a Prometheus histogram's cumulative buckets (linear inside a bucket). */
export function histogramQuantile(buckets: Array<{ le: number; count: number }>, q: number): number {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return 0;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const b of buckets) {
    if (b.count >= rank) {
      if (!Number.isFinite(b.le)) return prevLe;
      const inBucket = b.count - prevCount;
      return inBucket === 0 ? b.le : prevLe + ((b.le - prevLe) * (rank - prevCount)) / inBucket;
    }
    prevLe = b.le;
    prevCount = b.count;
  }
  return prevLe;
}

/** Reads one histogram (no labels) from Prometheus text. */
export function parseHistogram(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): Array<{ le: number; count: number }> {
  const out: Array<{ le: number; count: number }> = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_bucket{`)) continue;
    const close = line.lastIndexOf('}');
    const found = Object.fromEntries(
      [...line.slice(0, close).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (Object.entries(labels).some(([k, v]) => found[k] !== v) || found.le === undefined) continue;
    out.push({
      le: found.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(found.le),
      count: Number(line.slice(close + 1).trim()),
    });
  }
  return out;
}

/**
 * What a histogram counted between two readings of it (cumulative buckets, the same bounds): a phase's
 * own observations, without those of the phases before it. A bucket missing from `before` counts 0.
 */
export function histogramSince(
  after: Array<{ le: number; count: number }>,
  before: Array<{ le: number; count: number }>,
): Array<{ le: number; count: number }> {
  const earlier = new Map(before.map((b) => [b.le, b.count]));
  return after.map((b) => ({ le: b.le, count: b.count - (earlier.get(b.le) ?? 0) }));
}

/** Reads one gauge or counter (no labels) from Prometheus text. */
export function parseValue(text: string, name: string): number {
  const m = new RegExp(`^${name} (-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

export function buildReport(input: {
  scenario: string;
  startedAt: Date;
  machine: string;
  settings: Record<string, string>;
  k6: K6Summary;
  groups: readonly string[];
  appended: number;
  samples: ServerSample[];
  serverLag: Array<{ le: number; count: number }>;
  /** The API's own histogram of POST /api/users/answers (200): time inside the server. */
  serverAnswer: Array<{ le: number; count: number }>;
  /** The hubs' tick histogram, and their count of deferred sockets (both absent from older builds). */
  hubTick?: Array<{ le: number; count: number }>;
  hubDeferred?: number;
  catchUpAfterRunMs: number;
  /** Connections the kernel dropped for a full accept queue during the k6 run (absent from older runs). */
  listenOverflows?: number;
  /** CPU ms each process spent during the k6 run (from /proc), by role. */
  cpuMs: Record<string, number>;
}): RunReport {
  const { k6 } = input;
  const m = k6.metrics;
  const durationS = Math.max(1, k6.state.testRunDurationMs / 1000);
  const groups: Record<string, Latency> = {};
  for (const g of input.groups) {
    const metric = m[`http_req_duration{ep:${g}}`];
    if (metric && (metric.values.count ?? 0) > 0) groups[g] = latency(metric, durationS);
  }
  const thresholds: RunReport['thresholds'] = [];
  for (const [metric, value] of Object.entries(m)) {
    for (const [threshold, t] of Object.entries(value.thresholds ?? {})) {
      thresholds.push({ metric, threshold, ok: t.ok });
    }
  }
  const memoryMiB = memorySeries(input.samples, (s) => s.rss);
  const heapUsedMiB = memorySeries(input.samples, (s) => s.heapUsed ?? {});
  const acknowledgedBy = m.answers_ok ? 'k6' : 'api';
  const acknowledged = m.answers_ok?.values.count ?? input.serverAnswer.at(-1)?.count ?? 0;
  // Appended may exceed acknowledged (a response lost to a client timeout); the reverse is a lost write.
  // The API's count includes a key's replays, so only k6's own count can show one.
  const lostWrites = acknowledgedBy === 'k6' && acknowledged > input.appended;
  const failed = m.http_req_failed?.values.passes ?? 0;
  const lagTotal = input.serverLag.at(-1)?.count ?? 0;
  return {
    scenario: input.scenario,
    startedAt: input.startedAt.toISOString(),
    machine: input.machine,
    settings: input.settings,
    durationS: round(durationS),
    requests: {
      total: m.http_reqs?.values.count ?? 0,
      perSecond: round(m.http_reqs?.values.rate),
      failed,
      failedRate: round(m.http_req_failed?.values.rate, 5),
    },
    groups,
    answers: {
      acknowledged,
      acknowledgedBy,
      appended: input.appended,
      errors: m.answer_errors?.values.count ?? 0,
      perSecond: round(acknowledged / durationS),
      peakPerSecond: round(peakRate(input.samples)),
      droppedIterations: m.dropped_iterations?.values.count ?? 0,
    },
    websocket: {
      leaderboardMessages: m.leaderboard_msgs?.values.count ?? 0,
      framesReceived: m.ws_msgs_received?.values.count ?? 0,
      tooClose: m.ws_msgs_too_close?.values.count ?? 0,
      errors: m.ws_errors?.values.count ?? 0,
    },
    projectionLagMs: {
      probes: m.projection_lag?.values.count ?? 0,
      p50: round(m.projection_lag?.values.med),
      p95: round(m.projection_lag?.values['p(95)']),
      p99: round(m.projection_lag?.values['p(99)']),
    },
    wsUpdateLagMs: {
      samples: m.ws_update_lag?.values.count ?? 0,
      p50: round(m.ws_update_lag?.values.med),
      p95: round(m.ws_update_lag?.values['p(95)']),
      p99: round(m.ws_update_lag?.values['p(99)']),
    },
    serverAnswerMs: {
      p50: round(histogramQuantile(input.serverAnswer, 0.5) * 1000),
      p95: round(histogramQuantile(input.serverAnswer, 0.95) * 1000),
      p99: round(histogramQuantile(input.serverAnswer, 0.99) * 1000),
    },
    serverProjectionLagMs: {
      count: lagTotal,
      p50: round(histogramQuantile(input.serverLag, 0.5) * 1000),
      p95: round(histogramQuantile(input.serverLag, 0.95) * 1000),
    },
    hub: {
      ticks: input.hubTick?.at(-1)?.count ?? 0,
      p50Ms: round(histogramQuantile(input.hubTick ?? [], 0.5) * 1000),
      p95Ms: round(histogramQuantile(input.hubTick ?? [], 0.95) * 1000),
      deferred: input.hubDeferred ?? 0,
    },
    memoryMiB,
    heapUsedMiB,
    maxProjectionBacklog: Math.max(0, ...input.samples.map((s) => s.backlog)),
    catchUpAfterRunMs: input.catchUpAfterRunMs,
    listenOverflows: input.listenOverflows ?? 0,
    cpu: cpuSummary(input.cpuMs, durationS, acknowledged),
    thresholds,
    passed: thresholds.every((t) => t.ok) && !lostWrites,
  };
}

/** Start, peak and end (MiB) of each process's series of byte readings, skipping empty readings. */
export function memorySeries(
  samples: readonly ServerSample[],
  pick: (s: ServerSample) => Record<string, number>,
): Record<string, { start: number; peak: number; end: number }> {
  const out: Record<string, { start: number; peak: number; end: number }> = {};
  for (const name of new Set(samples.flatMap((s) => Object.keys(pick(s))))) {
    const series = samples.map((s) => (pick(s)[name] ?? 0) / 2 ** 20).filter((v) => v > 0);
    if (series.length === 0) continue;
    out[name] = { start: round(series[0]), peak: round(Math.max(...series)), end: round(series.at(-1)) };
  }
  return out;
}

/** The highest answer rate between two consecutive samples. */
export function peakRate(samples: readonly ServerSample[]): number {
  let peak = 0;
  for (let i = 1; i < samples.length; i++) {
    const dt = (samples[i]!.atMs - samples[i - 1]!.atMs) / 1000;
    if (dt > 0) peak = Math.max(peak, (samples[i]!.answersAppended - samples[i - 1]!.answersAppended) / dt);
  }
  return peak;
}

/** Cores used on average over the run, and CPU ms per acknowledged answer by process. */
function cpuSummary(cpuMs: Record<string, number>, durationS: number, answers: number): RunReport['cpu'] {
  const perAnswerMs = Object.fromEntries(
    Object.entries(cpuPer(cpuMs, answers)).map(([role, ms]) => [role, Math.round(ms * 100) / 100]),
  );
  const totalMs = Object.values(cpuMs).reduce((a, b) => a + b, 0);
  return { cores: Math.round((totalMs / 1000 / durationS) * 100) / 100, perAnswerMs };
}

/** The short Markdown table of a run. */
export function toMarkdown(r: RunReport): string {
  // A script of one's own that keeps k6's summary to itself: k6 printed the client's figures.
  const fromK6 = r.answers.acknowledgedBy === 'k6';
  const lines = [
    `## ${r.scenario}: ${r.passed ? 'passed' : 'FAILED'} (${r.startedAt})`,
    '',
    `Machine: ${r.machine}. Settings: ${Object.entries(r.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}.`,
    '',
    fromK6
      ? `${r.durationS} s, ${r.requests.total} requests (${r.requests.perSecond}/s), ${r.requests.failed} failed; ` +
        `answers acknowledged ${r.answers.acknowledged} (${r.answers.perSecond}/s on average, ` +
        `${r.answers.peakPerSecond}/s appended in the busiest 5 s), appended ${r.answers.appended}, errors ${r.answers.errors}; ` +
        `sessions k6 could not start for want of a VU: ${r.answers.droppedIterations}.`
      : `${r.durationS} s; answers acknowledged ${r.answers.acknowledged}, counted by the API (its 200 responses, ` +
        `replays included; ${r.answers.perSecond}/s on average, ${r.answers.peakPerSecond}/s appended in the busiest 5 s), ` +
        `appended ${r.answers.appended}. The script kept k6's summary to itself: k6 printed the client's figures above.`,
    '',
    ...(fromK6
      ? [
          '| endpoint group | requests | per s | p50 ms | p95 ms | p99 ms |',
          '|---|---:|---:|---:|---:|---:|',
          ...Object.entries(r.groups).map(
            ([g, l]) => `| ${g} | ${l.count} | ${l.perSecond} | ${l.p50} | ${l.p95} | ${l.p99} |`,
          ),
          '',
        ]
      : []),
    '| measure | value |',
    '|---|---|',
    ...(fromK6
      ? [
          `| projection lag, answer → GET /api/leaderboard shows it (${r.projectionLagMs.probes} probes) | p50 ${r.projectionLagMs.p50} ms, p95 ${r.projectionLagMs.p95} ms, p99 ${r.projectionLagMs.p99} ms |`,
          `| answer → own socket message (${r.wsUpdateLagMs.samples} samples, includes the 1 s coalescing) | p50 ${r.wsUpdateLagMs.p50} ms, p95 ${r.wsUpdateLagMs.p95} ms, p99 ${r.wsUpdateLagMs.p99} ms |`,
        ]
      : []),
    `| server: an answer's time inside the API (its histogram) | p50 ${r.serverAnswerMs.p50} ms, p95 ${r.serverAnswerMs.p95} ms, p99 ${r.serverAnswerMs.p99} ms |`,
    `| server: append → leaderboard change at the API (${r.serverProjectionLagMs.count}) | p50 ${r.serverProjectionLagMs.p50} ms, p95 ${r.serverProjectionLagMs.p95} ms |`,
    `| hub ticks (${r.hub.ticks}) | p50 ${r.hub.p50Ms} ms, p95 ${r.hub.p95Ms} ms; ${r.hub.deferred} due sockets left to a later tick |`,
    ...(fromK6
      ? [
          `| leaderboard messages received | ${r.websocket.leaderboardMessages} (${r.websocket.tooClose} closer than 0.5 s, ${r.websocket.errors} errors) |`,
        ]
      : []),
    `| most projection backlog (events) | ${r.maxProjectionBacklog} |`,
    `| catch-up after the run | ${r.catchUpAfterRunMs} ms |`,
    `| connections dropped for a full accept queue (kernel, machine-wide; each waits 1–31 s for its SYN's retry) | ${r.listenOverflows} |`,
    `| CPU used (cores, of the machine's) | ${r.cpu.cores} |`,
    `| CPU per acknowledged answer, ms (every request included) | ${Object.entries(r.cpu.perAnswerMs)
      .map(([role, ms]) => `${role} ${ms}`)
      .join(' · ')} |`,
    ...Object.entries(r.memoryMiB).map(
      ([name, m]) => `| ${name} memory (MiB) | start ${m.start}, peak ${m.peak}, end ${m.end} |`,
    ),
    ...Object.entries(r.heapUsedMiB).map(
      ([name, m]) => `| ${name} heap in use (MiB) | start ${m.start}, peak ${m.peak}, end ${m.end} |`,
    ),
    '',
    'Thresholds missed: ' +
      (r.thresholds
        .filter((t) => !t.ok)
        .map((t) => `\`${t.metric}\` ${t.threshold}`)
        .join(', ') || 'none') +
      (!fromK6 || r.answers.acknowledged <= r.answers.appended
        ? ''
        : ' (LOST WRITES: acknowledged > appended!)'),
    '',
  ];
  return lines.join('\n');
}
