import { describe, expect, it } from 'vitest';
import { newContext } from '../support/world.ts';
import { signUpLearner, useWorld } from './part1-support.ts';

describe('part 1: the shell', () => {
  const world = useWorld();

  it('shows a signed-out visitor only the login page, on every path', async () => {
    const context = await newContext(world);
    const page = await context.newPage();
    for (const path of ['/', '/login', '/vocabulary', '/no-such-page']) {
      await page.goto(path);
      await page.getByTestId('login-page').getByRole('link', { name: '登入' }).waitFor();
      expect(await page.locator('.app-header').count()).toBe(0);
    }
    const login = page.getByTestId('login-page');
    expect(await login.getByRole('link', { name: '登入' }).getAttribute('href')).toBe('/api/login');
    for (const feature of ['文言文閱讀練習', '文言詞彙系統', 'DSE 模擬試題']) {
      await login.getByText(feature).waitFor();
    }
    expect(await login.textContent()).toContain('AI智能學習平台');
    await context.close();
  });

  it('has the header of the spec and keeps dark mode across a reload', async () => {
    const { context, page } = await signUpLearner(world);
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    const header = page.locator('.app-header');
    expect(await header.textContent()).toContain('文言通');
    expect(await header.textContent()).toContain('AI智能學習平台');
    expect(await page.getByTestId('header-streak').getAttribute('href')).toBe('/streak');
    expect(await header.getByRole('link', { name: /經驗值/ }).getAttribute('href')).toBe('/profile');
    expect(await header.getByRole('link', { name: '個人檔案' }).getAttribute('href')).toBe('/profile');

    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByTestId('theme-toggle').click();
    expect(await isDark()).toBe(true);
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    // Applied by index.html before the app's script runs
    await page.waitForLoadState('domcontentloaded');
    expect(await isDark()).toBe(true);
    await page.getByTestId('lesson-card').first().waitFor();
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('theme-toggle').click();
    expect(await isDark()).toBe(false);
    await context.close();
  });

  it('titles each screen, starts a new page at the top, and returns to the place on back (issue 40)', async () => {
    const { context, page } = await signUpLearner(world);
    expect((await page.request.get('/favicon.ico')).status()).toBe(200);
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    await expect.poll(() => page.title()).toBe('主頁 · 文言通');
    await page.evaluate(() => window.scrollTo(0, 600));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(100);

    await page.getByRole('navigation', { name: '主要導覽' }).getByRole('link', { name: '文庫' }).click();
    await page.getByRole('heading', { name: '文言文庫', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('文言文庫 · 文言通');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.getByTestId('lesson-card').first().waitFor();
    await expect.poll(() => page.title()).toBe('主頁 · 文言通');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    await context.close();
  });

  it('shows the empty fallback on an unknown path, inside the shell', async () => {
    const { context, page } = await signUpLearner(world);
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await page.locator('.app-header').waitFor();
    await page.getByRole('navigation', { name: '主要導覽' }).waitFor();
    await context.close();
  });

  it('opens the more panel of the bottom navigation and signs out with the toast', async () => {
    const { context, page } = await signUpLearner(world);
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    const more = page.getByRole('button', { name: '更多' });
    await more.click();
    const panel = page.getByTestId('more-panel');
    await panel.waitFor();
    for (const label of ['錯題本', 'DSE 模擬試題', '詞意練習', '設定']) {
      await panel.getByRole('link', { name: label }).waitFor();
    }
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await more.click();
    // The toast stands 500 ms before the browser leaves the page: watched from inside the page, since
    // a locator's polling can miss so short a window on a loaded machine.
    const toastShown = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const observer = new MutationObserver(() => {
            if (!document.body.textContent?.includes('正在登出...')) return;
            observer.disconnect();
            resolve(true);
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
    );
    await panel.getByRole('button', { name: '登出' }).click();
    expect(await toastShown).toBe(true);
    await page.getByTestId('login-page').getByRole('link', { name: '登入' }).waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});
