import { timingSafeEqual } from 'node:crypto';
import { eventsInLog, eventsProjected } from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetrics, inCluster } from '../cluster.ts';
import { ApiError } from './errors.ts';

/** The API's Prometheus metrics (one registry per process; a cluster's primary sums them). */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'wyt_' });
// In a cluster's server process, this registry is what the primary collects; constructing an
// aggregator is how prom-client installs the process's reply to the primary's request.
AggregatorRegistry.setRegistries([registry]);
if (inCluster()) new AggregatorRegistry();

export const metrics = {
  eventsAppended: new Counter({
    name: 'wyt_events_appended_total',
    help: 'Events appended to the log by this API instance',
    registers: [registry],
  }),
  projectionLag: new Histogram({
    name: 'wyt_projection_lag_seconds',
    help: 'Seconds from an append to its leaderboard change reaching this API instance',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  websocketConnections: new Gauge({
    name: 'wyt_websocket_connections',
    help: 'Open websocket connections on this API instance',
    registers: [registry],
  }),
  websocketMessagesSent: new Counter({
    name: 'wyt_websocket_messages_sent_total',
    help: 'Leaderboard messages sent to sockets by this API instance',
    registers: [registry],
  }),
  hubTick: new Histogram({
    name: 'wyt_hub_tick_seconds',
    help: 'Seconds one leaderboard hub tick took (reading the ranks, sending the due sockets their messages)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5],
    registers: [registry],
  }),
  hubDeferred: new Counter({
    name: 'wyt_hub_sockets_deferred_total',
    help: 'Sockets due a leaderboard message that a tick left to a later one (over its budget)',
    registers: [registry],
  }),
  learnerHeads: new Counter({
    name: 'wyt_learner_head_cache_total',
    help: 'Learner commands by head cache outcome: hit (appended from memory), stale (read the stream after all), miss',
    labelNames: ['outcome'],
    registers: [registry],
  }),
  learnerHeadsHeard: new Counter({
    name: 'wyt_learner_heads_heard_total',
    help: "Learner heads the cluster's other server processes appended and passed on to this one",
    registers: [registry],
  }),
  sessions: new Counter({
    name: 'wyt_session_cache_total',
    help: 'Session lookups by outcome: hit (from memory), miss (asked the database), heard (looked up by another server process of the cluster and passed on)',
    labelNames: ['outcome'],
    registers: [registry],
  }),
  httpRequests: new Histogram({
    name: 'wyt_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
};

/**
 * `GET /api/metrics` (Prometheus text). Queue depth and events projected are read at scrape time from
 * the queue and the projection checkpoints, so they are true across every worker.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { db, queue } = app.deps;
  const existing = registry.getSingleMetric('wyt_projection_queue_depth');
  if (!existing) {
    new Gauge({
      name: 'wyt_projection_queue_depth',
      // Read from the shared queue or database: the same in every process, so not summed.
      aggregator: 'max',
      help: 'Projection jobs waiting or running',
      registers: [registry],
      async collect() {
        this.set(await queue.depth().catch(() => -1));
      },
    });
    new Gauge({
      name: 'wyt_events_projected',
      // Read from the shared queue or database: the same in every process, so not summed.
      aggregator: 'max',
      help: 'Events folded into the read models (sum of the learners’ checkpoints)',
      registers: [registry],
      async collect() {
        this.set(await eventsProjected(db).catch(() => 0));
      },
    });
    new Gauge({
      name: 'wyt_events',
      // Read from the shared queue or database: the same in every process, so not summed.
      aggregator: 'max',
      help: 'Events in the log',
      registers: [registry],
      async collect() {
        this.set(await eventsInLog(db).catch(() => 0));
      },
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/api/metrics', async (request, reply) => {
    if (!metricsAllowed(request, app.deps.env.METRICS_TOKEN)) {
      throw new ApiError(404, 'NOT_FOUND', 'no route for GET /api/metrics');
    }
    reply.header('content-type', registry.contentType);
    return inCluster() ? clusterMetrics() : registry.metrics();
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers a proxy adds (the standard Forwarded and Via, and the common X-* and vendor ones). A request
 * carrying any of them came through a proxy, whatever its connection's address.
 */
export const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
] as const;

/** Whether a request's headers show it came through a proxy. */
export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return PROXY_HEADERS.some((name) => headers[name] !== undefined);
}

/**
 * Who may read the metrics: with METRICS_TOKEN, a caller sending it as a bearer token (compared in
 * constant time); without it, only a caller on this machine's loopback interface that came through no
 * proxy (no Forwarded, Via, X-Forwarded-For, X-Real-IP... header: the load runner, a scraper beside the
 * API). Anyone else gets the 404 of an unknown route.
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  return metricsAllowedFor(request.socket.remoteAddress, request.headers, token);
}

/** The rule of `metricsAllowed` over a connection's address and headers (the worker's /metrics too). */
export function metricsAllowedFor(
  remoteAddress: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  token: string | undefined,
): boolean {
  if (token) {
    const given = Buffer.from(String(headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return LOOPBACK.has(remoteAddress ?? '') && !cameThroughProxy(headers);
}
