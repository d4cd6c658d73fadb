/**
 * Issue 23 in a real browser against the real server: the built client and the sign-in page run under
 * the Content-Security-Policy with no violation, a page of another origin cannot frame the app, the
 * sign-up page explains a refused password, a teacher's one-time reset code lets a learner back in
 * through 「忘記密碼」, and 更改密碼 in Settings works, all at phone size.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { grantRole, type RunningServer } from '../support/server.ts';
import { startWorld } from '../support/world.ts';

const PASSWORD = 'correct horse battery';

describe('security in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let drop: () => Promise<void>;
  let other: Server;
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];

  /** A phone-sized page that records every CSP violation and page error (unless told not to). */
  async function phone(record = true): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, locale: 'zh-HK' });
    contexts.push(context);
    const page = await context.newPage();
    if (!record) return page;
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => violations.push(`${page.url()}: ${e.message}`));
    return page;
  }

  async function signUpInPage(page: Page, username: string, password: string) {
    await page.goto('/api/login');
    await page.getByRole('tab', { name: '註冊' }).click();
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.getByRole('button', { name: '註冊並登入' }).click();
  }

  beforeAll(async () => {
    const world = await startWorld();
    drop = world.close;
    server = world.server;
    browser = world.browser;
    // Another origin of the same host (another port) that tries to frame the app.
    other = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><iframe id="app" src="${server.url}/" width="380" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await new Promise((resolve) => other?.close(resolve));
    await server?.stop();
    await drop?.();
  });

  it('signs up through the page (a weak password explained first) and runs every screen with no CSP violation', async () => {
    const page = await phone();
    const username = `sec_${process.pid}_${Date.now().toString(36)}`;
    await signUpInPage(page, username, 'password');
    await expect.poll(() => page.locator('#error').textContent()).toContain('太常見');
    await page.locator('#password').fill(username);
    await page.getByRole('button', { name: '註冊並登入' }).click();
    await expect.poll(() => page.locator('#error').textContent()).toContain('不可包含用戶名稱');
    await page.locator('#password').fill('my cat eats rice daily');
    await page.getByRole('button', { name: '註冊並登入' }).click();
    await page.waitForURL(`${server.url}/`);
    for (const path of [
      '/',
      '/library',
      '/rank',
      '/settings',
      '/profile',
      '/lesson/1',
      '/memorization',
      '/error-book',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/rank');
    await page.getByText('即時更新').waitFor();
    expect(violations).toEqual([]);
  });

  it('cannot be framed by another origin', async () => {
    // This page's violation is the expected one: it is checked here, not collected.
    const page = await phone(false);
    const port = (other.address() as AddressInfo).port;
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f.url().startsWith(server.url));
    const html = frame ? await frame.content().catch(() => '') : '';
    expect(html).not.toContain('id="root"');
  });

  it('lets a teacher issue a reset code that the learner uses on the sign-in page; Settings changes a password', async () => {
    const stamp = Date.now().toString(36);
    const teacherName = `sec_t_${stamp}`;
    const learnerName = `sec_l_${stamp}`;
    const teacher = await phone();
    await signUpInPage(teacher, teacherName, PASSWORD);
    await teacher.waitForURL(`${server.url}/`);
    // The teacher role, the operator's way (roles CLI), then a fresh session.
    await grantRole(server, teacherName, 'teacher', teacher.request, PASSWORD);
    const created = await teacher.request.post('/api/teacher/classes', { data: { name: '中五丙班' } });
    const { joinCode } = (await created.json()) as { joinCode: string };

    const learner = await phone();
    await signUpInPage(learner, learnerName, PASSWORD);
    await learner.waitForURL(`${server.url}/`);
    const joined = await learner.request.post('/api/classes/join', { data: { joinCode } });
    expect(joined.status()).toBe(200);
    const me = (await (await learner.request.get('/api/auth/user')).json()) as { id: string };

    await teacher.goto(`/teacher/learners/${me.id}`);
    await teacher.getByRole('button', { name: '發出重設碼' }).click();
    const code = (await teacher.getByTestId('reset-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

    // The learner, on another phone, signed out: 忘記密碼.
    const again = await phone();
    await again.goto('/api/login');
    await again.getByRole('tab', { name: '忘記密碼' }).click();
    await again.locator('#username').fill(learnerName);
    await again.locator('#code').fill(code);
    await again.locator('#password').fill('a fresh start for the exam');
    await again.getByRole('button', { name: '設定新密碼並登入' }).click();
    await again.waitForURL(`${server.url}/`);
    // The old session on the first phone is gone.
    expect((await learner.request.get('/api/auth/user')).status()).toBe(401);

    // Settings → 更改密碼: a wrong current password is named, then the change passes.
    await again.goto('/settings');
    const form = again.getByTestId('change-password');
    await form.getByLabel('目前的密碼').fill('not my password');
    await form.getByLabel('新密碼').fill('another evening of revision');
    await form.getByRole('button', { name: '更改密碼' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('目前的密碼不正確');
    await form.getByLabel('目前的密碼').fill('a fresh start for the exam');
    await form.getByRole('button', { name: '更改密碼' }).click();
    await again.getByText('密碼已更改').first().waitFor();
    const signIn = await again.request.post('/api/auth/login', {
      data: { username: learnerName, password: 'another evening of revision' },
    });
    expect(signIn.status()).toBe(200);
    expect(violations).toEqual([]);
  });
});
