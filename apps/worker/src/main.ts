import { createServer } from 'node:http';
import { readWorkerEnv } from './config.ts';
import { startWorker } from './worker.ts';

const env = readWorkerEnv();
const worker = await startWorker(env);
console.log(
  JSON.stringify({ level: 'info', msg: 'projection worker started', concurrency: env.WORKER_CONCURRENCY }),
);

// A tiny readiness endpoint for orchestrators (docker compose health checks).
const health =
  env.WORKER_HEALTH_PORT === undefined
    ? null
    : createServer((req, res) => {
        res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok' }));
      }).listen(env.WORKER_HEALTH_PORT, '0.0.0.0');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down: finishing in-flight jobs', signal }));
  health?.close();
  await worker.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
