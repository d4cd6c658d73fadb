/**
 * Throwaway Postgres and Redis servers started from the machine's own binaries, on free ports in a
 * temporary folder. Used when no TEST_DATABASE_URL / Docker engine is available, and by the fault
 * drills, which stop and restart their services and so must never touch the shared ones. Also what
 * every starter of child processes shares (the tests' servers, the drills, the benches in `load/`): a
 * free port, and the project's own entry points run as Node processes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A child process running one of the project's entry points. */
export interface NodeProcess {
  child: ChildProcess;
  /** The last chunks it printed (stdout and stderr). */
  logs: string[];
  /** Resolves to the exit code once it has exited. */
  exited: Promise<number | null>;
}

/**
 * Runs a script of the repository (`apps/api/src/main.ts`) with this process's Node, from the
 * repository's root. Its output goes to `logs` (a new array unless one is given, e.g. shared by an API
 * and its worker), which keeps the last 400 chunks.
 */
export function spawnNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logs: string[] = [],
): NodeProcess {
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (logs.length > 400) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, logs, exited };
}

/** `signal`, then SIGKILL if the process has not exited `killAfterMs` later; resolves once it has exited. */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  killAfterMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

function which(binary: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The folder with initdb and postgres: PATH first, then Debian's versioned folders (newest first). */
export function findPostgresBin(): string | null {
  const initdb = which('initdb');
  if (initdb && existsSync(path.join(path.dirname(initdb), 'postgres'))) return path.dirname(initdb);
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))) return dir;
  }
  return null;
}

export function findRedisServer(): string | null {
  return which('redis-server');
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Postgres refuses to run as root: as root, run it as the `postgres` (or `nobody`) account. */
function asServiceUser(command: string, args: string[]): [string, string[]] {
  if (!isRoot) return [command, args];
  const user = (() => {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      return 'postgres';
    } catch {
      return 'nobody';
    }
  })();
  return ['runuser', ['-u', user, '--', command, ...args]];
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

export interface ThrowawayPostgres {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    import('node:net').then(({ connect }) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  });
}

/** initdb into a temporary folder and run postgres on a free port (trust auth, database `postgres`). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('no postgres binaries (initdb, postgres) found');
  const base = mkdtempSync(path.join(tmpdir(), 'wyt-pg-'));
  chmodSync(base, 0o777);
  const dataDir = path.join(base, 'data');
  const [initCmd, initArgs] = asServiceUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  let child: ChildProcess | null = null;
  const pg: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async start() {
      const [cmd, args] = asServiceUser(path.join(bin, 'postgres'), [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        base,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
      ]);
      child = spawn(cmd, args, { stdio: 'ignore' });
      await waitFor(() => tcpOpen(port), 'throwaway postgres');
      // Accepting TCP is not yet accepting queries; pg_isready-like check through a real query.
      const { default: pgLib } = await import('pg');
      await waitFor(async () => {
        const client = new pgLib.Client({ connectionString: pg.url });
        await client.connect();
        await client.end();
        return true;
      }, 'throwaway postgres queries');
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      // As root the server runs under runuser, which does not pass signals on: ask pg_ctl.
      const [cmd, args] = asServiceUser(path.join(bin, 'pg_ctl'), [
        'stop',
        '-D',
        dataDir,
        '-m',
        'fast',
        '-w',
      ]);
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      try {
        execFileSync(cmd, args, { stdio: 'ignore' });
      } catch {
        running.kill('SIGKILL');
      }
      await exited;
      child = null;
    },
    async destroy() {
      await pg.stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

export interface ThrowawayRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on a free port, keeping nothing on disk. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error('no redis-server binary found');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'wyt-redis-'));
  let child: ChildProcess | null = null;
  const redis: ThrowawayRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        binary,
        // No automatic saves; an explicit SAVE writes `dump.rdb` to its own folder, and a restart
        // loads it (a drill's "Redis came back from an older state").
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        {
          stdio: 'ignore',
        },
      );
      await waitFor(() => tcpOpen(port), 'throwaway redis');
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
      child = null;
    },
    async destroy() {
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
