/**
 * Issue 41: zod's `new Function` probe no longer trips the Content-Security-Policy. The page records
 * every `securitypolicyviolation` event (what the browser reports, even for an eval that zod catches)
 * from its first script on, while a signed-in learner's screens parse API answers with the contracts.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { startWorld } from '../support/world.ts';

describe('the CSP and zod in a real browser', () => {
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

  it('parses with zod jitless and reports no violation on any screen', async () => {
    context = await browser.newContext({ viewport: PHONE, baseURL: server.url, locale: 'zh-HK' });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const page = await context.newPage();
    const username = `csp_${process.pid}_${Date.now().toString(36)}`;
    await page.goto('/api/login');
    await page.getByRole('tab', { name: '註冊' }).click();
    await page.locator('#username').fill(username);
    await page.locator('#password').fill('my cat eats rice daily');
    await page.getByRole('button', { name: '註冊並登入' }).click();
    await page.waitForURL(`${server.url}/`);
    const violations: string[] = [];
    for (const path of ['/', '/library', '/lesson/1', '/rank', '/settings']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const state = await page.evaluate(() => ({
        jitless: (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
        violations: (window as unknown as { cspViolations: string[] }).cspViolations,
      }));
      expect(state.jitless, path).toBe(true);
      violations.push(...state.violations.map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
  });
});
