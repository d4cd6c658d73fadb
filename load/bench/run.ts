/**
 * `npm run bench`: the project's performance figures, in one run on one machine.
 *
 * 1. Answer-submit throughput of the whole API (HTTP, session, grading, the append transaction, the
 *    projection doorbell), against the same single-row insert through pgbench (the durable-append
 *    limit of this machine's Postgres), and their ratio; also pgbench running the answer's whole write
 *    transaction (idempotency key, stream bump, two events).
 * 2. Projection rate (learner projections and events per second, draining a backlog) against a raw
 *    Redis ZINCRBY rate (redis-benchmark).
 * 3. Websocket fan-out: how fast the leaderboard hub pushes one change to every open socket, against a
 *    bare `ws` broadcast of the same message to as many sockets; and under a steady answer load, the
 *    lag from append to websocket message (p50, p95) and the projection throughput.
 *
 * The system runs in the distributed mode on this machine's Postgres and Redis (a fresh database and
 * key prefix, dropped afterwards). Knobs: BENCH_SECONDS (default 15), BENCH_CONCURRENCY (64),
 * BENCH_SOCKETS (1000), BENCH_LEARNERS (2000), BENCH_API_INSTANCES (1), BENCH_API_PROCESSES (server
 * processes per instance, default one per core), and BENCH_PROFILE_DIR (write a
 * V8 CPU profile of every API and worker process there).
 *
 * Each measured phase also prints the CPU it cost, by process, per unit of work (from /proc).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@wenyan/store';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { projectionBacklog } from '../../tests/support/read-models.ts';
import { freePort } from '../../tests/support/throwaway.ts';
import { seedAccounts } from '../lib/accounts.ts';
import { type BenchLearner, type BenchQuestion, submitAnswer } from '../lib/answers.ts';
import { cpuPer, formatCpu, measureCpu } from '../lib/cpu.ts';
import { histogramQuantile, histogramSince, parseHistogram } from '../lib/report.ts';
import {
  cpuProfileEnv,
  describeMachine,
  postgresBin,
  root,
  type System,
  startSystem,
  stopProcess,
} from '../lib/system.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const API_INSTANCES = Number(process.env.BENCH_API_INSTANCES ?? 1);
/** Server processes per API instance (API_PROCESSES); one per core by default. */
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? availableParallelism());
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/** The system's own processes by role, for the CPU readings. */
function processes(system: System): Record<string, number | undefined> {
  const named: Record<string, number | undefined> = {};
  system.apis.forEach((api, i) => {
    named[system.apis.length === 1 ? 'api' : `api${i + 1}`] = api.child.pid;
  });
  named.worker = system.worker?.child.pid;
  return named;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Closed-loop answers at a concurrency for some seconds: each loop keeps to its own learners. */
async function answerLoad(
  url: string | string[],
  learners: BenchLearner[],
  questions: BenchQuestion[],
  options: {
    seconds: number;
    concurrency: number;
    perSecond?: number;
    onAck?: (l: BenchLearner, at: number) => void;
  },
) {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const until = performance.now() + options.seconds * 1000;
  const gapMs = options.perSecond ? (1000 * options.concurrency) / options.perSecond : 0;
  const urls = typeof url === 'string' ? [url] : url;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, loop) => {
      for (let i = loop; performance.now() < until; i += options.concurrency) {
        const learner = learners[i % learners.length]!;
        const next = performance.now() + gapMs;
        const ms = await submitAnswer(
          urls[loop % urls.length]!,
          learner,
          questions[(n++ * 7) % questions.length]!,
          n,
        ).catch(() => -1);
        if (ms < 0) failures++;
        else {
          latencies.push(ms);
          options.onAck?.(learner, Date.now());
        }
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / options.seconds,
    ok: latencies.length,
    failures,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
  };
}

/** Runs pgbench with a custom script; returns its transactions per second. */
function pgbench(databaseUrl: string, script: string, seconds: number, clients: number): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'wyt-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script);
  try {
    const out = execFileSync(
      postgresBin('pgbench'),
      ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, databaseUrl],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** redis-benchmark's ZINCRBY rate (no pipelining, 50 clients), on a key of this run's prefix. */
function redisZincrby(redisUrl: string, prefix: string): number {
  const u = new URL(redisUrl);
  // --csv with a custom command prints "ZINCRBY ...","<rps>",...
  const custom = execFileSync(
    'redis-benchmark',
    [
      '-h',
      u.hostname,
      '-p',
      u.port || '6379',
      '-c',
      '50',
      '-n',
      '200000',
      '-r',
      '100000',
      '--csv',
      'ZINCRBY',
      `${prefix}:bench:zset`,
      '10',
      'member:__rand_int__',
    ],
    { encoding: 'utf8' },
  );
  const line = custom.trim().split('\n').at(-1) ?? '';
  const rps = Number(line.split(',')[1]?.replaceAll('"', ''));
  if (!Number.isFinite(rps)) throw new Error(`redis-benchmark printed no rate:\n${custom}`);
  return rps;
}

async function backlog(system: System): Promise<{ events: number; learners: number }> {
  const handle = await openDatabase({ databaseUrl: system.databaseUrl, poolSize: 1, migrate: false });
  try {
    return await projectionBacklog(handle.db);
  } finally {
    await handle.close();
  }
}

/** Opens `count` subscribed leaderboard sockets; resolves when each has had its first message. */
async function openSockets(
  url: string,
  learners: BenchLearner[],
  onMessage: (i: number, raw: string) => void,
) {
  const sockets: WebSocket[] = [];
  await Promise.all(
    learners.map(
      (l, i) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: l.cookie } });
          sockets.push(ws);
          let first = true;
          ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', channel: 'leaderboard' })));
          ws.on('message', (raw) => {
            const text = raw.toString();
            if (first && text.includes('"leaderboard"')) {
              first = false;
              resolve();
            }
            onMessage(i, text);
          });
          ws.on('error', reject);
        }),
    ),
  );
  return sockets;
}

/** A bare `ws` broadcast of `payload` to `count` local sockets: sockets reached per second (median of 20). */
async function bareBroadcast(count: number, payload: string): Promise<number> {
  const port = await freePort();
  // The server in a child process, as the API is: the clients here do not share its CPU time slice.
  const serverCode = `
    const { WebSocketServer } = require(${JSON.stringify(path.join(root, 'node_modules', 'ws'))});
    const wss = new WebSocketServer({ port: ${port}, host: '127.0.0.1' });
    const payload = ${JSON.stringify(payload)};
    process.on('message', () => { for (const c of wss.clients) c.send(payload); });
    wss.on('listening', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', serverCode], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((r) => child.once('message', r));
  let first = 0;
  let last = 0;
  let got = 0;
  const clients = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}`);
          ws.on('open', () => resolve(ws));
          ws.on('error', reject);
          ws.on('message', (raw) => {
            JSON.parse(raw.toString());
            const now = performance.now();
            if (got === 0) first = now;
            last = now;
            got++;
          });
        }),
    ),
  );
  const rates: number[] = [];
  for (let round = 0; round < 20; round++) {
    got = 0;
    child.send('go');
    const deadline = performance.now() + 5000;
    while (got < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    rates.push(got / Math.max(0.001, (last - first) / 1000));
  }
  for (const c of clients) c.terminate();
  child.kill();
  rates.sort((a, b) => a - b);
  return quantile(rates, 0.5);
}

async function main() {
  console.log(
    `[bench] ${describeMachine()}; API: ${API_INSTANCES} instance(s) × ${API_PROCESSES} process(es)`,
  );
  const system = await startSystem({
    apiInstances: API_INSTANCES,
    env: {
      API_PROCESSES: String(API_PROCESSES),
      // pgbench later opens CONCURRENCY connections beside the API's idle pools, within the
      // machine's max_connections (100): ten per API process, as the figures were first measured.
      DATABASE_POOL_SIZE: '10',
      ...cpuProfileEnv(PROFILE_DIR),
    },
  });
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const accounts = await seedAccounts(system.databaseUrl, Math.max(LEARNERS, SOCKETS), {
      sessions: true,
    });
    const everyone: BenchLearner[] = accounts.map((a) => ({ id: a.id, cookie: a.cookie! }));
    const learners = everyone.slice(0, LEARNERS);
    const handle = await openDatabase({ databaseUrl: system.databaseUrl, poolSize: 2, migrate: false });
    const questions = (await handle.db
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('options', 'is not', null)
      .where('paper_id', 'is', null)
      .limit(200)
      .execute()) as BenchQuestion[];

    // Warm up (JIT, pools, the first append of each stream), then measure.
    await answerLoad(system.url, learners, questions, { seconds: 3, concurrency: CONCURRENCY });
    const { result: api, spent: answerSpent } = await measureCpu(
      () => processes(system),
      () => answerLoad(system.urls, learners, questions, { seconds: SECONDS, concurrency: CONCURRENCY }),
    );
    const answerCpu = cpuPer(answerSpent, api.ok);
    const sample = await handle.db
      .selectFrom('events')
      .select(['data', 'metadata'])
      .where('type', '=', 'AnswerSubmitted')
      .limit(1)
      .executeTakeFirstOrThrow();
    const data = JSON.stringify(sample.data).replaceAll("'", "''");
    const metadata = JSON.stringify(sample.metadata).replaceAll("'", "''");
    await sql`create table bench_events (like events including defaults including identity including indexes)`.execute(
      handle.db,
    );
    await sql`create sequence bench_version`.execute(handle.db);
    await sql`insert into streams (stream_id, version) select 'bench-' || g, 0 from generate_series(0, ${CONCURRENCY}) g`.execute(
      handle.db,
    );
    // Wait for the worker to finish before pgbench, so both have the machine alone.
    while ((await backlog(system)).events > 0) await new Promise((r) => setTimeout(r, 200));
    const insertTps = pgbench(
      system.databaseUrl,
      `insert into bench_events (event_id, stream_id, version, type, schema_version, data, metadata)
       values (gen_random_uuid(), 'bench-' || :client_id, nextval('bench_version'), 'AnswerSubmitted', 1, '${data}'::jsonb, '${metadata}'::jsonb);\n`,
      SECONDS,
      CONCURRENCY,
    );
    const txTps = pgbench(
      system.databaseUrl,
      `begin;
insert into idempotency_keys (user_id, key, request_hash, status_code, response) values (:client_id, gen_random_uuid()::text, 'h', 200, '{"isCorrect":true}');
update streams set version = version + 2, snapshot = '{"totalXP":10}', updated_at = now() where stream_id = 'bench-' || :client_id returning version as v \\gset
insert into events (event_id, stream_id, version, type, schema_version, data, metadata) values
  (gen_random_uuid(), 'bench-' || :client_id, :v - 1, 'AnswerSubmitted', 1, '${data}'::jsonb, '${metadata}'::jsonb),
  (gen_random_uuid(), 'bench-' || :client_id, :v, 'XpAwarded', 1, '{"amount":10}'::jsonb, '${metadata}'::jsonb);
commit;\n`,
      SECONDS,
      CONCURRENCY,
    );
    say('');
    say('## Answer submit: the whole API against the durable-append limit');
    say(
      `API: ${r1(api.perSecond)} answers/s at concurrency ${CONCURRENCY} (p50 ${r1(api.p50)} ms, p95 ${r1(api.p95)} ms, p99 ${r1(api.p99)} ms, ${api.failures} failures)`,
    );
    say(`pgbench, the same single-row insert (autocommit): ${r1(insertTps)}/s`);
    say(`pgbench, the answer's write transaction (key + stream bump + 2 events): ${r1(txTps)}/s`);
    say(`ratio API / single-row insert: ${r1((api.perSecond / insertTps) * 100)} %`);
    say(`ratio API / answer transaction: ${r1((api.perSecond / txTps) * 100)} %`);
    say(`CPU per answer, ms: ${formatCpu(answerCpu)}`);

    // 2. Projection: stop the worker, pile up one answer for each of LEARNERS learners, then drain.
    await stopProcess(system.worker!);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < learners.length; i = next++) {
          await submitAnswer(system.url, learners[i]!, questions[i % questions.length]!, i).catch(() => -1);
        }
      }),
    );
    const before = await backlog(system);
    const drainStarted = performance.now();
    // The new worker is named once it has started; the meter counts its CPU from its start.
    const { spent: drainSpent } = await measureCpu(
      () => processes(system),
      async () => {
        const starting = system.startWorker();
        let after = before;
        while (after.events > 0) {
          await new Promise((r) => setTimeout(r, 100));
          after = await backlog(system);
        }
        await starting;
      },
    );
    const drainS = (performance.now() - drainStarted) / 1000;
    const drainCpu = cpuPer(drainSpent, before.learners);
    const zincrby = redisZincrby(system.redisUrl, system.redisPrefix);
    say('');
    say('## Projection against raw Redis');
    say(
      `projection, draining ${before.events} events of ${before.learners} learners: ${r1(before.events / drainS)} events/s, ${r1(before.learners / drainS)} learner projections/s (${r1(drainS)} s, worker started cold)`,
    );
    say(`redis-benchmark ZINCRBY (50 clients, no pipelining): ${r1(zincrby)}/s`);
    say(`ratio projections / ZINCRBY: ${r1((before.learners / drainS / zincrby) * 100)} %`);
    say(`CPU per learner projection, ms: ${formatCpu(drainCpu)}`);

    // 3. Fan-out and lag under a steady load.
    const watchers = everyone.slice(0, SOCKETS);
    const expected = new Map<string, number>();
    const lags: number[] = [];
    let messages = 0;
    const byVersion = new Map<number, { first: number; last: number; n: number }>();
    let capturedPayload = '';
    const sockets = await openSockets(system.url, watchers, (i, raw) => {
      const now = performance.now();
      const message = JSON.parse(raw) as {
        type: string;
        version?: number;
        me?: { entry: { id: string } } | null;
      };
      if (message.type !== 'leaderboard') return;
      messages++;
      capturedPayload ||= raw;
      const v = message.version ?? 0;
      const seen = byVersion.get(v) ?? { first: now, last: now, n: 0 };
      seen.last = now;
      seen.n++;
      byVersion.set(v, seen);
      const id = watchers[i]!.id;
      const ackAt = expected.get(id);
      if (ackAt !== undefined) {
        lags.push(Date.now() - ackAt);
        expected.delete(id);
      }
    });
    byVersion.clear();
    messages = 0;
    // The server's lag histogram counts since the API started: the steady phase's figures are what it
    // adds from here (the cold worker's backlog above would otherwise fill its top buckets).
    const lagBefore = parseHistogram(
      await fetch(`${system.url}/api/metrics`).then((r) => r.text()),
      'wyt_projection_lag_seconds',
    );
    const steadyRate = 200;
    const steady = await answerLoad(system.url, watchers, questions, {
      seconds: SECONDS,
      concurrency: 20,
      perSecond: steadyRate,
      onAck: (l, at) => {
        if (!expected.has(l.id)) expected.set(l.id, at);
      },
    });
    await new Promise((r) => setTimeout(r, 2500));
    for (const s of sockets) s.terminate();
    const metricsText = await fetch(`${system.url}/api/metrics`).then((r) => r.text());
    const serverLag = histogramSince(parseHistogram(metricsText, 'wyt_projection_lag_seconds'), lagBefore);
    // Each socket keeps its own one-second window, so one change reaches the sockets in up to five
    // 200 ms groups: a group of at least a tenth of the sockets is one fan-out.
    const ticks = [...byVersion.values()].filter(
      (t) => t.n >= Math.max(10, SOCKETS * 0.1) && t.last > t.first,
    );
    const tickRates = ticks.map((t) => t.n / ((t.last - t.first) / 1000)).sort((a, b) => a - b);
    const hubRate = quantile(tickRates, 0.5);
    const bare = await bareBroadcast(SOCKETS, capturedPayload);
    lags.sort((a, b) => a - b);
    say('');
    say(`## Websocket fan-out (${SOCKETS} sockets) and lag under a steady ${steadyRate} answers/s`);
    say(
      `steady load: ${r1(steady.perSecond)} answers/s acknowledged (p95 ${r1(steady.p95)} ms); ${messages} leaderboard messages in ${SECONDS} s = ${r1(messages / SECONDS)}/s (${r1(messages / SECONDS / SOCKETS)} per socket per second)`,
    );
    say(
      `append → own websocket message: p50 ${r1(quantile(lags, 0.5))} ms, p95 ${r1(quantile(lags, 0.95))} ms (${lags.length} samples; includes the hub's 1 s coalescing)`,
    );
    say(
      `append → leaderboard change at the API (server histogram, this phase): p50 ${r1(histogramQuantile(serverLag, 0.5) * 1000)} ms, p95 ${r1(histogramQuantile(serverLag, 0.95) * 1000)} ms`,
    );
    say(`hub fan-out within a tick: ${r1(hubRate)} sockets/s (median of ${ticks.length} ticks)`);
    say(`bare ws broadcast of the same message: ${r1(bare)} sockets/s`);
    say(`ratio hub / bare: ${r1((hubRate / bare) * 100)} %`);
    await handle.close();
  } finally {
    await system.stop();
  }
  return lines;
}

await main();
process.exit(0);
