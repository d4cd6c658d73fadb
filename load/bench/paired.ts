/**
 * `npm run bench:paired -- <other checkout>`: this build's answer path against another build's, side
 * by side on the same machine at the same moment, so the machine's swings (on a shared VM one build's
 * single runs differ by up to 20 %, and its speed can change within minutes) fall on both alike.
 *
 * Both systems run in the distributed mode (two API processes each, a worker, their own database on
 * this machine's Postgres and their own Redis prefix), each with its own learners, and take answers at
 * the same fixed rate (PAIRED_RATE per second each, default 150) for PAIRED_WINDOWS windows of
 * PAIRED_SECONDS (default 3 × 30 s). Each window prints each build's CPU per acknowledged answer, by
 * process: its API, its worker, and the Postgres backends serving its database (Postgres's own
 * background processes and Redis are shared and left out), and the ratio of the two.
 *
 * The other checkout must have its dependencies installed (`npm ci`); its own `load/lib` starts its
 * system, so its API, worker and migrations are its own.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type BenchLearner, type BenchQuestion, submitAnswer } from '../lib/answers.ts';
import { readStat } from '../lib/cpu.ts';
import { root } from '../lib/system.ts';

const RATE = Number(process.env.PAIRED_RATE ?? 150);
const SECONDS = Number(process.env.PAIRED_SECONDS ?? 30);
const WINDOWS = Number(process.env.PAIRED_WINDOWS ?? 3);
const LEARNERS = Number(process.env.PAIRED_LEARNERS ?? 2000);
/** Answer loops per build (each keeps to its own learners and waits its turn at the rate). */
const LOOPS = 32;

interface LoadLib {
  startSystem(options: { apiInstances?: number; env?: Record<string, string> }): Promise<{
    url: string;
    databaseUrl: string;
    databaseName: string;
    apis: { child: { pid?: number | undefined } }[];
    worker: { child: { pid?: number | undefined } } | null;
    stop(): Promise<void>;
  }>;
  seedAccounts(
    databaseUrl: string,
    count: number,
    options: { sessions?: boolean },
  ): Promise<{ id: string; cookie: string | null }[]>;
}

interface Build {
  label: string;
  system: Awaited<ReturnType<LoadLib['startSystem']>>;
  learners: BenchLearner[];
  questions: BenchQuestion[];
}

async function loadLib(checkout: string): Promise<LoadLib> {
  const system = await import(path.join(checkout, 'load/lib/system.ts'));
  const accounts = await import(path.join(checkout, 'load/lib/accounts.ts'));
  return { startSystem: system.startSystem, seedAccounts: accounts.seedAccounts };
}

async function startBuild(label: string, checkout: string): Promise<Build> {
  const lib = await loadLib(checkout);
  const system = await lib.startSystem({
    apiInstances: 1,
    env: { API_PROCESSES: '2', DATABASE_POOL_SIZE: '10' },
  });
  const accounts = await lib.seedAccounts(system.databaseUrl, LEARNERS, { sessions: true });
  const client = new pg.Client({ connectionString: system.databaseUrl });
  await client.connect();
  const { rows } = await client.query<BenchQuestion>(
    `select id, correct_answer from questions
     where options is not null and paper_id is null order by id limit 200`,
  );
  await client.end();
  return {
    label,
    system,
    learners: accounts.map((a) => ({ id: a.id, cookie: a.cookie! })),
    questions: rows,
  };
}

/** utime + stime (ms) and parent of every process now. */
function processTable(): Map<number, { ms: number; ppid: number }> {
  const out = new Map<number, { ms: number; ppid: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) out.set(Number(entry), stat);
  }
  return out;
}

/** Each build's processes by role: its API (primary and servers), its worker, its database's backends. */
async function rolesOf(builds: Build[], admin: pg.Client): Promise<Map<number, string>> {
  const roles = new Map<number, string>();
  const table = processTable();
  for (const b of builds) {
    const api = b.system.apis[0]!.child.pid!;
    const worker = b.system.worker?.child.pid;
    for (const [pid, p] of table) {
      if (pid === api || p.ppid === api) roles.set(pid, `${b.label}:api`);
      if (worker !== undefined && (pid === worker || p.ppid === worker)) roles.set(pid, `${b.label}:worker`);
    }
  }
  const backends = await admin.query<{ pid: number; datname: string }>(
    'select pid, datname from pg_stat_activity where datname = any($1)',
    [builds.map((b) => b.system.databaseName)],
  );
  for (const row of backends.rows) {
    const build = builds.find((b) => b.system.databaseName === row.datname)!;
    roles.set(row.pid, `${build.label}:postgres`);
  }
  return roles;
}

/**
 * CPU ms by role between two readings of the process table, for the processes known at the first (a
 * backend that opens during the window is left out, for both builds alike).
 */
function spent(
  roles: Map<number, string>,
  before: Map<number, { ms: number }>,
  after: Map<number, { ms: number }>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [pid, role] of roles) {
    const end = after.get(pid)?.ms ?? before.get(pid)?.ms ?? 0;
    out[role] = (out[role] ?? 0) + end - (before.get(pid)?.ms ?? 0);
  }
  return out;
}

/** Answers at RATE per second for `seconds`: the number acknowledged and failed. */
async function answerAt(build: Build, seconds: number, offset: number) {
  let ok = 0;
  let failed = 0;
  let n = offset;
  const gapMs = (LOOPS * 1000) / RATE;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = loop; performance.now() < until; i += LOOPS) {
        const next = performance.now() + gapMs;
        const learner = build.learners[i % build.learners.length]!;
        const question = build.questions[(n++ * 7) % build.questions.length]!;
        const ms = await submitAnswer(build.system.url, learner, question, n).catch(() => -1);
        if (ms >= 0) ok++;
        else failed++;
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  return { ok, failed };
}

const r2 = (n: number) => n.toFixed(2);

async function main() {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:paired -- <path of the other checkout>');
  const otherRoot = path.resolve(other);
  console.log(
    `[paired] A = ${otherRoot}, B = ${root}; ${RATE} answers/s each, ${WINDOWS} × ${SECONDS} s, ${LEARNERS} learners each`,
  );
  const builds: Build[] = [];
  const admin = new pg.Client({
    connectionString: process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  try {
    builds.push(await startBuild('A', otherRoot));
    builds.push(await startBuild('B', root));
    // Warm up both (JIT, pools, each learner's first append), then measure.
    await Promise.all(builds.map((b) => answerAt(b, 5, 0)));
    const pooled: Record<string, number> = {};
    const answered: Record<string, number> = { A: 0, B: 0 };
    for (let w = 1; w <= WINDOWS; w++) {
      const roles = await rolesOf(builds, admin);
      const before = processTable();
      const results = await Promise.all(builds.map((b) => answerAt(b, SECONDS, w * 1_000_000)));
      const cpu = spent(roles, before, processTable());
      const line: string[] = [];
      builds.forEach((b, i) => {
        const { ok, failed } = results[i]!;
        answered[b.label]! += ok;
        const per = (role: string) => (cpu[`${b.label}:${role}`] ?? 0) / ok;
        for (const role of ['api', 'worker', 'postgres']) {
          pooled[`${b.label}:${role}`] =
            (pooled[`${b.label}:${role}`] ?? 0) + (cpu[`${b.label}:${role}`] ?? 0);
        }
        const total = per('api') + per('worker') + per('postgres');
        line.push(
          `${b.label} ${ok} answers (${failed} failed): api ${r2(per('api'))} · worker ${r2(per('worker'))} · postgres ${r2(per('postgres'))} · total ${r2(total)} ms`,
        );
      });
      console.log(`window ${w}: ${line.join(' | ')}`);
    }
    const totalOf = (label: string) =>
      ['api', 'worker', 'postgres'].reduce((s, role) => s + (pooled[`${label}:${role}`] ?? 0), 0) /
      answered[label]!;
    for (const role of ['api', 'worker', 'postgres']) {
      const a = (pooled[`A:${role}`] ?? 0) / answered.A!;
      const b = (pooled[`B:${role}`] ?? 0) / answered.B!;
      console.log(`pooled ${role}: A ${r2(a)} ms, B ${r2(b)} ms (${((b / a - 1) * 100).toFixed(1)} %)`);
    }
    const a = totalOf('A');
    const b = totalOf('B');
    console.log(
      `pooled CPU per answer (API, worker, their Postgres backends): A ${r2(a)} ms, B ${r2(b)} ms (B vs A ${((b / a - 1) * 100).toFixed(1)} %)`,
    );
  } finally {
    await Promise.all(builds.map((b) => b.system.stop()));
    await admin.end();
  }
}

await main();
