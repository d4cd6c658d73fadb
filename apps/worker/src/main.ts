import { readWorkerEnv } from './config.ts';
import { createHealthServer, healthHost } from './health.ts';
import { startWorker, workerLog } from './worker.ts';

const env = readWorkerEnv();
const log = workerLog(env.LOG_LEVEL);
const worker = await startWorker(env, log);
log('info', 'projection worker started', { concurrency: env.WORKER_CONCURRENCY });

// Readiness for orchestrators (docker compose health checks) and metrics for scrapers: on loopback
// unless WORKER_HEALTH_HOST says otherwise, and the metrics only to loopback or with METRICS_TOKEN.
const health =
  env.WORKER_HEALTH_PORT === undefined
    ? null
    : createHealthServer({ metricsToken: env.METRICS_TOKEN }).listen(env.WORKER_HEALTH_PORT, healthHost(env));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log('info', 'shutting down: finishing in-flight jobs', { signal });
  health?.close();
  await worker.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
