import cluster from 'node:cluster';
import { prepareMarker } from '@wenyan/domain';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { type ApiEnv, apiProcesses, readApiEnv } from './config.ts';
import { createRuntime } from './runtime.ts';

/**
 * Starts the API. `npm start`: the embedded mode unless REDIS_URL is set. `npm run start:api`
 * (with --distributed): the API alone, on Postgres and Redis, beside `npm run start:worker`; its
 * API_PROCESSES server processes (one per core unless set) share the port (`cluster.ts`).
 */
const env = readApiEnv();
const distributed = process.argv.includes('--distributed');
const processes = apiProcesses(env);
if (distributed && processes > 1 && cluster.isPrimary) await runPrimary(processes);
else await serve(env, distributed);

async function serve(env: ApiEnv, distributed: boolean): Promise<void> {
  let closing = false;
  let started: {
    app: Awaited<ReturnType<typeof buildApp>>;
    runtime: Awaited<ReturnType<typeof createRuntime>>;
  } | null = null;
  // Registered first: a signal during start-up (a cluster stopping while this process starts) exits cleanly.
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    if (started) {
      started.app.shuttingDown = true;
      started.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      await started.app.close();
      await started.runtime.close();
    }
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const runtime = await createRuntime(env, { distributed });
  const app = await buildApp(runtime.deps);
  started = { app, runtime };

  await app.listen({ port: env.PORT, host: env.HOST, backlog: env.LISTEN_BACKLOG });
  // After the listen, so readiness does not wait; before most first answers arrive.
  setImmediate(prepareMarker);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  // In the JSON log like every other line (a log shipper reads one format); `msg` stays readable.
  app.log.info(
    { mode: runtime.deps.mode, db: runtime.deps.dbKind, url: `http://${shownHost}:${port}/` },
    `文言通 is running (${runtime.deps.mode} mode, ${runtime.deps.dbKind}, pid ${process.pid}): open http://${shownHost}:${port}/`,
  );
}
