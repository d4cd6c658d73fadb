/**
 * Metric names follow the Prometheus conventions (issue 41): a counter's name ends in `_total`, and
 * nothing else does (a gauge named like a counter reads as a rate that never resets, and `rate()` on
 * it lies); every name has the `wyt_` prefix. Read from a running API's registry and the worker's.
 * prom-client's default process metrics keep their library names (`nodejs_active_handles_total` is
 * a gauge there), so the naming rule is checked on the project's own metrics.
 */
import { registry as apiRegistry } from '@wenyan/api/src/plugins/metrics.ts';
import { registry as workerRegistry } from '@wenyan/worker/src/health.ts';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.ts';

let app: TestApp;
let metrics: { name: string; type: string }[];
let own: { name: string; type: string }[];

/** The names prom-client's default metrics take under a prefix. */
async function defaultNames(prefix: string): Promise<string[]> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  return (await registry.getMetricsAsJSON()).map((metric) => metric.name);
}

beforeAll(async () => {
  app = await startTestApp('embedded');
  metrics = [...(await apiRegistry.getMetricsAsJSON()), ...(await workerRegistry.getMetricsAsJSON())].map(
    (metric) => ({ name: metric.name, type: String(metric.type) }),
  );
  const defaults = new Set([...(await defaultNames('wyt_')), ...(await defaultNames('wyt_worker_'))]);
  own = metrics.filter((metric) => !defaults.has(metric.name));
});
afterAll(async () => {
  await app?.close();
});

describe('the exported metric names', () => {
  it('end in _total exactly when they are counters', () => {
    expect(own.length).toBeGreaterThan(10);
    expect(own.length).toBeLessThan(metrics.length);
    for (const { name, type } of own) {
      expect(name.endsWith('_total'), `${name} (${type})`).toBe(type === 'counter');
    }
  });

  it('all carry the wyt_ prefix, and the log size is the gauge wyt_events', () => {
    for (const { name } of metrics) expect(name, name).toMatch(/^wyt_[a-z0-9_]+$/);
    expect(metrics).toContainEqual({ name: 'wyt_events', type: 'gauge' });
    expect(metrics.map((m) => m.name)).not.toContain('wyt_events_total');
  });
});
