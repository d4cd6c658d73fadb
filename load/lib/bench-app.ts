/**
 * The API in-process for the benches that call it without HTTP (`app.inject`): on PGlite in memory, or
 * on a database of their own on BENCH_DATABASE_URL's Postgres when that is set.
 */
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import type { FastifyInstance } from 'fastify';
import { throwawayDatabase } from './system.ts';

export interface BenchApp {
  app: FastifyInstance;
  runtime: Runtime;
  /** The bench's own Postgres database (null on PGlite). */
  databaseUrl: string | null;
  /** Closes the app and its runtime, and drops the bench's database (if it made one). */
  close(): Promise<void>;
}

/**
 * Starts the app, ready. With BENCH_DATABASE_URL set and a `databaseName` prefix, on a throwaway
 * database of that Postgres (`throwawayDatabase`); otherwise on PGlite in memory. `env` adds to the
 * app's environment (its log level is silent).
 */
export async function startBenchApp(
  databaseName: string | null,
  env: Record<string, string | undefined> = {},
): Promise<BenchApp> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl && databaseName ? await throwawayDatabase(adminUrl, databaseName) : null;
  const runtime = await createRuntime(
    readApiEnv({ LOG_LEVEL: 'silent', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env }),
    { serveWeb: false, pgliteDataDir: 'memory://' },
  );
  const app = await buildApp({ ...runtime.deps, logger: false });
  await app.ready();
  return {
    app,
    runtime,
    databaseUrl: postgres?.url ?? null,
    async close() {
      await app.close();
      await runtime.close();
      await postgres?.drop();
    },
  };
}

/** Signs an account up through the app: its id and session cookie. */
export async function signUpBenchAccount(
  app: FastifyInstance,
  username: string,
): Promise<{ id: string; cookie: string }> {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password: 'correct horse battery' },
  });
  if (registered.statusCode !== 201) throw new Error(`sign-up failed: ${registered.body}`);
  return {
    id: String(registered.json().id),
    cookie: String(registered.headers['set-cookie']).split(';')[0]!,
  };
}
