/**
 * `npm run bench:ws-flood`: what a flood of websocket subscribes from one socket costs everyone else.
 * One learner's socket sends 5,000 subscribes (the hub closes it, 1008); meanwhile another learner reads
 * the leaderboard. Prints the reads' median before and during the flood and the heap's growth, and exits
 * 1 past the thresholds (median during < max(250 ms, 5 × before); heap growth < 64 MiB). These were a
 * functional test's assertions (tests/integration/headers-origins.int.test.ts keeps the close and the
 * bounded reads); wall clock and heap belong here. Embedded PGlite in memory; run with
 * `node --expose-gc` for a steadier heap figure.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime } from '@wenyan/api/src/runtime.ts';
import WebSocket from 'ws';

const FLOOD = 5000;
const READS = Number(process.env.BENCH_READS ?? 15);

const runtime = await createRuntime(readApiEnv({ LOG_LEVEL: 'silent', XP_PACE: 'off' }), {
  serveWeb: false,
  pgliteDataDir: 'memory://',
});
const app = await buildApp({ ...runtime.deps, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

async function signUp(name: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: `${name}_${process.pid}`, password: 'correct horse battery', firstName: name },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
}

const flooder = await signUp('flood');
const reader = await signUp('reader');
const readOnce = async () => {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie: reader } });
  if (res.statusCode !== 200) throw new Error(`leaderboard: ${res.statusCode}`);
  return performance.now() - t0;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const before: number[] = [];
for (let i = 0; i < READS; i++) before.push(await readOnce());
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;

const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: flooder } });
await new Promise((resolve, reject) => {
  ws.once('message', resolve);
  ws.once('error', reject);
});
const closedWith = new Promise<number>((resolve) => ws.once('close', resolve));
const subscribe = JSON.stringify({ type: 'subscribe' });
for (let i = 0; i < FLOOD && ws.readyState === WebSocket.OPEN; i++) ws.send(subscribe);
const during: number[] = [];
for (let i = 0; i < READS; i++) during.push(await readOnce());
const code = await closedWith;
const grownMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

const limitMs = Math.max(250, median(before) * 5);
const result = {
  closeCode: code,
  medianBeforeMs: Number(median(before).toFixed(1)),
  medianDuringMs: Number(median(during).toFixed(1)),
  limitMs: Number(limitMs.toFixed(1)),
  heapGrowthMiB: Number(grownMiB.toFixed(1)),
  heapLimitMiB: 64,
};
console.log(JSON.stringify(result, null, 2));
await app.close();
await runtime.close();
const ok = code === 1008 && result.medianDuringMs < limitMs && grownMiB < 64;
if (!ok) console.error('ws-flood: past a threshold');
process.exit(ok ? 0 : 1);
