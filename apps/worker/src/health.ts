import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/** The worker's metrics: the process's own (heap, CPU, event loop) and what it projected. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'wyt_worker_' });

export const workerMetrics = {
  learnersProjected: new Counter({
    name: 'wyt_worker_learners_projected_total',
    help: 'Learners named by completed projection jobs',
    registers: [registry],
  }),
  eventsApplied: new Counter({
    name: 'wyt_worker_events_applied_total',
    help: 'Events applied to the read models by completed projection jobs',
    registers: [registry],
  }),
  remindersDelivered: new Counter({
    name: 'wyt_worker_reminders_delivered_total',
    help: 'Daily reminders a push service accepted (one per device)',
    registers: [registry],
  }),
  pushEndpointsGone: new Counter({
    name: 'wyt_worker_push_endpoints_gone_total',
    help: 'Push subscriptions forgotten because the push service answered 404 or 410',
    registers: [registry],
  }),
};

/** Where the health server listens: WORKER_HEALTH_HOST, else loopback only. */
export function healthHost(env: { WORKER_HEALTH_HOST?: string | undefined }): string {
  return env.WORKER_HEALTH_HOST ?? '127.0.0.1';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: a request carrying one came through a proxy, whatever its address. */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
] as const;

/**
 * Who may read the worker's metrics (the API's rule): with METRICS_TOKEN, a caller sending it as a
 * bearer token; without it, only a caller on the loopback interface that came through no proxy.
 */
export function metricsAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (PROXY_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/**
 * The worker's small HTTP server for orchestrators and scrapers: `GET /health` (readiness, as the
 * docker compose health check asks) and `GET /metrics` (Prometheus text; `metricsAllowed`, else the
 * 404 of an unknown path).
 */
export function createHealthServer(options: { metricsToken?: string | undefined } = {}): Server {
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics' && metricsAllowed(req, options.metricsToken)) {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        },
      );
      return;
    }
    res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/health' ? { status: 'ok' } : { error: 'not found' }));
  });
}
