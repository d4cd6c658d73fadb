/**
 * Starts the real server as child processes for journeys and browser tests: the API (serving the
 * built web client) on a free port, against a database of its own, in the embedded or the
 * distributed mode (then with a worker process beside it).
 */
import type { ChildProcess } from 'node:child_process';
import { freePort, spawnNode, stopChild } from './throwaway.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** The environment the server runs with (its database, Redis and prefix), for the operator's commands. */
  env: NodeJS.ProcessEnv;
  processes: ChildProcess[];
  logs: string[];
  stop(): Promise<void>;
}

export interface StartServerOptions {
  databaseUrl: string;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  extraEnv?: Record<string, string>;
  /** How long to wait for /api/health (default 60 s). */
  healthTimeoutMs?: number;
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  logs: string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${logs.join('')}`);
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'warn',
    // One server process (the distributed mode's default is one per core).
    API_PROCESSES: '1',
    // Browser tests click faster than a reader: XP at a human pace is off unless a test turns it on.
    XP_PACE: 'off',
    ...options.extraEnv,
  };
  delete env.REDIS_URL;
  if (options.redisUrl) {
    env.REDIS_URL = options.redisUrl;
    env.REDIS_PREFIX = options.redisPrefix ?? 'wyt-test';
  }
  const processes: ChildProcess[] = [];
  const api = spawnNode('apps/api/src/main.ts', options.redisUrl ? ['--distributed'] : [], env, logs).child;
  processes.push(api);
  if (options.redisUrl) processes.push(spawnNode('apps/worker/src/main.ts', [], env, logs).child);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, api, logs, options.healthTimeoutMs);
  } catch (err) {
    await Promise.all(processes.map((child) => stopChild(child)));
    throw err;
  }
  return {
    url,
    port,
    env,
    processes,
    logs,
    async stop() {
      await Promise.all(processes.map((child) => stopChild(child)));
    },
  };
}

/** The environment variable through which browser-setup.ts hands the run's one server to the test files. */
export const SHARED_SERVER = 'WYT_SHARED_SERVER';

/** What a test file needs of the run's one server. */
export interface SharedServer {
  url: string;
  port: number;
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The browser run's one server (browser-setup.ts), if this is such a run: its processes belong to the
 * run, so `stop()` leaves it running and `processes` and `logs` are empty here.
 */
export function sharedServer(): (RunningServer & { databaseUrl: string }) | null {
  const given = process.env[SHARED_SERVER];
  if (!given) return null;
  const shared = JSON.parse(given) as SharedServer;
  return {
    url: shared.url,
    port: shared.port,
    env: shared.env,
    databaseUrl: shared.databaseUrl,
    processes: [],
    logs: [],
    async stop() {},
  };
}

type SignInRequest = { post(url: string, options: { data: object }): Promise<{ status(): number }> };

/** `grantRole` for the admin role. */
export const grantAdmin = (
  server: RunningServer,
  username: string,
  request: SignInRequest,
  password: string,
) => grantRole(server, username, 'admin', request, password);

/**
 * Grants a role the operator's way, `npm run roles -- grant <username> <role>` against the server's
 * database (no role comes from a chosen name), then signs `request` in again so that its session
 * carries the role (a server without Redis hears nothing of the command).
 */
export async function grantRole(
  server: RunningServer,
  username: string,
  role: 'teacher' | 'admin',
  request: SignInRequest,
  password: string,
): Promise<void> {
  const roles = spawnNode('packages/store/src/cli/roles.ts', ['grant', username, role], server.env);
  if ((await roles.exited) !== 0) throw new Error(`roles grant failed: ${roles.logs.join('')}`);
  const res = await request.post('/api/auth/login', { data: { username, password } });
  if (res.status() !== 200) throw new Error(`sign-in after the grant failed: ${res.status()}`);
}
