/**
 * Issue 41: the API docs in a real browser with the CSP enforced. Swagger UI renders every operation
 * of the OpenAPI document and its schemas from files the API serves itself: no CSP violation, and no
 * request leaves the API's origin.
 */
import { describe, expect, it } from 'vitest';
import { cspViolations, recordCspViolations } from '../support/csp.ts';
import { useWorld } from '../support/world.ts';

describe('the API docs in a real browser', () => {
  const world = useWorld();

  it('renders the operations and their resolved schemas with no violation and nothing from elsewhere', async () => {
    const context = await world.browser.newContext({ baseURL: world.server.url });
    await recordCspViolations(context);
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== world.server.url) elsewhere.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Deep-linked to one operation: Swagger UI opens it and shows its response resolved ($refs
    // followed), the export's tables by name (an enum-keyed record written out as properties).
    const res = await page.goto('/api/docs#/users/exportMyData');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const exportOp = page.locator('#operations-users-exportMyData');
    await exportOp.getByText('"lesson_stats"').first().waitFor();
    expect(await exportOp.getByText('"exportedAt"').count()).toBeGreaterThan(0);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(1);

    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
