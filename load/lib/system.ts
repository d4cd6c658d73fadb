/**
 * Starts the whole system in the distributed mode on this machine for a load run or a benchmark: API
 * instance(s) and a projection worker as child processes, on a fresh database of the machine's Postgres
 * and a key prefix of its own on the machine's Redis. `stop()` ends the processes, drops the database
 * and deletes the prefix's keys, so nothing of a run is left behind (and nothing else is touched).
 * `startEmbedded` starts the embedded mode instead: one API process on a PGlite folder.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteRedisPrefix } from '@wenyan/store';
import pg from 'pg';
import { freePort, type NodeProcess, spawnNode, stopChild } from '../../tests/support/throwaway.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the services are: the machine's shared Postgres and Redis unless told otherwise. */
export const ADMIN_DATABASE_URL =
  process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface RunningProcess extends NodeProcess {
  name: string;
}

export interface System {
  id: string;
  /** The first API instance. */
  url: string;
  urls: string[];
  databaseUrl: string;
  databaseName: string;
  redisUrl: string;
  redisPrefix: string;
  apis: RunningProcess[];
  /** The projection worker (null until started when `worker: false`). */
  worker: RunningProcess | null;
  /**
   * Starts the worker (again): after a kill, or when the system was started without it. It is ready
   * once it has projected what was left behind: `timeoutMs` (default a minute) bounds that.
   */
  startWorker(timeoutMs?: number): Promise<RunningProcess>;
  /** Resident memory (bytes) of each process, by name. */
  memory(): Record<string, number>;
  /** The worker's `/metrics` (its heap, what it projected). */
  workerMetricsUrl: string;
  stop(): Promise<void>;
}

export interface SystemOptions {
  apiInstances?: number;
  workerConcurrency?: number;
  /** More environment for both API and worker. */
  env?: Record<string, string>;
  /** Start the worker (default yes). */
  worker?: boolean;
  /**
   * Work on the fresh database before any process starts (its schema, content or rows of a bench's
   * own): the API then starts on it with nothing of it cached.
   */
  prepare?: (databaseUrl: string) => Promise<void>;
}

/** One line about this machine for the reports. */
export function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Replaces the database name of a Postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A database of a bench's own on the Postgres of `adminUrl`, named `<prefix>_<pid>_<random>`: its URL,
 * and `drop()` when the bench is done.
 */
export async function throwawayDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function waitForHealth(
  url: string,
  proc: RunningProcess,
  timeoutMs = Number(process.env.LOAD_START_TIMEOUT_MS ?? 60_000),
  healthPath = '/api/health',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.logs.join('')}`);
    }
    const ok = await fetch(`${url}${healthPath}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${proc.name} did not become healthy:\n${proc.logs.join('')}`);
}

/** Sends `signal` (SIGKILL 15 s later if still running) and waits for the exit. */
export function stopProcess(proc: RunningProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return stopChild(proc.child, signal, 15_000);
}

/** Resident set size of a process and its children (an API cluster) from /proc (Linux), 0 when gone. */
export function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  };
  const kb = /VmRSS:\s+(\d+) kB/.exec(read('status'))?.[1];
  const children = read(`task/${pid}/children`).split(' ').filter(Boolean).map(Number);
  return (kb ? Number(kb) * 1024 : 0) + children.reduce((sum, child) => sum + rssOf(child), 0);
}

/**
 * The kernel's count of connections dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows in /proc/net/netstat, machine-wide; 0 where the file is absent). Each such
 * client waits for its SYN's retry: 1, 3, 7, 15, 31 s.
 */
export function listenOverflows(netstat?: string): number {
  let text = netstat;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/net/netstat', 'utf8');
    } catch {
      return 0;
    }
  }
  const [names, values] = text.split('\n').filter((line) => line.startsWith('TcpExt:'));
  if (!names || !values) return 0;
  const index = names.split(/\s+/).indexOf('ListenOverflows');
  const value = index < 0 ? undefined : values.split(/\s+/)[index];
  return value === undefined ? 0 : Number(value);
}

/** The environment that makes a Node process write a V8 CPU profile into `dir` when it exits. */
export function cpuProfileEnv(dir: string | undefined): NodeJS.ProcessEnv {
  return dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(dir)}` } : {};
}

/** What every process of a load run or bench runs with, in either mode. */
function runEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every virtual learner signs in from 127.0.0.1: the per-IP limits would refuse them.
    LOGIN_RATE_LIMIT: '1000000',
    LOGIN_ADDRESS_RATE_LIMIT: '1000000',
    // Load and bench learners answer faster than a reader by design: under the pace rule (issue 37) they
    // would earn no XP and skip the XP and leaderboard work, and the figures would flatter the server.
    // The runs measure the path that pays; XP_PACE=enforce measures the other.
    XP_PACE: process.env.XP_PACE ?? 'off',
    // LOAD_PROFILE_DIR: a V8 CPU profile of every API and worker process, written there when it exits.
    ...cpuProfileEnv(process.env.LOAD_PROFILE_DIR),
  };
}

/** A Postgres program (pgbench, pg_waldump): on the PATH, else the newest /usr/lib/postgresql/<v>/bin. */
export function postgresBin(name: string): string {
  const onPath = (() => {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  })();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  for (const v of existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []) {
    const bin = path.join(root, v, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  throw new Error(`${name} not found`);
}

async function launchWorker(
  env: NodeJS.ProcessEnv,
  timeoutMs = Number(process.env.LOAD_START_TIMEOUT_MS ?? 60_000),
): Promise<RunningProcess> {
  const worker = { name: 'worker', ...spawnNode('apps/worker/src/main.ts', [], env) };
  // The worker opens its health port once it has started (its start-up line is info, below LOG_LEVEL=warn).
  try {
    await waitForHealth(`http://127.0.0.1:${env.WORKER_HEALTH_PORT}`, worker, timeoutMs, '/health');
  } catch (err) {
    await stopProcess(worker);
    throw err;
  }
  return worker;
}

/** Creates the run's database, starts the API instance(s) and the worker, and waits until they are ready. */
export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const databaseName = `wyt_load_${id}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = withDatabase(ADMIN_DATABASE_URL, databaseName);
  const redisPrefix = `wyt-load-${id}`;
  const workerHealthPort = await freePort();
  const baseEnv: NodeJS.ProcessEnv = {
    ...runEnv(),
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    ...(options.workerConcurrency ? { WORKER_CONCURRENCY: String(options.workerConcurrency) } : {}),
    CATCH_UP_INTERVAL_MS: '5000',
    WORKER_HEALTH_PORT: String(workerHealthPort),
    ...options.env,
  };
  const apis: RunningProcess[] = [];
  const urls: string[] = [];
  let worker: RunningProcess | null = null;
  const stopAll = async () => {
    await Promise.all([...apis, ...(worker ? [worker] : [])].map((p) => stopProcess(p)));
  };
  const cleanUp = async () => {
    const drop = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await drop.end();
    await deleteRedisPrefix(REDIS_URL, redisPrefix).catch(() => 0);
  };
  try {
    await options.prepare?.(databaseUrl);
    // The first instance migrates and seeds the content; the others start after it.
    for (let i = 0; i < (options.apiInstances ?? 1); i++) {
      const port = await freePort();
      const api = {
        name: `api${i + 1}`,
        ...spawnNode('apps/api/src/main.ts', ['--distributed'], { ...baseEnv, PORT: String(port) }),
      };
      apis.push(api);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, api);
      urls.push(url);
    }
    if (options.worker !== false) worker = await launchWorker(baseEnv);
  } catch (err) {
    await stopAll();
    await cleanUp();
    throw err;
  }
  return {
    id,
    url: urls[0]!,
    urls,
    databaseUrl,
    databaseName,
    redisUrl: REDIS_URL,
    redisPrefix,
    apis,
    workerMetricsUrl: `http://127.0.0.1:${workerHealthPort}/metrics`,
    get worker() {
      return worker;
    },
    async startWorker(timeoutMs?: number) {
      if (worker && worker.child.exitCode === null && worker.child.signalCode === null) return worker;
      worker = await launchWorker(baseEnv, timeoutMs);
      return worker;
    },
    memory() {
      const out: Record<string, number> = {};
      for (const p of [...apis, ...(worker ? [worker] : [])]) out[p.name] = rssOf(p.child.pid);
      return out;
    },
    async stop() {
      await stopAll();
      await cleanUp();
    },
  };
}

export interface EmbeddedSystem {
  url: string;
  api: RunningProcess;
  stop(): Promise<void>;
}

/**
 * Starts the embedded mode (`npm start` without the web build): one API process on the PGlite folder
 * `dataDir` (the process locks it), projecting in-process. `stop()` ends the process; the folder is
 * the caller's.
 */
export async function startEmbedded(options: {
  dataDir: string;
  env?: Record<string, string>;
}): Promise<EmbeddedSystem> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...runEnv(),
    DATA_DIR: options.dataDir,
    PORT: String(port),
    ...options.env,
  };
  for (const distributedOnly of ['DATABASE_URL', 'REDIS_URL']) delete env[distributedOnly];
  const api = { name: 'api', ...spawnNode('apps/api/src/main.ts', [], env) };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, api);
  } catch (err) {
    await stopProcess(api);
    throw err;
  }
  return { url, api, stop: () => stopProcess(api) };
}
