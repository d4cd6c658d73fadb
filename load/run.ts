/**
 * `npm run load -- <scenario> [KEY=VALUE ...]`: starts the system in the distributed mode on this machine
 * (API, worker, the machine's Postgres and Redis, on a fresh database and key prefix dropped afterwards),
 * seeds the learners, runs the k6 scenario against it, and writes the run's report to load/results/
 * (`<scenario>-<time>.json` and `.md`). Exits with k6's code: non-zero when a threshold was missed.
 *
 *   npm run load -- exam-eve
 *   npm run load -- spike PEAK_ANSWERS=600 HOLD_S=30
 *   npm run load -- soak DURATION_S=3600          # an hour; minutes by default
 *   npm run load -- read-heavy READS=400
 *   npm run load -- ./my-scenario.js ACCOUNTS=5000  # a k6 script of one's own, against the same system
 *   npm run load -- serve ACCOUNTS=5000            # start and seed the system, then wait (Ctrl-C stops it)
 *   npm run load -- spike YEAR_EVENTS=2000000      # against a log holding a scaled-down year (load/lib/year.ts)
 *
 * Scenarios: exam-eve, spike, soak, read-heavy (load/scenarios/*.js), or the path of any k6 script.
 * LOAD_DATABASE_URL and LOAD_REDIS_URL point elsewhere than 127.0.0.1's Postgres and Redis.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@wenyan/store';
import { sql } from 'kysely';
import { ensureK6 } from './install-k6.ts';
import { LOAD_PASSWORD, seedAccounts } from './lib/accounts.ts';
import { measureCpu } from './lib/cpu.ts';
import {
  buildReport,
  type K6Summary,
  parseHistogram,
  parseValue,
  type ServerSample,
  toMarkdown,
} from './lib/report.ts';
import { accountsToSeed, OWN_SCRIPT, PROFILES, resolveScenario } from './lib/scenarios.ts';
import { describeMachine, listenOverflows, root, rssOf, type System, startSystem } from './lib/system.ts';
import { fillYear, seedRealHistories } from './lib/year.ts';

/** The labels of an acknowledged answer in the API's request histogram. */
const ANSWERED = { method: 'POST', route: '/api/users/answers', status: '200' };

const GROUPS = ['auth', 'lobby', 'session', 'answer', 'leaderboard', 'stats'];

async function scrape(url: string): Promise<string> {
  return fetch(`${url}/api/metrics`)
    .then((r) => r.text())
    .catch(() => '');
}

/**
 * `npm run load -- serve`: the system of a load run, started and seeded, for a load generator of one's
 * own (or a look around); it stops, and drops its database and keys, on Ctrl-C or SIGTERM.
 */
async function serve(accounts: number, apiProcesses: string) {
  console.log(`[load] starting the system (API, worker; Postgres and Redis of this machine) ...`);
  const system = await startSystem({ env: { API_PROCESSES: apiProcesses } });
  const accountsFile = path.join(root, 'load', 'results', `serve-${system.id}.accounts.json`);
  try {
    console.log(`[load] seeding ${accounts} learners into ${system.databaseName} ...`);
    mkdirSync(path.dirname(accountsFile), { recursive: true });
    writeFileSync(
      accountsFile,
      JSON.stringify(await seedAccounts(system.databaseUrl, accounts, { sessions: true })),
    );
    console.log(
      [
        '',
        `BASE_URL=${system.url}  (websocket: ${system.url.replace(/^http/, 'ws')}/api/ws)`,
        `learners: learner1 ... learner${accounts}, password "${LOAD_PASSWORD}"`,
        `their sessions (id, username, cookie): ${accountsFile}`,
        `metrics: ${system.url}/api/metrics and ${system.workerMetricsUrl}`,
        `API server processes: ${apiProcesses}; sign-in limits raised for one address (LOGIN_RATE_LIMIT, LOGIN_ADDRESS_RATE_LIMIT)`,
        '',
        'Ctrl-C stops the system and drops its database and keys.',
      ].join('\n'),
    );
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  } finally {
    rmSync(accountsFile, { force: true });
    await system.stop();
  }
}

/**
 * YEAR_EVENTS: other learners' events over the last twelve months in the log before the run (a
 * district's year scaled down), about 200 events each (YEAR_LEARNERS overrides the learners).
 */
async function prefillYear(databaseUrl: string, events: number): Promise<void> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await seedRealHistories(handle.db, 10);
    const learners = Number(process.env.YEAR_LEARNERS ?? Math.max(1, Math.round(events / 200)));
    const { seconds } = await fillYear(handle.db, { events, learners, accounts: true });
    console.log(
      `[load] the log holds a scaled-down year: ${events} events of ${learners} learners (${seconds.toFixed(0)} s)`,
    );
  } finally {
    await handle.close();
  }
}

async function main() {
  const [arg, ...rest] = process.argv.slice(2);
  const resolved =
    arg && arg !== 'serve' ? resolveScenario(arg, process.env.INIT_CWD ?? process.cwd()) : null;
  const profile = arg === 'serve' ? OWN_SCRIPT : resolved?.profile;
  if (!arg || !profile) {
    console.error(
      `usage: npm run load -- <${Object.keys(PROFILES).join('|')}|path/to/script.js|serve> [KEY=VALUE ...]`,
    );
    process.exit(2);
  }
  const settings: Record<string, string> = { ...profile.defaults };
  for (const [k, v] of Object.entries(process.env)) if (k in settings && v) settings[k] = v;
  for (const arg of rest) {
    const [k, v] = arg.split('=');
    if (k && v !== undefined) settings[k] = v;
  }
  const numbers = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, Number(v)]));
  const learnerVus = Number(settings.LEARNER_VUS ?? profile.learnerVus(numbers));
  settings.LEARNER_VUS = String(learnerVus);
  const accounts = accountsToSeed(profile, learnerVus, numbers);
  // The API's server processes: one per core of this machine unless told otherwise.
  settings.API_PROCESSES ??= process.env.API_PROCESSES ?? String(availableParallelism());
  if (!resolved) return serve(accounts, settings.API_PROCESSES);
  const scenario = resolved.name;

  const k6 = ensureK6();
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const outDir = path.join(root, 'load', 'results');
  mkdirSync(outDir, { recursive: true });
  const summaryFile = path.join(outDir, `${scenario}-${stamp}.k6.json`);
  const sessionsFile = path.join(outDir, `${scenario}-${stamp}.sessions.json`);
  const keysFile = path.join(outDir, `${scenario}-${stamp}.keys.json`);

  console.log(`[load] starting the system (API, worker; Postgres and Redis of this machine) ...`);
  const yearEvents = Number(settings.YEAR_EVENTS ?? process.env.YEAR_EVENTS ?? 0);
  const system: System = await startSystem({
    env: { API_PROCESSES: settings.API_PROCESSES },
    prepare: yearEvents > 0 ? (databaseUrl) => prefillYear(databaseUrl, yearEvents) : undefined,
  });
  let exitCode = 1;
  try {
    console.log(`[load] seeding ${accounts} learners into ${system.databaseName} ...`);
    const seeded = await seedAccounts(system.databaseUrl, accounts, { sessions: true });
    writeFileSync(sessionsFile, JSON.stringify(seeded));
    // Question lists carry no keys (issue 20): the simulated learners, who answer right about seven
    // times in ten, read the choice questions' keys from this file, as a student would know them.
    const keyReader = await openDatabase({ databaseUrl: system.databaseUrl, poolSize: 1, migrate: false });
    const keyRows = await keyReader.db
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('options', 'is not', null)
      .execute();
    if (yearEvents > 0) {
      // A district's year is settled, not just written: vacuum and analyse what the fill and the worker's
      // catch-up wrote, and checkpoint, so the run pays neither autovacuum nor the fill's dirty pages.
      await sql`vacuum (analyze)`.execute(keyReader.db);
      await sql`checkpoint`.execute(keyReader.db);
    }
    await keyReader.close();
    writeFileSync(keysFile, JSON.stringify(Object.fromEntries(keyRows.map((q) => [q.id, q.correct_answer]))));

    const samples: ServerSample[] = [];
    let k6Pid: number | undefined;
    // Answers appended so far, counted from the log (new rows only), not through the busy API.
    const log = await openDatabase({ databaseUrl: system.databaseUrl, poolSize: 1, migrate: false });
    // From the log's end before the run: a prefilled year's answers are not the run's.
    const { rows: before } = await sql<{
      last: string | null;
    }>`select max(position) as last from events`.execute(log.db);
    const startPosition = before[0]?.last ?? '0';
    let seenPosition = startPosition;
    let appendedSoFar = 0;
    const countAppended = async () => {
      const { rows } = await sql<{ n: string; last: string | null }>`
        select count(*) filter (where type = 'AnswerSubmitted') as n, max(position) as last
        from events where position > ${seenPosition}
      `.execute(log.db);
      appendedSoFar += Number(rows[0]?.n ?? 0);
      seenPosition = rows[0]?.last ?? seenPosition;
      return { answersAppended: appendedSoFar, atMs: Date.now() - startedAt.getTime() };
    };
    const sample = async () => {
      const [text, workerText, appended] = await Promise.all([
        scrape(system.url),
        // A worker that is restarting or busy gives no reading this time.
        fetch(system.workerMetricsUrl)
          .then((res) => res.text())
          .catch(() => ''),
        countAppended(),
      ]);
      samples.push({
        ...appended,
        rss: { ...system.memory(), k6: rssOf(k6Pid) },
        heapUsed: {
          // The API's is the sum over its server processes (the primary aggregates them).
          api: parseValue(text, 'wyt_nodejs_heap_size_used_bytes'),
          worker: parseValue(workerText, 'wyt_worker_nodejs_heap_size_used_bytes'),
        },
        queueDepth: parseValue(text, 'wyt_projection_queue_depth'),
        backlog: parseValue(text, 'wyt_events') - parseValue(text, 'wyt_events_projected'),
      });
    };
    await sample();
    const sampler = setInterval(() => void sample(), 5000);
    // CPU by process, read every second while k6 runs (k6's own entry is gone once it exits).
    const processes = () => ({
      ...Object.fromEntries(system.apis.map((api) => [api.name, api.child.pid])),
      worker: system.worker?.child.pid,
      k6: k6Pid,
    });
    const overflowsBefore = listenOverflows();
    const k6StartedAt = Date.now();
    console.log(`[load] k6 run ${scenario} (${learnerVus} learner VUs) against ${system.url}`);
    const run = await measureCpu(processes, () => {
      const child = spawn(
        k6,
        [
          'run',
          // Extra `k6 run` arguments, e.g. `--profiling-enabled --address 127.0.0.1:6565` to take a pprof
          // CPU profile of the load generator itself (GET /debug/pprof/profile on that address).
          ...(process.env.K6_ARGS?.split(' ').filter(Boolean) ?? []),
          '--no-usage-report',
          resolved.script,
        ],
        {
          stdio: 'inherit',
          env: {
            ...process.env,
            ...settings,
            BASE_URL: system.url,
            LOAD_PASSWORD,
            SESSIONS_FILE: sessionsFile,
            ANSWER_KEYS_FILE: keysFile,
            SUMMARY_FILE: summaryFile,
            K6_NO_USAGE_REPORT: 'true',
            // k6 keeps thousands of VUs (gigabytes of heap): with Go's default GOGC=100 its collector
            // marked that heap every ~10 s for 3-4 s at up to a core, stealing the server's CPU in
            // bursts (and GOGC=400 still did, near its limit). Collect only when k6's heap nears half
            // of this machine's memory: a spike run then needs no collection at all.
            GOGC: process.env.GOGC ?? 'off',
            GOMEMLIMIT: process.env.GOMEMLIMIT ?? `${Math.floor(totalmem() / 2 / 2 ** 20)}MiB`,
          },
        },
      );
      k6Pid = child.pid;
      return new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
    });
    exitCode = run.result;
    const k6RunMs = Date.now() - k6StartedAt;
    const overflows = listenOverflows() - overflowsBefore;
    clearInterval(sampler);
    // The runner's own CPU (this process) is not the system's: k6 is the load generator here.
    const { driver: _runner, ...cpuMs } = run.spent;

    // Let the projector finish, then count what was appended (every acknowledgement must be there).
    const caughtUpFrom = Date.now();
    for (;;) {
      const text = await scrape(system.url);
      const backlog = parseValue(text, 'wyt_events') - parseValue(text, 'wyt_events_projected');
      if (backlog <= 0 || Date.now() - caughtUpFrom > 120_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const catchUpAfterRunMs = Date.now() - caughtUpFrom;
    await sample();
    // The exact count (the samples' running count may miss a row that committed out of order).
    const appended = await log.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('type', '=', 'AnswerSubmitted')
      .where('position', '>', startPosition)
      .executeTakeFirstOrThrow();
    await log.close();
    const metricsText = await scrape(system.url);

    // A script of one's own may keep k6's summary to itself (k6 printed it): the report then has the
    // server's figures only.
    const summary: K6Summary = existsSync(summaryFile)
      ? JSON.parse(readFileSync(summaryFile, 'utf8'))
      : { metrics: {}, state: { testRunDurationMs: k6RunMs } };
    const report = buildReport({
      scenario,
      startedAt,
      machine: describeMachine(),
      settings,
      k6: summary,
      groups: GROUPS,
      appended: Number(appended.n),
      samples,
      serverLag: parseHistogram(metricsText, 'wyt_projection_lag_seconds'),
      serverAnswer: parseHistogram(metricsText, 'wyt_http_request_duration_seconds', ANSWERED),
      hubTick: parseHistogram(metricsText, 'wyt_hub_tick_seconds'),
      hubDeferred: parseValue(metricsText, 'wyt_hub_sockets_deferred_total'),
      catchUpAfterRunMs,
      listenOverflows: overflows,
      cpuMs,
    });
    const base = path.join(outDir, `${scenario}-${stamp}`);
    writeFileSync(`${base}.json`, JSON.stringify({ ...report, samples }, null, 2));
    const markdown = toMarkdown(report);
    writeFileSync(`${base}.md`, markdown);
    // The API's last scrape, for what the table leaves out (per-route histograms, pools, queues).
    writeFileSync(`${base}.metrics.txt`, metricsText);
    console.log(`\n${markdown}`);
    console.log(`[load] report: ${path.relative(root, base)}.json and .md`);
    if (!report.passed && exitCode === 0) exitCode = 99;
  } finally {
    rmSync(sessionsFile, { force: true });
    rmSync(keysFile, { force: true });
    await system.stop();
  }
  process.exit(exitCode);
}

await main();
