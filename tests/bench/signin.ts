/**
 * `npm run bench:signin`: how many sign-ins per second the API takes (POST /api/auth/login through the
 * whole app: rate limits, the password hash, the session insert, the day's sign-in event), with
 * `BENCH_CONCURRENCY` (16) sign-ins in flight for `BENCH_SECONDS` (10). Uses the embedded PGlite in
 * memory, or DATABASE_URL (and REDIS_URL for the distributed mode) when set. The password hash is the
 * sign-in's cost: this is the figure a sign-in storm (a class, a school, the exam eve) runs into.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime } from '@wenyan/api/src/runtime.ts';
import { deleteRedisPrefix } from '@wenyan/store';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ACCOUNTS = 64;
const PASSWORD = 'a bench passphrase 7';

const env = readApiEnv({
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  REDIS_PREFIX: `bench-signin-${process.pid}`,
  LOGIN_RATE_LIMIT: '100000000',
  LOGIN_ADDRESS_RATE_LIMIT: '100000000',
});
const runtime = await createRuntime(env, { serveWeb: false, pgliteDataDir: 'memory://' });
const app = await buildApp({ ...runtime.deps, logger: false });
await app.ready();

const names: string[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  const username = `bench_${process.pid}_${i}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  names.push(username);
}

let done = 0;
let failed = 0;
const latencies: number[] = [];
const end = performance.now() + SECONDS * 1000;
const started = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, lane) => {
    let i = lane;
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: names[i++ % names.length], password: PASSWORD },
      });
      latencies.push(performance.now() - t0);
      if (res.statusCode === 200) done++;
      else failed++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
console.log(
  `[bench:signin] ${runtime.deps.dbKind}, ${CONCURRENCY} in flight, ${elapsed.toFixed(1)} s: ` +
    `${(done / elapsed).toFixed(1)} sign-ins/s (${failed} failed), ` +
    `p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms, ` +
    `${(cpuMs(process.cpuUsage(cpu0)) / Math.max(1, done)).toFixed(1)} ms CPU per sign-in (all threads)`,
);
await app.close();
await runtime.close();
if (env.REDIS_URL) await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
