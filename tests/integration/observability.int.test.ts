/**
 * The operator's side: the Prometheus alert rules (infra/prometheus/alerts.yml) and the Grafana
 * dashboard (infra/grafana/wenyan-tong.json) parse, and every PromQL expression in them is valid and
 * names only metrics that a running API and the worker export, so a renamed metric fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { registry as apiRegistry } from '@wenyan/api/src/plugins/metrics.ts';
import { registry as workerRegistry } from '@wenyan/worker/src/health.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../support/app-harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Series Prometheus makes itself, not an exporter. */
const PROMETHEUS_SERIES = new Set(['up']);
const HISTOGRAM_SUFFIXES = ['_bucket', '_count', '_sum'];

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; description?: string };
}

/** The metric names an expression reads, or the syntax errors the PromQL parser found in it. */
function readExpression(expr: string): { metrics: string[]; errors: number } {
  const tree = parser.parse(expr);
  const metrics: string[] = [];
  let errors = 0;
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors += 1;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        metrics.push(expr.slice(node.from, node.to));
      }
    },
  });
  return { metrics, errors };
}

let app: TestApp;
let exported: Set<string>;

beforeAll(async () => {
  app = await startTestApp('embedded');
  const names = [...(await apiRegistry.getMetricsAsJSON()), ...(await workerRegistry.getMetricsAsJSON())].map(
    (metric) => ({ name: metric.name, type: String(metric.type) }),
  );
  exported = new Set(
    names.flatMap(({ name, type }) =>
      type === 'histogram' ? [name, ...HISTOGRAM_SUFFIXES.map((s) => name + s)] : [name],
    ),
  );
});
afterAll(async () => {
  await app?.close();
});

function expectValid(where: string, expr: string) {
  const { metrics, errors } = readExpression(expr);
  expect(errors, `${where}: PromQL syntax`).toBe(0);
  expect(metrics.length, `${where}: reads some metric`).toBeGreaterThan(0);
  for (const metric of metrics) {
    expect(exported.has(metric) || PROMETHEUS_SERIES.has(metric), `${where}: ${metric} is exported`).toBe(
      true,
    );
  }
}

describe('the Prometheus alert rules', () => {
  const rules = (
    parse(readFileSync(path.join(root, 'infra/prometheus/alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: AlertRule[] }[];
    }
  ).groups.flatMap((group) => group.rules);

  it('cover projection lag, queue depth, 5xx rate and event-loop lag', () => {
    const exprs = rules.map((rule) => rule.expr).join('\n');
    for (const metric of [
      'wyt_projection_lag_seconds_bucket',
      'wyt_projection_queue_depth',
      'wyt_http_request_duration_seconds_count{status=~"5.."}',
      'wyt_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(exprs).toContain(metric);
    }
  });

  it('each has a valid expression over exported metrics, a duration, a severity and a summary', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expectValid(rule.alert, rule.expr);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'warn']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it('a renamed metric would fail the check', () => {
    expect(readExpression('max(wyt_projection_queue_depht) > 1').metrics).toEqual([
      'wyt_projection_queue_depht',
    ]);
    expect(exported.has('wyt_projection_queue_depht')).toBe(false);
    expect(readExpression('sum(rate(wyt_events_appended_total[5m]) > ').errors).toBeGreaterThan(0);
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(path.join(root, 'infra/grafana/wenyan-tong.json'), 'utf8')) as {
    uid: string;
    title: string;
    schemaVersion: number;
    panels: { id: number; title: string; gridPos: object; targets: { refId: string; expr: string }[] }[];
  };

  it('is an importable dashboard with a uid, a title and laid-out panels', () => {
    expect(dashboard.uid).toBe('wenyan-tong');
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) expect(panel.gridPos, panel.title).toBeDefined();
  });

  it('queries only valid PromQL over exported metrics', () => {
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) expectValid(`${panel.title} ${target.refId}`, target.expr);
    }
  });
});
