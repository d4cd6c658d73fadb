import { buildApp } from './app.ts';
import { readApiEnv } from './config.ts';
import { createRuntime } from './runtime.ts';

/**
 * Starts the API. `npm start`: the embedded mode unless REDIS_URL is set. `npm run start:api`
 * (with --distributed): the API alone, on Postgres and Redis, beside `npm run start:worker`.
 */
const env = readApiEnv();
const runtime = await createRuntime(env, { distributed: process.argv.includes('--distributed') });
const app = await buildApp(runtime.deps);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.shuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await app.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
console.log(
  `文言通 is running (${runtime.deps.mode} mode, ${runtime.deps.dbKind}): open http://${shownHost}:${port}/`,
);
