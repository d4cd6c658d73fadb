/**
 * Issue 41: the API docs in a real browser with the CSP enforced. Swagger UI renders every operation
 * of the OpenAPI document and its schemas from files the API serves itself: no CSP violation, and no
 * request leaves the API's origin.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { startWorld } from '../support/world.ts';

describe('the API docs in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const world = await startWorld();
    drop = world.close;
    server = world.server;
    browser = world.browser;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await drop?.();
  });

  it('renders the operations and their resolved schemas with no violation and nothing from elsewhere', async () => {
    context = await browser.newContext({ baseURL: server.url });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== server.url) elsewhere.push(request.url());
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

    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
