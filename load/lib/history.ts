/**
 * The pure part of `npm run bench:history` (load/bench/history.ts): the interleaved order of the
 * blocks, the WAL a database wrote (from pg_waldump's text), and the table and ratios of the blocks.
 */
import type { CpuRoles } from './cpu.ts';

/**
 * The blocks' order: each round takes the history sizes forwards, then backwards (ABCD DCBA), so a
 * machine that slows down or speeds up during a run weighs on every size alike.
 *
 * @example interleavedOrder([10, 1000], 2) // [10, 1000, 1000, 10, 10, 1000, 1000, 10]
 */
export function interleavedOrder<T>(sizes: readonly T[], rounds: number): T[] {
  const out: T[] = [];
  for (let r = 0; r < rounds; r++) out.push(...sizes, ...[...sizes].reverse());
  return out;
}

/**
 * The WAL bytes (records' total length, full-page images included) that one database wrote, from
 * `pg_waldump`'s record lines: each record on a relation of the database (`rel <tablespace>/<oid>/…`),
 * and every record of a transaction that touched one (its commit, its locks). Records of other
 * databases and of the server itself (checkpoints, running transactions) are left out.
 */
export function walOfDatabase(dump: string, databaseOid: number): number {
  const records: Array<{ bytes: number; tx: string; ours: boolean }> = [];
  const transactions = new Set<string>();
  const ours = new RegExp(`\\brel \\d+/${databaseOid}/\\d+`);
  for (const line of dump.split('\n')) {
    const m = /len \(rec\/tot\):\s*\d+\/\s*(\d+), tx:\s*(\d+)/.exec(line);
    if (!m) continue;
    const record = { bytes: Number(m[1]), tx: m[2]!, ours: ours.test(line) };
    if (record.ours && record.tx !== '0') transactions.add(record.tx);
    records.push(record);
  }
  return records.reduce((sum, r) => (r.ours || transactions.has(r.tx) ? sum + r.bytes : sum), 0);
}

/**
 * The same records as `walOfDatabase`, summed by the relation (file node) each record's first block
 * names; a database's records naming none (commits, locks of its transactions) go under `'-'`. `fpi`
 * is the bytes of the records carrying a full-page image (`FPW`).
 */
export function walByRelation(
  dump: string,
  databaseOid: number,
): Map<string, { bytes: number; fpi: number; records: number }> {
  const out = new Map<string, { bytes: number; fpi: number; records: number }>();
  const transactions = new Set<string>();
  const parsed: Array<{ rel: string | null; fpw: boolean; tot: number; tx: string }> = [];
  const ours = new RegExp(`\\brel \\d+/${databaseOid}/(\\d+)`);
  for (const line of dump.split('\n')) {
    const m = /len \(rec\/tot\):\s*(\d+)\/\s*(\d+), tx:\s*(\d+)/.exec(line);
    if (!m) continue;
    const rel = ours.exec(line)?.[1] ?? null;
    if (rel !== null && m[3] !== '0') transactions.add(m[3]!);
    parsed.push({ rel, fpw: /\bFPW\b/.test(line), tot: Number(m[2]), tx: m[3]! });
  }
  for (const r of parsed) {
    if (r.rel === null && !transactions.has(r.tx)) continue;
    const key = r.rel ?? '-';
    const had = out.get(key) ?? { bytes: 0, fpi: 0, records: 0 };
    had.bytes += r.tot;
    if (r.fpw) had.fpi += r.tot;
    had.records += 1;
    out.set(key, had);
  }
  return out;
}

/** One measured block: a fixed number of answers by the learners of one history size. */
export interface HistoryBlock {
  size: number;
  /** Answers acknowledged (200). */
  answers: number;
  failures: number;
  /** Server CPU ms in the block, by role (api, worker, postgres). */
  cpu: CpuRoles;
  /** WAL bytes of the whole Postgres server in the block (null: not measured, e.g. PGlite). */
  serverWal: number | null;
  /** WAL bytes of the run's own database (null: pg_waldump could not read the WAL). */
  ownWal: number | null;
  /** Each acknowledged answer's latency, ms. */
  latencies: number[];
  /** How long the block's CPU was counted (its answers and the projection after them), ms. */
  durationMs: number;
}

export interface HistoryRow {
  size: number;
  blocks: number;
  answers: number;
  failures: number;
  /** CPU ms per answer by role, and `total`, pooled over the size's blocks. */
  cpu: Record<string, number>;
  /** The lowest and highest block's total CPU per answer. */
  cpuRange: [number, number];
  /**
   * Total CPU per answer less what the system spends at rest over the blocks' duration: on a busy
   * machine a slow block also counts more of the background's timers.
   */
  netCpu: number;
  serverWalPerAnswer: number | null;
  ownWalPerAnswer: number | null;
  p50: number;
  p95: number;
}

/** The q-quantile of sorted values (the value at rank ⌊q·n⌋), 0 when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const totalOf = (cpu: CpuRoles) => Object.values(cpu).reduce((a, b) => a + b, 0);

/**
 * Pools the blocks of each size (CPU and WAL summed over answers, latencies together), by size.
 * `idleMsPerSecond`: the CPU the measured processes spend at rest, for `netCpu`.
 */
export function summarize(blocks: readonly HistoryBlock[], idleMsPerSecond = 0): HistoryRow[] {
  const sizes = [...new Set(blocks.map((b) => b.size))].sort((a, b) => a - b);
  return sizes.map((size) => {
    const mine = blocks.filter((b) => b.size === size);
    const answers = mine.reduce((s, b) => s + b.answers, 0);
    const per = (n: number) => n / Math.max(1, answers);
    const cpu: Record<string, number> = {};
    for (const b of mine) for (const [role, ms] of Object.entries(b.cpu)) cpu[role] = (cpu[role] ?? 0) + ms;
    const total = totalOf(cpu);
    for (const role of Object.keys(cpu)) cpu[role] = per(cpu[role]!);
    cpu.total = per(total);
    const perBlock = mine.map((b) => totalOf(b.cpu) / Math.max(1, b.answers));
    const wal = (pick: (b: HistoryBlock) => number | null) =>
      mine.every((b) => pick(b) !== null) ? per(mine.reduce((s, b) => s + pick(b)!, 0)) : null;
    const latencies = mine.flatMap((b) => b.latencies).sort((a, b) => a - b);
    return {
      size,
      blocks: mine.length,
      answers,
      failures: mine.reduce((s, b) => s + b.failures, 0),
      cpu,
      cpuRange: [Math.min(...perBlock), Math.max(...perBlock)],
      netCpu: per(total - (idleMsPerSecond * mine.reduce((s, b) => s + b.durationMs, 0)) / 1000),
      serverWalPerAnswer: wal((b) => b.serverWal),
      ownWalPerAnswer: wal((b) => b.ownWal),
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
    };
  });
}

export interface HistoryRatio {
  of: number;
  to: number;
  cpu: number;
  netCpu: number;
  ownWal: number | null;
  serverWal: number | null;
  p50: number;
}

/** Each measure of the `of` row over the `to` row's (null where either is missing). */
export function ratio(rows: readonly HistoryRow[], of: number, to: number): HistoryRatio | null {
  const a = rows.find((r) => r.size === of);
  const b = rows.find((r) => r.size === to);
  if (!a || !b) return null;
  const over = (x: number | null, y: number | null) => (x === null || y === null || y === 0 ? null : x / y);
  return {
    of,
    to,
    cpu: a.cpu.total! / b.cpu.total!,
    netCpu: a.netCpu / b.netCpu,
    ownWal: over(a.ownWalPerAnswer, b.ownWalPerAnswer),
    serverWal: over(a.serverWalPerAnswer, b.serverWalPerAnswer),
    p50: a.p50 / b.p50,
  };
}

const ms = (n: number) => n.toFixed(2);
const kb = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / 1024).toFixed(1));
const times = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(2)}×`);

/** The Markdown table of the rows and a line per ratio. */
export function historyTable(
  rows: readonly HistoryRow[],
  ratios: readonly (HistoryRatio | null)[],
): string[] {
  const order = ['api', 'worker', 'postgres'];
  const rank = (role: string) => (order.includes(role) ? order.indexOf(role) : order.length);
  const roles = [...new Set(rows.flatMap((r) => Object.keys(r.cpu)))]
    .filter((r) => r !== 'total')
    .sort((a, b) => rank(a) - rank(b));
  const lines = [
    `| history (cards) | answers | CPU ms/answer (${roles.join(' · ')}) | total (blocks' range) | net of idle | WAL KB/answer, own database | WAL KB/answer, whole server | p50 ms | p95 ms |`,
    '|---:|---:|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.size.toLocaleString('en')} | ${r.answers}${r.failures ? ` (${r.failures} failed)` : ''} | ${roles
          .map((role) => ms(r.cpu[role] ?? 0))
          .join(
            ' · ',
          )} | **${ms(r.cpu.total!)}** (${ms(r.cpuRange[0])}–${ms(r.cpuRange[1])}) | ${ms(r.netCpu)} | ${kb(
          r.ownWalPerAnswer,
        )} | ${kb(r.serverWalPerAnswer)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
    ),
    '',
  ];
  for (const x of ratios) {
    if (!x) continue;
    lines.push(
      `${x.of.toLocaleString('en')} vs ${x.to.toLocaleString('en')}: CPU ${times(x.cpu)} (net of idle ${times(x.netCpu)}), WAL ${times(x.ownWal)} (own database; whole server ${times(x.serverWal)}), p50 ${times(x.p50)}`,
    );
  }
  return lines;
}
