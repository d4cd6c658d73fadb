/**
 * `npm run bench:history`: what an answer costs by the learner's history (issue 38).
 *
 * Learners with 10, 100, 1,000 and 5,000 answered distinct questions, seeded through the API's answer
 * endpoint (a fifth of the answers wrong, so the error book fills too). The bank's choice questions
 * come first; where it is too small, synthetic ones (copies of bank questions under ids
 * `history-<n>`, inserted with the admin upload's store function before the API starts).
 *
 * Then, in interleaved blocks (the sizes forwards then backwards, HISTORY_ROUNDS rounds), each block
 * HISTORY_BLOCK answers by the HISTORY_LEARNERS learners of one size, each answering one after the
 * other (again questions it has answered, so its history keeps its size), measures per answer:
 * - server CPU: the API's processes, the worker and the Postgres backends of the run's database
 *   (from /proc; the server's other processes and Redis left out), counted until the worker has
 *   projected the block;
 * - WAL: the run's database's own records (pg_waldump between pg_current_wal_lsn() before and after,
 *   when this machine's WAL folder is readable) and the whole server's (pg_wal_lsn_diff, which
 *   counts whatever else the shared server did meanwhile);
 * - latency p50/p95 at the client.
 * It prints a table and the ratios 5,000 vs 10 and 1,000 vs 10.
 *
 * The distributed mode (API and worker over this machine's Postgres and Redis, a fresh database and
 * key prefix dropped afterwards, as `npm run bench`) by default. `--embedded` (or HISTORY_EMBEDDED=1)
 * measures the embedded mode too (one process on a fresh PGlite folder, HISTORY_EMBEDDED_SIZES,
 * default 10 and 1,000: the goal is at most 1.3×); `--embedded-only` only that.
 *
 *   npm run bench:history
 *   npm run bench:history -- --embedded
 *   HISTORY_SIZES=10,1000 HISTORY_ROUNDS=3 npm run bench:history
 *
 * HISTORY_WAL=1 (distributed, when pg_waldump reads the WAL) prints each relation's WAL per answer and
 * the part in records carrying full-page images; HISTORY_CHECKPOINT=1 runs a checkpoint before each
 * block, so every block pays the images of the pages it touches (without it, only the blocks the
 * server's own checkpoint fell in do).
 *
 * HISTORY_STATEMENTS=1 (distributed, on a Postgres with pg_stat_statements preloaded, e.g. a private
 * one given by LOAD_DATABASE_URL) also prints, per history size, each statement's calls, time, blocks
 * and rows per answer: where the database's share of the cost goes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as content from '@wenyan/content';
import { type Db, insertContentQuestions, openDatabase, seedContent } from '@wenyan/store';
import pg from 'pg';
import { createAccounts } from '../lib/accounts.ts';
import { type BenchLearner, type BenchQuestion, submitAnswer } from '../lib/answers.ts';
import { measureCpu, readProcesses } from '../lib/cpu.ts';
import {
  type HistoryBlock,
  historyTable,
  interleavedOrder,
  ratio,
  summarize,
  walByRelation,
  walOfDatabase,
} from '../lib/history.ts';
import { parseValue } from '../lib/report.ts';
import {
  ADMIN_DATABASE_URL,
  describeMachine,
  type EmbeddedSystem,
  postgresBin,
  startEmbedded,
  startSystem,
  stopProcess,
  withDatabase,
} from '../lib/system.ts';

const list = (text: string) => text.split(',').map((s) => Number(s.trim()));
const SIZES = list(process.env.HISTORY_SIZES ?? '10,100,1000,5000');
const EMBEDDED_SIZES = list(process.env.HISTORY_EMBEDDED_SIZES ?? '10,1000');
const LEARNERS = Number(process.env.HISTORY_LEARNERS ?? 2);
const ROUNDS = Number(process.env.HISTORY_ROUNDS ?? 2);
const BLOCK = Number(process.env.HISTORY_BLOCK ?? 120);
const EMBEDDED_ONLY = process.argv.includes('--embedded-only');
const EMBEDDED = EMBEDDED_ONLY || process.argv.includes('--embedded') || process.env.HISTORY_EMBEDDED === '1';
const STATEMENTS = process.env.HISTORY_STATEMENTS === '1';
const WAL_DETAIL = process.env.HISTORY_WAL === '1';
/**
 * A checkpoint before each block: the first change of each page after it writes the page whole into
 * the WAL (a full-page image), so without it a block's WAL depends on whether the server's own
 * checkpoint fell in it. With it, every block pays the images of the pages it touches.
 */
const CHECKPOINT = process.env.HISTORY_CHECKPOINT === '1';
/** Every WRONG_EVERY-th answer is wrong. */
const WRONG_EVERY = 5;

/** A choice question with a wrong option too, to answer either way. */
interface PoolQuestion extends BenchQuestion {
  wrong: string;
}

interface Prepared {
  pool: PoolQuestion[];
  /** The learners of each history size. */
  groups: Map<number, BenchLearner[]>;
}

const optionsOf = (raw: unknown): string[] => (typeof raw === 'string' ? JSON.parse(raw) : raw) as string[];

/**
 * Seeds the content, the learners (with sessions) and the question pool: the bank's choice questions,
 * then synthetic copies of them up to the largest history.
 */
async function prepare(db: Db, sizes: readonly number[]): Promise<Prepared> {
  await seedContent(db);
  const bank = await db
    .selectFrom('questions')
    .select(['id', 'correct_answer', 'options'])
    .where('options', 'is not', null)
    .where('paper_id', 'is', null)
    .where('origin', 'in', ['bank', 'session'])
    .orderBy('id')
    .execute();
  const pool: PoolQuestion[] = bank.map((q) => ({
    id: q.id,
    correct_answer: q.correct_answer,
    wrong: optionsOf(q.options).find((o) => o !== q.correct_answer)!,
  }));
  const missing = Math.max(0, ...sizes) - pool.length;
  if (missing > 0) {
    const [author] = await createAccounts(db, 1, { prefix: 'history-author' });
    const templates = content.questions.filter((q) => q.options !== null && q.sessionId === null);
    const synthetic: content.ContentQuestion[] = Array.from({ length: missing }, (_, n) => {
      const { sessionId: _session, ...template } = templates[n % templates.length]!;
      return { ...template, id: `history-${n + 1}`, content: `${template.content}（${n + 1}）` };
    });
    await insertContentQuestions(db, synthetic, author!.id);
    for (const q of synthetic) {
      pool.push({
        id: q.id,
        correct_answer: q.correctAnswer,
        wrong: q.options!.find((o) => o !== q.correctAnswer)!,
      });
    }
  }
  const accounts = await createAccounts(db, sizes.length * LEARNERS, { prefix: 'history', sessions: true });
  const groups = new Map(
    sizes.map((size, i) => [
      size,
      accounts.slice(i * LEARNERS, (i + 1) * LEARNERS).map((a) => ({ id: a.id, cookie: a.cookie! })),
    ]),
  );
  return { pool, groups };
}

/** The answer a learner gives as its k-th: right, except every WRONG_EVERY-th. */
function answerOf(q: PoolQuestion, k: number): string {
  return k % WRONG_EVERY === WRONG_EVERY - 1 ? q.wrong : q.correct_answer;
}

/** One answer, tried again (a fresh key) on a failure; the latency of the one that passed. */
async function answer(url: string, learner: BenchLearner, q: PoolQuestion, k: number): Promise<number> {
  let last = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    last = await submitAnswer(url, learner, q, k, answerOf(q, k)).catch(() => -1);
    if (last >= 0) return last;
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  throw new Error(`${learner.id} could not answer ${q.id}: status ${-last}`);
}

/** Every learner answers the first `size` questions of the pool, one after the other; learners in parallel. */
async function seed(url: string, { pool, groups }: Prepared): Promise<void> {
  const total = [...groups].reduce((s, [size, learners]) => s + size * learners.length, 0);
  let done = 0;
  const started = performance.now();
  const progress = setInterval(() => {
    console.log(
      `[history] seeding: ${done} of ${total} answers (${Math.round((performance.now() - started) / 1000)} s)`,
    );
  }, 15_000);
  try {
    await Promise.all(
      [...groups].flatMap(([size, learners]) =>
        learners.map(async (learner) => {
          for (let k = 0; k < size; k++) {
            await answer(url, learner, pool[k]!, k);
            done++;
          }
        }),
      ),
    );
  } finally {
    clearInterval(progress);
  }
  console.log(`[history] seeded ${total} answers in ${Math.round((performance.now() - started) / 1000)} s`);
}

/** Waits until the projection has caught up with the log (the API's /api/metrics), at most a minute. */
async function drained(url: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const text = await fetch(`${url}/api/metrics`).then((r) => r.text());
    const behind = parseValue(text, 'wyt_events') - parseValue(text, 'wyt_events_projected');
    if (behind <= 0 && parseValue(text, 'wyt_projection_queue_depth') <= 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log('[history] warning: the projection was still behind after a minute');
}

/** The measure of one mode: its URL, its processes, and (distributed) its database. */
interface Target {
  label: string;
  url: string;
  named: () => Record<string, number | undefined>;
  /**
   * Around the seeding (distributed): the worker is stopped while the histories are written and
   * projects them afterwards, in far fewer batches than one an answer.
   */
  beforeSeeding?: () => Promise<void>;
  afterSeeding?: () => Promise<void>;
  /** Once the histories are projected, before the warm-up: the planner's statistics of what was seeded. */
  afterProjection?: () => Promise<void>;
  /** The run's database on the shared Postgres (null: PGlite, in the API's process). */
  database: { name: string; admin: pg.Client; oid: number; walDir: string | null } | null;
}

/**
 * The CPU of the measured roles only: the API, the worker and the run's own Postgres backends (none of
 * the shared server's others, no Redis). `refresh()` reads the database's backends again; a backend
 * seen once stays counted.
 */
async function serverCpu(target: Target) {
  const backends = new Set<number>();
  const refresh = async () => {
    if (!target.database) return;
    const { rows } = await target.database.admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [target.database.name],
    );
    for (const r of rows) backends.add(r.pid);
  };
  await refresh();
  const read: typeof readProcesses = (names) => {
    const all = readProcesses(names);
    for (const [pid, p] of all) {
      if (p.role === 'redis' || (p.role === 'postgres' && !backends.has(pid))) all.delete(pid);
    }
    return all;
  };
  /** Runs `work` (then refreshes the backends): its result, the roles' CPU ms meanwhile, and how long (ms). */
  return async <T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; cpu: Record<string, number>; durationMs: number }> => {
    const started = performance.now();
    const { result, spent } = await measureCpu(
      target.named,
      async () => {
        const out = await work();
        await refresh();
        return out;
      },
      read,
    );
    const { redis: _redis, driver: _driver, ...cpu } = spent;
    if (!target.database) delete cpu.postgres;
    return { result, cpu, durationMs: performance.now() - started };
  };
}

async function walLsn(admin: pg.Client): Promise<string> {
  return (await admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
}

/** Per history size, per relation file node: HISTORY_WAL's figures (measured blocks only). */
const walRelations = new Map<number, Map<string, { bytes: number; fpi: number; records: number }>>();

/**
 * The run's database's own WAL between two positions, from pg_waldump (null when it cannot read it);
 * with HISTORY_WAL=1 and a size, its records are also summed by relation under that size.
 */
function ownWal(
  database: NonNullable<Target['database']>,
  from: string,
  to: string,
  size: number | null,
): number | null {
  if (!database.walDir || from === to) return from === to ? 0 : null;
  const run = spawnSync(postgresBin('pg_waldump'), ['-p', database.walDir, '-s', from, '-e', to], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (!run.stdout) return null;
  if (WAL_DETAIL && size !== null) {
    const mine = walRelations.get(size) ?? new Map();
    walRelations.set(size, mine);
    for (const [rel, w] of walByRelation(run.stdout, database.oid)) {
      const had = mine.get(rel) ?? { bytes: 0, fpi: 0, records: 0 };
      mine.set(rel, { bytes: had.bytes + w.bytes, fpi: had.fpi + w.fpi, records: had.records + w.records });
    }
  }
  return walOfDatabase(run.stdout, database.oid);
}

/** HISTORY_WAL's table: per answer, each relation's WAL at the largest size beside the smallest's. */
async function walTable(
  database: NonNullable<Target['database']>,
  answersBySize: Map<number, number>,
): Promise<string[]> {
  const sizes = [...walRelations.keys()].sort((a, b) => a - b);
  if (sizes.length < 2) return [];
  const small = sizes[0]!;
  const large = sizes[sizes.length - 1]!;
  const client = new pg.Client({ connectionString: withDatabase(ADMIN_DATABASE_URL, database.name) });
  await client.connect();
  const names = new Map(
    (
      await client.query<{ node: string; name: string }>(
        'select relfilenode::text as node, relname as name from pg_class where relfilenode <> 0',
      )
    ).rows.map((r) => [r.node, r.name]),
  );
  await client.end();
  const per = (size: number, rel: string, key: 'bytes' | 'fpi' | 'records') =>
    (walRelations.get(size)!.get(rel)?.[key] ?? 0) / (answersBySize.get(size) ?? 1);
  const rels = new Set([...walRelations.get(small)!.keys(), ...walRelations.get(large)!.keys()]);
  const ranked = [...rels].sort((a, b) => per(large, b, 'bytes') - per(large, a, 'bytes')).slice(0, 20);
  const total = (size: number, key: 'bytes' | 'fpi') =>
    [...walRelations.get(size)!.keys()].reduce((sum, rel) => sum + per(size, rel, key), 0) / 1024;
  const withoutImages = (size: number) => total(size, 'bytes') - total(size, 'fpi');
  return [
    '',
    `WAL KB/answer without the records carrying a full-page image: ${small} cards ${withoutImages(small).toFixed(1)}, ${large} cards ${withoutImages(large).toFixed(1)} (${(withoutImages(large) / withoutImages(small)).toFixed(2)}×); those records: ${total(small, 'fpi').toFixed(1)} and ${total(large, 'fpi').toFixed(1)} KB/answer${CHECKPOINT ? ' (a checkpoint before each block)' : ''}`,
    '',
    `### WAL per answer by relation, ${large} cards against ${small} (pg_waldump; FPW: bytes of records with a full-page image)`,
    '',
    `| relation | bytes ${small} | bytes ${large} | FPW ${small} | FPW ${large} | records ${small} | records ${large} |`,
    '|---|---|---|---|---|---|---|',
    ...ranked.map(
      (rel) =>
        `| ${rel === '-' ? '(commits, no relation)' : (names.get(rel) ?? rel)} | ${per(small, rel, 'bytes').toFixed(0)} | ${per(large, rel, 'bytes').toFixed(0)} | ${per(small, rel, 'fpi').toFixed(0)} | ${per(large, rel, 'fpi').toFixed(0)} | ${per(small, rel, 'records').toFixed(2)} | ${per(large, rel, 'records').toFixed(2)} |`,
    ),
  ];
}

/** What one statement cost in the measured blocks of a size (pg_stat_statements), summed. */
interface StatementCost {
  query: string;
  calls: number;
  ms: number;
  blocks: number;
  rows: number;
}

/** Per history size, per statement: HISTORY_STATEMENTS's figures. */
const statementCosts = new Map<number, Map<string, StatementCost>>();

/** The run's database's statements since the last reset, added to the size's; then reset. */
async function takeStatements(database: NonNullable<Target['database']>, size: number | null) {
  if (size !== null) {
    const { rows } = await database.admin.query<{
      queryid: string;
      query: string;
      calls: string;
      ms: number;
      blocks: string;
      rows: string;
    }>(
      `select queryid::text, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query, calls::text,
        total_exec_time as ms, (shared_blks_hit + shared_blks_read)::text as blocks, rows::text
       from pg_stat_statements where dbid = $1`,
      [database.oid],
    );
    const mine = statementCosts.get(size) ?? new Map<string, StatementCost>();
    statementCosts.set(size, mine);
    for (const r of rows) {
      const had = mine.get(r.queryid) ?? { query: r.query, calls: 0, ms: 0, blocks: 0, rows: 0 };
      had.calls += Number(r.calls);
      had.ms += r.ms;
      had.blocks += Number(r.blocks);
      had.rows += Number(r.rows);
      mine.set(r.queryid, had);
    }
  }
  await database.admin.query('select pg_stat_statements_reset()');
}

/** HISTORY_STATEMENTS's table: per answer, the statements of the largest size beside the smallest's. */
function statementTable(answersBySize: Map<number, number>): string[] {
  const sizes = [...statementCosts.keys()].sort((a, b) => a - b);
  if (sizes.length < 2) return [];
  const small = sizes[0]!;
  const large = sizes[sizes.length - 1]!;
  const per = (size: number, id: string, key: 'calls' | 'ms' | 'blocks' | 'rows') =>
    (statementCosts.get(size)!.get(id)?.[key] ?? 0) / (answersBySize.get(size) ?? 1);
  const ids = new Set([...statementCosts.get(small)!.keys(), ...statementCosts.get(large)!.keys()]);
  const ranked = [...ids].sort((a, b) => per(large, b, 'ms') - per(large, a, 'ms')).slice(0, 15);
  const query = (id: string) =>
    (statementCosts.get(large)!.get(id) ?? statementCosts.get(small)!.get(id))!.query.replaceAll('|', '¦');
  return [
    '',
    `### Statements per answer, ${large} cards against ${small} (pg_stat_statements; ms is execution time)`,
    '',
    `| statement | calls ${small} | calls ${large} | ms ${small} | ms ${large} | blocks ${small} | blocks ${large} | rows ${small} | rows ${large} |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...ranked.map(
      (id) =>
        `| ${query(id)} | ${per(small, id, 'calls').toFixed(2)} | ${per(large, id, 'calls').toFixed(2)} | ${per(small, id, 'ms').toFixed(3)} | ${per(large, id, 'ms').toFixed(3)} | ${per(small, id, 'blocks').toFixed(1)} | ${per(large, id, 'blocks').toFixed(1)} | ${per(small, id, 'rows').toFixed(1)} | ${per(large, id, 'rows').toFixed(1)} |`,
    ),
  ];
}

/** One block: `answers` answers by the size's learners (each one after the other), measured. */
async function block(
  target: Target,
  size: number,
  answers: number,
  prepared: Prepared,
  counters: Map<string, number>,
  measuring = true,
): Promise<HistoryBlock> {
  const learners = prepared.groups.get(size)!;
  const measured = await serverCpu(target);
  if (CHECKPOINT && target.database) await target.database.admin.query('checkpoint');
  const before = target.database ? await walLsn(target.database.admin) : null;
  if (STATEMENTS && target.database) await takeStatements(target.database, null);
  const latencies: number[] = [];
  let failures = 0;
  const { cpu, durationMs } = await measured(async () => {
    await Promise.all(
      learners.map(async (learner, i) => {
        const mine = Math.floor(answers / learners.length) + (i < answers % learners.length ? 1 : 0);
        for (let j = 0; j < mine; j++) {
          const k = counters.get(learner.id) ?? 0;
          counters.set(learner.id, k + 1);
          // Again a question of its history (7 is prime to the sizes: each comes round in turn).
          const q = prepared.pool[(k * 7) % size]!;
          const ms = await submitAnswer(target.url, learner, q, k, answerOf(q, k)).catch(() => -1);
          if (ms >= 0) latencies.push(ms);
          else failures++;
        }
      }),
    );
    // The worker's part of the block: until it has projected the block's answers.
    await drained(target.url);
  });
  if (STATEMENTS && target.database && measuring) await takeStatements(target.database, size);
  let serverWal: number | null = null;
  let own: number | null = null;
  if (target.database && before) {
    const after = await walLsn(target.database.admin);
    serverWal = Number(
      (
        await target.database.admin.query<{ n: string }>('select pg_wal_lsn_diff($1, $2)::text as n', [
          after,
          before,
        ])
      ).rows[0]!.n,
    );
    own = ownWal(target.database, before, after, measuring ? size : null);
  }
  return { size, answers: latencies.length, failures, cpu, serverWal, ownWal: own, latencies, durationMs };
}

/** Seeds, warms up and measures one mode; prints each block and the table. */
async function measure(target: Target, sizes: readonly number[], prepared: Prepared): Promise<string[]> {
  await target.beforeSeeding?.();
  await seed(target.url, prepared);
  await target.afterSeeding?.();
  const catchUp = performance.now();
  await drained(target.url);
  console.log(
    `[history] ${target.label}: projected in ${Math.round((performance.now() - catchUp) / 1000)} s`,
  );
  await target.afterProjection?.();
  const counters = new Map<string, number>();
  // Warm up (JIT, pools, each learner's head), not measured.
  for (const size of sizes) await block(target, size, Math.ceil(BLOCK / 4), prepared, counters, false);
  // What the system spends at rest (timers, hubs, polls), before and after the blocks: a block's CPU
  // includes it for the block's duration, so the table also gives the figures net of it.
  const rest = async () => {
    const idle = await (await serverCpu(target))(() => new Promise((r) => setTimeout(r, 3000)));
    const perSecond = (Object.values(idle.cpu).reduce((a, b) => a + b, 0) * 1000) / idle.durationMs;
    console.log(
      `[history] ${target.label} at rest: ${perSecond.toFixed(1)} ms of CPU a second (${Object.entries(
        idle.cpu,
      )
        .map(([role, ms]) => `${role} ${((ms * 1000) / idle.durationMs).toFixed(1)}`)
        .join(' · ')})`,
    );
    return perSecond;
  };
  const restBefore = await rest();
  const blocks: HistoryBlock[] = [];
  for (const [i, size] of interleavedOrder(sizes, ROUNDS).entries()) {
    const done = await block(target, size, BLOCK, prepared, counters);
    blocks.push(done);
    const [row] = summarize([done]);
    console.log(
      `[history] ${target.label} block ${i + 1}: ${size} cards, ${done.answers} answers${done.failures ? ` (${done.failures} failed)` : ''}: CPU ${row!.cpu.total!.toFixed(2)} ms/answer, WAL ${row!.ownWalPerAnswer === null ? 'n/a' : `${(row!.ownWalPerAnswer / 1024).toFixed(1)} KB/answer (own database)`}, p50 ${row!.p50.toFixed(1)} ms`,
    );
  }
  const rows = summarize(blocks, (restBefore + (await rest())) / 2);
  const base = Math.min(...sizes);
  // 5,000 and 1,000 against the smallest (the issue's goals), else every other size against it.
  const goals = sizes.filter((s) => s !== base && (s === 5000 || s === 1000));
  const ratios = (goals.length > 0 ? goals : sizes.filter((s) => s !== base))
    .sort((a, b) => b - a)
    .map((s) => ratio(rows, s, base));
  const answersBySize = new Map(
    sizes.map((s) => [s, blocks.filter((b) => b.size === s).reduce((n, b) => n + b.answers, 0)]),
  );
  return [
    '',
    `## ${target.label}: ${LEARNERS} learners a size, ${ROUNDS} rounds of ${sizes.join(' ')} ${[...sizes].reverse().join(' ')}, ${BLOCK} answers a block`,
    '',
    ...historyTable(rows, ratios),
    ...(STATEMENTS ? statementTable(answersBySize) : []),
    ...(WAL_DETAIL && target.database ? await walTable(target.database, answersBySize) : []),
  ];
}

async function distributed(): Promise<string[]> {
  let prepared: Prepared | null = null;
  const starting = startSystem({
    prepare: async (databaseUrl) => {
      const handle = await openDatabase({ databaseUrl, poolSize: 4 });
      try {
        prepared = await prepare(handle.db, SIZES);
      } finally {
        await handle.close();
      }
    },
  });
  // Interrupted while it starts: stopped (its database dropped) once started; a failed start cleans up itself.
  const stop = async () => (await starting.catch(() => null))?.stop();
  cleanUps.add(stop);
  const system = await starting.catch((err) => {
    cleanUps.delete(stop);
    throw err;
  });
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  if (STATEMENTS) await admin.query('create extension if not exists pg_stat_statements');
  try {
    const oid = Number(
      (
        await admin.query<{ oid: string }>('select oid::text from pg_database where datname = $1', [
          system.databaseName,
        ])
      ).rows[0]!.oid,
    );
    const dataDir = (await admin.query<{ d: string }>('select current_setting($1) as d', ['data_directory']))
      .rows[0]!.d;
    const walDir = path.join(dataDir, 'pg_wal');
    const readable = (() => {
      try {
        postgresBin('pg_waldump');
        return readdirSync(walDir).length > 0;
      } catch {
        return false;
      }
    })();
    if (!readable) console.log(`[history] pg_waldump cannot read ${walDir}: the own database's WAL is n/a`);
    return await measure(
      {
        label: 'distributed',
        url: system.url,
        named: () => ({ api: system.apis[0]!.child.pid, worker: system.worker?.child.pid }),
        database: { name: system.databaseName, admin, oid, walDir: readable ? walDir : null },
        beforeSeeding: () => stopProcess(system.worker!),
        // It opens its health port after projecting the histories (minutes on a busy machine).
        afterSeeding: async () => {
          await system.startWorker(30 * 60_000);
        },
        // The histories were written in seconds; a deployment's autovacuum analyzes tables that grow so
        // much, but this machine's Postgres runs with autovacuum off: without statistics the planner
        // keeps plans for tables it believes empty, and 5,000 cards cost 1.8–2.1× the CPU of 10.
        afterProjection: async () => {
          const own = new pg.Client({ connectionString: system.databaseUrl });
          await own.connect();
          try {
            await own.query('analyze');
          } finally {
            await own.end();
          }
        },
      },
      SIZES,
      prepared!,
    );
  } finally {
    await admin.end();
    await system.stop();
    cleanUps.delete(stop);
  }
}

async function embedded(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wyt-history-'));
  let system: Promise<EmbeddedSystem> | null = null;
  const stop = async () => {
    await (await system?.catch(() => null))?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  cleanUps.add(stop);
  try {
    // The folder the API opens: DATA_DIR/pglite.
    const handle = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    let prepared: Prepared;
    try {
      prepared = await prepare(handle.db, EMBEDDED_SIZES);
    } finally {
      await handle.close();
    }
    system = startEmbedded({ dataDir: dir });
    const running = await system;
    return await measure(
      { label: 'embedded', url: running.url, named: () => ({ api: running.api.child.pid }), database: null },
      EMBEDDED_SIZES,
      prepared,
    );
  } finally {
    await stop();
    cleanUps.delete(stop);
  }
}

/** What an interrupted run must still stop and drop (its system, its database, its folder). */
const cleanUps = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`[history] ${signal}: stopping`);
    void Promise.allSettled([...cleanUps].map((c) => c())).then(() => process.exit(130));
  });
}

async function main() {
  console.log(`[history] ${describeMachine()}; XP_PACE=${process.env.XP_PACE ?? 'off'}`);
  // Each mode's table as soon as it is measured.
  if (!EMBEDDED_ONLY) console.log((await distributed()).join('\n'));
  if (EMBEDDED) console.log((await embedded()).join('\n'));
  console.log(
    "\nCPU: the API, the worker and the run's own Postgres backends (not Redis, not the shared server's others). On a shared machine, compare sizes within one run.",
  );
}

await main();
process.exit(0);
