import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkerEnv } from './config.ts';
import { createHealthServer, healthHost, metricsAllowed, workerMetrics } from './health.ts';

describe("the worker's health server", () => {
  const server = createHealthServer();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers /health with 200 and anything else but /metrics with 404', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('serves Prometheus text with the process heap and what was projected', async () => {
    workerMetrics.learnersProjected.inc(3);
    workerMetrics.eventsApplied.inc(7);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^wyt_worker_nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^wyt_worker_learners_projected_total 3$/m);
    expect(text).toMatch(/^wyt_worker_events_applied_total 7$/m);
  });
});

describe("who may read the worker's metrics (issue 37)", () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  const token = 'a-long-worker-metrics-token';

  it('takes the host to listen on from WORKER_HEALTH_HOST (unset: loopback) and a long METRICS_TOKEN', () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(healthHost(readWorkerEnv(env))).toBe('127.0.0.1');
    expect(healthHost(readWorkerEnv({ ...env, WORKER_HEALTH_HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(() => readWorkerEnv({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('without a token answers only loopback callers that came through no proxy', () => {
    expect(metricsAllowed(request('127.0.0.1'), undefined)).toBe(true);
    expect(metricsAllowed(request('::1'), undefined)).toBe(true);
    expect(metricsAllowed(request('10.0.0.5'), undefined)).toBe(false);
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded', 'via']) {
      expect(metricsAllowed(request('127.0.0.1', { [header]: '203.0.113.9' }), undefined), header).toBe(
        false,
      );
    }
  });

  it('with METRICS_TOKEN needs the bearer token, from anywhere', () => {
    expect(metricsAllowed(request('127.0.0.1'), token)).toBe(false);
    expect(metricsAllowed(request('10.0.0.5', { authorization: 'Bearer wrong' }), token)).toBe(false);
    expect(metricsAllowed(request('10.0.0.5', { authorization: `Bearer ${token}` }), token)).toBe(true);
  });

  it('a proxied request for /metrics gets 404 and no figures, /health still answers', async () => {
    const server = createHealthServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const proxied = await fetch(`${url}/metrics`, { headers: { 'x-real-ip': '203.0.113.9' } });
      expect(proxied.status).toBe(404);
      expect(await proxied.text()).not.toContain('wyt_worker');
      expect((await fetch(`${url}/health`, { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
