import { apiRoutes, routeEntries } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app-harness.ts';

describe('the contract registry and the API', () => {
  const t = useTestApp('embedded');

  it('has a route in the API for every call of the registry (so every spec call has one)', () => {
    const missing = routeEntries()
      .filter(([, r]) => !t.app.hasRoute({ method: r.method, url: r.path }))
      .map(([name, r]) => `${name}: ${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(apiRoutes).length).toBeGreaterThan(50);
  });

  it('serves the OpenAPI document generated from the contracts, and a browsable page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/users/answers');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});
