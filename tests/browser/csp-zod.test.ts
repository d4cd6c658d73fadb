/**
 * Issue 41: zod's `new Function` probe no longer trips the Content-Security-Policy. The page records
 * every `securitypolicyviolation` event (what the browser reports, even for an eval that zod catches)
 * from its first script on, while a signed-in learner's screens parse API answers with the contracts.
 */
import { describe, expect, it } from 'vitest';
import { cspViolations, recordCspViolations } from '../support/csp.ts';
import { newContext, useWorld } from '../support/world.ts';

describe('the CSP and zod in a real browser', () => {
  const world = useWorld();

  it('parses with zod jitless and reports no violation on any screen', async () => {
    const context = await newContext(world);
    await recordCspViolations(context);
    const page = await context.newPage();
    const username = `csp_${process.pid}_${Date.now().toString(36)}`;
    await page.goto('/api/login');
    await page.getByRole('tab', { name: '註冊' }).click();
    await page.locator('#username').fill(username);
    await page.locator('#password').fill('my cat eats rice daily');
    await page.getByRole('button', { name: '註冊並登入' }).click();
    await page.waitForURL(`${world.server.url}/`);
    const violations: string[] = [];
    for (const path of ['/', '/library', '/lesson/1', '/rank', '/settings']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const jitless = await page.evaluate(
        () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
      );
      expect(jitless, path).toBe(true);
      violations.push(...(await cspViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
  });
});
