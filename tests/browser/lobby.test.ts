import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { startWorld } from '../support/world.ts';

describe('the lobby in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const world = await startWorld();
    drop = world.close;
    server = world.server;
    browser = world.browser;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await drop?.();
  });

  it('shows the sixteen set texts with author, era, characters and minutes', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const page = await context.newPage();
    const signUp = await page.request.post('/api/auth/register', {
      data: { username: `lobby_${Date.now()}`, password: 'correct horse battery' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    const cards = page.getByTestId('lesson-card');
    expect(await cards.count()).toBe(16);
    const yueyang = cards.filter({ hasText: '岳陽樓記' });
    await expect(yueyang.textContent()).resolves.toContain('范仲淹');
    await expect(yueyang.textContent()).resolves.toContain('宋代');
    await expect(yueyang.textContent()).resolves.toContain('360 字');
    await expect(yueyang.textContent()).resolves.toContain('約 2 分鐘');
    await context.close();
  });
});
