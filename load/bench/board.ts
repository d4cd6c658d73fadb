/**
 * `npm run bench:board`: does the board read (`GET /api/leaderboard`, through the real route: auth, the
 * class's hide-the-board check, the top ten and their names, the viewer's rank and row, the count)
 * stay flat with the number of ranked learners? Issue 38 saw it 2.8× slower at 100,000 than at 10,000.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 npm run bench:board
 *
 * For each mode (BENCH_MODES; distributed: Postgres and a Redis sorted set under a private prefix;
 * embedded: the ranking in SQL on the same Postgres server; pglite: the SQL ranking in PGlite, the only
 * mode without the two URLs) and each size
 * (BENCH_BOARD_SIZES, default 10000,100000), an app over its own throwaway database, seeded straight in
 * SQL (accounts, `user_totals`, classes of 30); the sorted set is built from Postgres as a restart's
 * heal does. Then blocks of BENCH_CALLS reads, interleaved between the sizes (ABAB…), report p50/p95
 * and the CPU of a read: this process (route, JSON) and the database's own backends (Postgres only;
 * the shared Redis server's CPU is not told apart). `BENCH_EXPLAIN=1` prints each statement's plan.
 */
import { performance } from 'node:perf_hooks';
import { LeaderboardSchema } from '@wenyan/contracts';
import { type Db, rebuildRedisLeaderboard } from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { signUpBenchAccount, startBenchApp } from '../lib/bench-app.ts';
import { readStat } from '../lib/cpu.ts';

const SIZES = (process.env.BENCH_BOARD_SIZES ?? '10000,100000').split(',').map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 4);
const SERVERS = Boolean(process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL);
/** distributed (Redis ranking), embedded (SQL ranking on Postgres), pglite (SQL ranking on PGlite). */
const MODES = (process.env.BENCH_MODES ?? (SERVERS ? 'distributed,embedded,pglite' : 'pglite')).split(',');
const CLASS_SIZE = 30;

/**
 * `learners` ranked accounts with skewed XP (most learners have little, many share a figure), names,
 * schools, a tenth with a nickname; classes of 30 with a teacher each. Deterministic (hashint4 of the
 * row number), so both sizes draw from the same distribution.
 */
async function seed(db: Db, learners: number) {
  const raw = db.withoutPlugins() as Kysely<unknown>;
  await sql`insert into users (username, username_key, first_name, last_name, school_name, nickname)
    select 'board_' || i, 'board_' || i, '學生' || i, '陳', '第' || (i % 400) || '中學',
      case when i % 10 = 0 then '暱稱' || i end
    from generate_series(1, ${learners}::integer) i`.execute(raw);
  const u = (salt: number) =>
    sql`((hashint4(u.id::integer + ${salt}::integer)::bigint & 2147483647) / 2147483647.0)`;
  await sql`insert into user_totals (user_id, total_xp, completed_lessons, average_accuracy, streak_days,
      last_active_date, last_active_at, answers_count, correct_count)
    select u.id, floor(20000 * power(${u(1)}, 3))::integer, floor(17 * ${u(2)})::integer,
      round((40 + 60 * ${u(3)})::numeric, 1)::double precision, floor(30 * ${u(4)})::integer,
      '2026-12-01', now() - interval '1 day', 100, 70
    from users u where u.username like 'board\\_%'`.execute(raw);
  const teachers = Math.ceil(learners / CLASS_SIZE);
  await sql`insert into users (username, username_key, roles, leaderboard_opt_out)
    select 'board_teacher_' || i, 'board_teacher_' || i, '{teacher}', true
    from generate_series(1, ${teachers}::integer) i`.execute(raw);
  await sql`insert into classes (teacher_id, name, join_code)
    select u.id, '中四' || u.id, 'B' || u.id from users u where u.username like 'board\\_teacher\\_%'`.execute(
    raw,
  );
  await sql`insert into class_members (class_id, user_id)
    select c.id, u.id from users u
    join (select id, row_number() over (order by id) - 1 as k from classes) c
      on c.k = (u.id - 1) / ${CLASS_SIZE}
    where u.username like 'board\\_%' and u.username not like 'board\\_teacher\\_%'`.execute(raw);
  // As autovacuum would, soon after such a load (BENCH_ANALYZE=0: the planner without statistics).
  if (process.env.BENCH_ANALYZE !== '0') await sql`vacuum analyze`.execute(raw);
}

interface Board {
  label: string;
  size: number;
  read(): Promise<{ took: number; bytes: number }>;
  /** CPU ms so far of each of this database's Postgres backends (none for PGlite: it is this process). */
  backends(): Promise<Map<number, { ms: number; type: string }>>;
  explain(): Promise<void>;
  /** Per table of this database: sequential scans, rows they read, index scans (Postgres only). */
  tableScans(): Promise<Map<string, [number, number, number]>>;
  close(): Promise<void>;
}

async function openBoard(mode: string, size: number): Promise<Board> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (mode === 'distributed' && !(adminUrl && redisUrl)) {
    throw new Error('the distributed mode needs BENCH_DATABASE_URL and BENCH_REDIS_URL');
  }
  const prefix = `wyt-bench-board-${process.pid}-${size}`;
  const bench = await startBenchApp(
    mode === 'pglite' ? null : `wyt_bench_board_${mode.slice(0, 4)}_${size}`,
    mode === 'distributed' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {},
  );
  const { app, runtime } = bench;
  const db = runtime.deps.db;
  const t0 = performance.now();
  await seed(db, size);
  const { id: viewerId, cookie } = await signUpBenchAccount(app, 'bench_board_viewer');
  // The viewer mid-table, in the last class.
  await sql`insert into user_totals (user_id, total_xp, completed_lessons, average_accuracy)
    values (${viewerId}, 300, 5, 75) on conflict (user_id)
    do update set total_xp = 300, completed_lessons = 5, average_accuracy = 75`.execute(db);
  await sql`insert into class_members (class_id, user_id) select max(id), ${viewerId} from classes`.execute(
    db,
  );
  if (runtime.deps.redis) await rebuildRedisLeaderboard(db, runtime.deps.redis, prefix);
  console.log(
    `  ${mode} ${size}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${runtime.deps.dbKind})`,
  );

  const pids = async () => {
    if (!bench.databaseUrl) return [];
    // Every connection of the app, this one too: leaving out the asking one left out a different pool
    // connection at each end, and one that had done the seeding brought its seconds into a block.
    const { rows } = await sql<{ pid: number; backend_type: string }>`
      select pid, backend_type from pg_stat_activity where datname = current_database()`.execute(db);
    return rows;
  };
  return {
    label: mode,
    size,
    async read() {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } });
      const took = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`GET /api/leaderboard: ${res.statusCode} ${res.body}`);
      const board = LeaderboardSchema.parse(res.json());
      if (board.total < size || !board.me || board.top.length !== 10) throw new Error('an incomplete board');
      return { took, bytes: res.rawPayload.length };
    },
    async backends() {
      return new Map(
        (await pids()).map((r) => [r.pid, { ms: readStat(r.pid)?.ms ?? 0, type: r.backend_type }]),
      );
    },
    async tableScans() {
      if (!bench.databaseUrl) return new Map<string, [number, number, number]>();
      const { rows } = await sql<{
        relname: string;
        seq_scan: string;
        seq_tup_read: string;
        idx_scan: string;
      }>`
        select relname, seq_scan, seq_tup_read, coalesce(idx_scan, 0) as idx_scan from pg_stat_user_tables`.execute(
        db,
      );
      return new Map(
        rows.map((r) => [
          r.relname,
          [Number(r.seq_scan), Number(r.seq_tup_read), Number(r.idx_scan)] as [number, number, number],
        ]),
      );
    },
    async explain() {
      const ids = (await runtime.deps.leaderboard.top(10)).join(',');
      const statements = {
        'top ten (SQL ranking)': sql`select user_id from user_totals where ranked = true
          order by total_xp desc, completed_lessons desc, average_accuracy desc, user_id asc limit 10`,
        // The viewer has 300 XP, 5 lessons, 75 % (set below): the count the SQL ranking makes for them.
        'rank of the viewer (SQL ranking)': sql`select 1 + count(*) from user_totals where ranked = true
          and total_xp >= 300 and (total_xp > 300 or completed_lessons > 5 or (completed_lessons = 5
          and (average_accuracy > 75 or (average_accuracy = 75 and user_id < ${viewerId}))))`,
        'rank of the viewer, the window before issue 38': sql`select r.user_id, r.rank from (select user_id,
          row_number() over (order by total_xp desc, completed_lessons desc, average_accuracy desc, user_id asc)
          as rank from user_totals where ranked = true) r where r.user_id in (${viewerId})`,
        'count (SQL ranking)': sql`select count(*) from user_totals where ranked = true`,
        'entries of the top ten': sql`select users.id from user_totals join users on users.id = user_totals.user_id
          where user_totals.user_id in (${sql.raw(ids)})`,
        'hidden board?': sql`select classes.id from class_members join classes on classes.id = class_members.class_id
          where class_members.user_id = ${viewerId} and classes.hide_global_leaderboard = true limit 1`,
      };
      for (const [name, statement] of Object.entries(statements)) {
        const { rows } = await sql<
          Record<string, string>
        >`explain (analyze, buffers, costs off) ${statement}`.execute(db);
        console.log(`\n  [${mode} ${size}] ${name}`);
        for (const r of rows) console.log(`    ${Object.values(r)[0]}`);
      }
    },
    async close() {
      if (runtime.deps.redis) {
        const keys = await runtime.deps.redis.keys(`${prefix}:*`);
        if (keys.length > 0) await runtime.deps.redis.del(...keys);
      }
      await bench.close();
    },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function benchMode(mode: string) {
  console.log(
    `\nBoard read, ${mode}: ${SIZES.join(' and ')} ranked learners, ${BLOCKS} blocks of ${CALLS} reads each`,
  );
  const boards: Board[] = [];
  try {
    for (const size of SIZES) boards.push(await openBoard(mode, size));
    if (process.env.BENCH_EXPLAIN === '1') for (const b of boards) await b.explain();
    for (const b of boards) for (let i = 0; i < 30; i++) await b.read();
    const times = new Map(boards.map((b) => [b, [] as number[]]));
    const scans0 = await Promise.all(boards.map((b) => b.tableScans()));
    const cpu = new Map(boards.map((b) => [b, { node: 0, postgres: 0, autovacuum: 0, opened: 0, bytes: 0 }]));
    for (let block = 0; block < BLOCKS; block++) {
      // ABAB… then BABA…: neither size always runs first.
      const order = block % 2 === 0 ? boards : [...boards].reverse();
      for (const b of order) {
        const pg0 = await b.backends();
        const self = process.cpuUsage();
        let bytes = 0;
        for (let i = 0; i < CALLS; i++) {
          const r = await b.read();
          times.get(b)!.push(r.took);
          bytes = r.bytes;
        }
        const used = process.cpuUsage(self);
        const c = cpu.get(b)!;
        c.node += (used.user + used.system) / 1000;
        // A backend the pool opened meanwhile counts from its start (its start-up is the read's cost
        // too); one that closed loses its share.
        for (const [pid, { ms, type }] of await b.backends()) {
          const before = pg0.get(pid);
          if (!before) c.opened++;
          const spent = ms - (before?.ms ?? 0);
          if (type === 'client backend') c.postgres += spent;
          else c.autovacuum += spent;
        }
        c.bytes = bytes;
      }
    }
    // Backends report their table counts within a second of going idle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const scans1 = await Promise.all(boards.map((b) => b.tableScans()));
    const reads = CALLS * BLOCKS;
    boards.forEach((b, i) => {
      const lines: string[] = [];
      for (const [table, [seq, rows, idx]] of scans1[i]!) {
        const [seq0, rows0, idx0] = scans0[i]!.get(table) ?? [0, 0, 0];
        if (seq === seq0 && idx === idx0) continue;
        lines.push(
          `${table} seq ${((seq - seq0) / reads).toFixed(2)} (${((rows - rows0) / reads).toFixed(0)} rows) idx ${((idx - idx0) / reads).toFixed(2)}`,
        );
      }
      if (lines.length > 0) console.log(`  ${b.size} learners, scans a read: ${lines.join('; ')}`);
    });
    const base = quantile(
      [...times.get(boards[0]!)!].sort((a, b) => a - b),
      0.5,
    );
    for (const b of boards) {
      const sorted = [...times.get(b)!].sort((x, y) => x - y);
      const c = cpu.get(b)!;
      const n = sorted.length;
      const p50 = quantile(sorted, 0.5);
      console.log(
        `  ${String(b.size).padStart(7)} learners: p50 ${p50.toFixed(2)} ms (${(p50 / base).toFixed(2)}×), p95 ${quantile(sorted, 0.95).toFixed(2)} ms; ` +
          `CPU a read: node ${(c.node / n).toFixed(2)} ms, postgres ${(c.postgres / n).toFixed(2)} ms` +
          `${c.autovacuum > 0 ? ` (and autovacuum ${(c.autovacuum / n).toFixed(2)} ms)` : ''}` +
          `${c.opened > 0 ? ` (${c.opened} backends opened during the blocks)` : ''}; ${c.bytes} bytes`,
      );
    }
  } finally {
    for (const b of boards) await b.close();
  }
}

for (const mode of MODES) await benchMode(mode);
process.exit(0);
