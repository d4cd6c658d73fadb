import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthServer, workerMetrics } from './health.ts';

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
