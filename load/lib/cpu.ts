/**
 * CPU time by role, read from /proc (Linux): how many milliseconds of CPU the API, the worker,
 * Postgres, Redis and the load driver spent between two readings. Divided by the answers acknowledged
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
function readStat(pid: number): { ms: number; comm: string; ppid: number } | null {
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
 * One reading: each named process with its children (an API cluster's server processes count as the
 * API), every `postgres` process together, every `redis-server` together, and this process (the
 * driver). Processes that exit between readings are not counted.
 */
export function readCpu(named: Record<string, number | undefined>): CpuRoles {
  const roles: CpuRoles = { postgres: 0, redis: 0 };
  const roleOfPid = new Map<number, string>();
  for (const [name, pid] of Object.entries(named)) {
    roles[name] = 0;
    if (pid) roleOfPid.set(pid, name);
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = readStat(pid);
    if (!stat) continue;
    const role = roleOfPid.get(pid) ?? roleOfPid.get(stat.ppid);
    if (role) roles[role]! += stat.ms;
    else if (stat.comm === 'postgres') roles.postgres! += stat.ms;
    else if (stat.comm === 'redis-server') roles.redis! += stat.ms;
  }
  const self = process.cpuUsage();
  roles.driver = (self.user + self.system) / 1000;
  return roles;
}

/** CPU ms spent by each role between two readings. */
export function cpuSpent(before: CpuRoles, after: CpuRoles): CpuRoles {
  const out: CpuRoles = {};
  for (const role of Object.keys(after)) out[role] = Math.max(0, after[role]! - (before[role] ?? 0));
  return out;
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
