import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ComposeService {
  healthcheck?: { test: unknown };
  command?: string;
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
