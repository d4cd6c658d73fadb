/**
 * Homework in a real browser: a teacher sets work for the class on the class page (laptop width), a
 * student sees it in 「功課」 on the lobby and the list (phone), does it in a quick practice, and the
 * teacher's table shows it done. Screenshots go to test-results/homework-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { grantAdmin, type RunningServer, startServer } from '../support/server.ts';
import { createTestDatabase } from '../support/test-db.ts';

describe('homework in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let drop: () => Promise<void>;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    server = await startServer({ databaseUrl: database.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await drop?.();
  });

  it('a teacher sets homework, a student does it from 「功課」, and the table shows it done', async () => {
    const student = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const teacher = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url });
    const adminCtx = await browser.newContext({ baseURL: server.url });
    const register = async (ctx: typeof student, username: string, firstName: string) => {
      const res = await ctx.request.post('/api/auth/register', {
        data: { username, password: 'correct horse battery', firstName },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: string };
    };
    await register(student, `hw_student_${stamp}`, '小明');
    const teacherUser = await register(teacher, `hw_teacher_${stamp}`, '陳老師');
    await register(adminCtx, `hw_admin_${stamp}`, '管理員');
    await grantAdmin(server, `hw_admin_${stamp}`, adminCtx.request, 'correct horse battery');
    expect(
      (
        await adminCtx.request.put(`/api/admin/users/${teacherUser.id}/roles`, {
          data: { roles: ['teacher'] },
        })
      ).status(),
    ).toBe(200);
    const created = await (
      await teacher.request.post('/api/teacher/classes', { data: { name: '中五甲班' } })
    ).json();
    expect(
      (await student.request.post('/api/classes/join', { data: { joinCode: created.joinCode } })).status(),
    ).toBe(200);

    // The teacher sets the work in the class page's form.
    const desk = await teacher.newPage();
    await desk.goto(`/teacher/classes/${created.id}`);
    await desk.getByTestId('class-homework').waitFor();
    await desk.getByRole('button', { name: '出功課' }).first().click();
    const form = desk.getByTestId('homework-form');
    await form.getByLabel('功課名稱').fill('本週練習一題');
    await form.getByTestId('homework-kind').selectOption('reviews');
    await form.getByLabel('題數（任何練習皆可）').fill('1');
    await form.getByRole('button', { name: '出功課' }).click();
    await desk.getByTestId('homework-table').waitFor();
    expect(await desk.getByTestId('homework-row').first().getAttribute('data-status')).toBeNull();
    expect(
      await desk.getByTestId('homework-row').first().locator('td').first().getAttribute('data-status'),
    ).toBe('not_started');

    // The student sees it on the lobby and in the list, and does it.
    const phone = await student.newPage();
    await phone.goto('/');
    const card = phone.getByTestId('lobby-homework');
    await card.waitFor();
    expect(await card.textContent()).toContain('本週練習一題');
    await phone.screenshot({ path: 'test-results/homework-lobby.png' });
    await card.getByRole('link').click();
    const item = phone.getByTestId('homework-item');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('not_started');
    await item.getByRole('link', { name: '開始' }).click();
    await phone.getByRole('heading', { name: '快速練習設定' }).waitFor();
    await phone.getByText('岳陽樓記').click();
    await phone.getByRole('button', { name: '開始練習' }).click();
    await phone.getByTestId('option').first().click();
    await phone.getByRole('button', { name: '提交答案' }).click();
    await phone
      .getByTestId('feedback')
      .or(phone.getByText('正確！'))
      .or(phone.getByText('正確答案'))
      .first()
      .waitFor();
    await phone.goto('/homework');
    await phone.locator('[data-testid="homework-item"][data-status="done"]').waitFor();
    await phone.screenshot({ path: 'test-results/homework-list.png' });

    // The teacher's table shows it done (the status is decided from the student's own answer).
    await desk.reload();
    await desk.locator('[data-testid="homework-row"] td[data-status="done"]').waitFor();
    expect(await desk.getByTestId('homework-row').first().textContent()).toContain('已完成');
    await desk.screenshot({ path: 'test-results/homework-teacher.png', fullPage: true });
  }, 120_000);
});
