/**
 * CPU time by role, read from /proc (Linux): how many milliseconds of CPU the API, the worker,
 * Postgres, Redis and the load driver spent during a piece of work (`measureCpu`). Divided by the answers acknowledged
 * in between, it says where an answer's CPU goes (the "CPU per answer").
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type CpuRoles = Record<string, number>;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process in ms, its command name and its parent (null when it is gone). */
export function readStat(pid: number): { ms: number; comm: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat
      .slice(close + 2)
      .split(' ')
      .map((f) => Number(f));
    // After "pid (comm) ": state is field 0, ppid field 1, utime field 11, stime field 12.
    return { ms: ((fields[11]! + fields[12]!) / ticksPerSecond) * 1000, comm, ppid: fields[1]! };
  } catch {
    return null;
  }
}

/**
 * Every process of a role now, with its CPU ms so far: each named process with its children (an API
 * cluster's server processes count as the API), every `postgres` process, every `redis-server`.
 */
export function readProcesses(
  named: Record<string, number | undefined>,
): Map<number, { role: string; ms: number }> {
  const roleOfPid = new Map<number, string>();
  for (const [name, pid] of Object.entries(named)) if (pid) roleOfPid.set(pid, name);
  const out = new Map<number, { role: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = readStat(pid);
    if (!stat) continue;
    const role =
      roleOfPid.get(pid) ??
      roleOfPid.get(stat.ppid) ??
      (stat.comm === 'postgres' ? 'postgres' : stat.comm === 'redis-server' ? 'redis' : null);
    if (role) out.set(pid, { role, ms: stat.ms });
  }
  return out;
}

/**
 * CPU by role over a run, read process by process at each `sample()`: a process that appears counts
 * from its start, and one that exits keeps what it had spent up to the reading before (so a pool's
 * Postgres backends that close when idle are not lost, as they are to a difference of two sums).
 */
export function createCpuMeter(
  named: () => Record<string, number | undefined>,
  read: typeof readProcesses = readProcesses,
) {
  const totals: CpuRoles = { postgres: 0, redis: 0 };
  let last: Map<number, number> | null = null;
  return {
    sample(): void {
      const names = named();
      for (const name of Object.keys(names)) totals[name] ??= 0;
      const now = read(names);
      if (last) {
        for (const [pid, { role, ms }] of now) totals[role] = (totals[role] ?? 0) + ms - (last.get(pid) ?? 0);
      }
      last = new Map([...now].map(([pid, { ms }]) => [pid, ms]));
    },
    spent: (): CpuRoles => ({ ...totals }),
  };
}

/**
 * Runs `work` while a CPU meter reads every process once a second; returns what `work` returned and the
 * CPU ms each role spent meanwhile, with this process's own as `driver` (the bench's load driver).
 * `read` may narrow or rename the roles (e.g. only one database's Postgres backends).
 */
export async function measureCpu<T>(
  named: () => Record<string, number | undefined>,
  work: () => Promise<T>,
  read: typeof readProcesses = readProcesses,
): Promise<{ result: T; spent: CpuRoles }> {
  const meter = createCpuMeter(named, read);
  const self = process.cpuUsage();
  meter.sample();
  const timer = setInterval(() => meter.sample(), 1000);
  try {
    const result = await work();
    meter.sample();
    const driver = process.cpuUsage(self);
    return { result, spent: { ...meter.spent(), driver: (driver.user + driver.system) / 1000 } };
  } finally {
    clearInterval(timer);
  }
}

/** CPU ms per unit of work, by role and in total. */
export function cpuPer(spent: CpuRoles, units: number): Record<string, number> {
  const out: Record<string, number> = {};
  let total = 0;
  for (const [role, ms] of Object.entries(spent)) {
    out[role] = ms / Math.max(1, units);
    total += ms;
  }
  out.total = total / Math.max(1, units);
  return out;
}

/** "api 1.23 · worker 0.80 · …" with two decimals, in ms. */
export function formatCpu(per: Record<string, number>): string {
  return Object.entries(per)
    .map(([role, ms]) => `${role} ${ms.toFixed(2)}`)
    .join(' · ');
}
