/**
 * Issue 40 on a touch phone (390×844) in a real browser: the readable export beside 「下載我的資料」,
 * the delete-account buttons clear of the bottom tab bar, a signed-out 「帳戶已刪除」 page after the
 * erasure, keyboard hints only where there is a keyboard, and the streak flame drawn without an emoji font.
 * SETTINGS_SCREENSHOTS=<dir> keeps screenshots of each step.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { useTestDatabase } from '../support/test-db.ts';
import { submitDeletion } from '../support/world.ts';

const SHOTS = process.env.SETTINGS_SCREENSHOTS;
const PASSWORD = 'correct horse battery';

/** The element's bottom edge and the bottom tab bar's top edge, in viewport pixels. */
async function clearOfTabBar(page: Page, name: string): Promise<{ bottom: number; barTop: number }> {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  // To the page's very foot: the last thing on it must still be above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const box = await button.boundingBox();
  const bar = await page.locator('.bottom-nav').boundingBox();
  return { bottom: (box?.y ?? 0) + (box?.height ?? 0), barTop: bar?.y ?? 0 };
}

describe('settings on a touch phone', () => {
  let server: RunningServer;
  let browser: Browser;
  const database = useTestDatabase();
  let context: BrowserContext;
  let page: Page;
  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl: database.url });
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: PHONE,
      baseURL: server.url,
      hasTouch: true,
      isMobile: true,
    });
    page = await context.newPage();
    const signUp = await page.request.post('/api/auth/register', {
      data: { username: `phone_${Date.now()}`, password: PASSWORD, firstName: '陳小明' },
    });
    expect(signUp.status()).toBe(201);
    const answered = await page.request.post('/api/users/answers', {
      data: {
        userId: (await signUp.json()).id,
        questionId: 'l01-wi-02',
        selectedAnswer: '我的譯文',
        timeSpent: 3,
      },
    });
    expect(answered.status()).toBe(200);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens the readable export from the settings: the answers, Chinese labels, Hong Kong times', async () => {
    await page.goto('/settings');
    const link = page.getByTestId('readable-export-link');
    await link.scrollIntoViewIfNeeded();
    await shot('settings-my-data');
    const [readable] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await readable.getByTestId('readable-export').waitFor();
    if (SHOTS) await readable.screenshot({ path: `${SHOTS}/readable-export.png`, fullPage: true });
    const body = (await readable.textContent('body')) ?? '';
    expect(body).toContain('答題紀錄');
    expect(body).toContain('我的譯文');
    expect(body).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 (上午|下午)\d{1,2}:\d{2}/);
    expect(body).not.toContain('AnswerSubmitted');
    expect(body).not.toContain('selected_answer');
    // Nothing in it is wider than the phone.
    expect(await readable.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await readable.close();
  });

  it('keeps 刪除帳戶 and 永久刪除帳戶 above the bottom tab bar, then says 帳戶已刪除 signed out', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: '刪除帳戶', exact: true }).waitFor();
    const closed = await clearOfTabBar(page, '刪除帳戶');
    await shot('settings-foot');
    expect(closed.bottom).toBeLessThanOrEqual(closed.barTop);

    await page.getByRole('button', { name: '刪除帳戶', exact: true }).click();
    const open = await clearOfTabBar(page, '永久刪除帳戶');
    await shot('settings-delete-open');
    expect(open.bottom).toBeLessThanOrEqual(open.barTop);

    await page.getByLabel('請輸入「刪除帳戶」').fill('刪除帳戶');
    await submitDeletion(page, PASSWORD);
    await page.waitForURL(/\/api\/account-deleted/);
    await page.getByTestId('account-deleted').waitFor();
    await shot('account-deleted');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('帳戶已刪除');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('hides keyboard hints on a touch phone and shows them where there is a keyboard', async () => {
    const phone = await browser.newContext({
      viewport: PHONE,
      baseURL: server.url,
      hasTouch: true,
      isMobile: true,
    });
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url });
    for (const [ctx, visible] of [
      [phone, false],
      [desktop, true],
    ] as const) {
      const p = await ctx.newPage();
      const made = await p.request.post('/api/auth/register', {
        data: { username: `hint_${visible}_${Date.now()}`, password: PASSWORD, firstName: '李小華' },
      });
      expect(made.status()).toBe(201);
      await p.goto('/memorization/next-line');
      const hint = p.locator('.keyboard-hint').first();
      await hint.waitFor({ state: 'attached' });
      expect(await hint.isVisible()).toBe(visible);
      await ctx.close();
    }
  });

  it('draws the streak flame as an icon, not an emoji a phone without the font shows as a box', async () => {
    const p = await browser.newPage({ viewport: PHONE, baseURL: server.url, hasTouch: true, isMobile: true });
    const made = await p.request.post('/api/auth/register', {
      data: { username: `flame_${Date.now()}`, password: PASSWORD, firstName: '何小玲' },
    });
    expect(made.status()).toBe(201);
    await p.goto('/streak');
    await p.getByTestId('streak-page').waitFor();
    if (SHOTS) await p.screenshot({ path: `${SHOTS}/streak.png` });
    expect(await p.locator('svg.sk-flame').count()).toBe(1);
    expect(await p.getByTestId('streak-page').textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    await p.close();
  });
});
