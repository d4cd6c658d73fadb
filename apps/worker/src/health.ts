import { createServer, type Server } from 'node:http';
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

/**
 * The worker's small HTTP server for orchestrators and scrapers: `GET /health` (readiness, as the
 * docker compose health check asks) and `GET /metrics` (Prometheus text).
 */
export function createHealthServer(): Server {
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
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
