/**
 * Appeals in a real browser: a learner's partial translation appealed (through the API), the teacher
 * accepts it at /teacher/appeals at laptop width, and the learner reads the outcome under 我的申訴
 * in the error book at phone size. Screenshots go to test-results/appeals-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { grantAdmin, type RunningServer, startServer } from '../support/server.ts';
import { createTestDatabase } from '../support/test-db.ts';

const MODEL = '沒有仁德的人，不能長久處於窮困之中，也不能長久處於安樂之中。';
const PARTIAL = MODEL.replace('窮困', '潦倒');

describe('appeals in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let drop: () => Promise<void>;
  const admin = `appeal_admin_${Date.now()}`;

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

  it('the teacher accepts an appeal and the learner reads the outcome', async () => {
    const student = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const teacher = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url });
    const adminCtx = await browser.newContext({ baseURL: server.url });
    const register = async (ctx: typeof student, username: string) => {
      const res = await ctx.request.post('/api/auth/register', {
        data: { username, password: 'correct horse battery', firstName: '小明' },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: string };
    };
    const me = await register(student, `appeal_student_${Date.now()}`);
    const teacherUser = await register(teacher, `appeal_teacher_${Date.now()}`);
    await register(adminCtx, admin);
    await grantAdmin(server, admin, adminCtx.request, 'correct horse battery');
    expect(
      (
        await adminCtx.request.put(`/api/admin/users/${teacherUser.id}/roles`, {
          data: { roles: ['teacher'] },
        })
      ).status(),
    ).toBe(200);
    const { joinCode } = await (
      await teacher.request.post('/api/teacher/classes', { data: { name: '中五甲班' } })
    ).json();
    expect((await student.request.post('/api/classes/join', { data: { joinCode } })).status()).toBe(200);

    const answered = await (
      await student.request.post('/api/users/answers', {
        data: { userId: me.id, questionId: 'l01-st-01', selectedAnswer: PARTIAL, timeSpent: 30 },
      })
    ).json();
    expect(answered.marking.verdict).toBe('partial');
    const appealed = await student.request.post(`/api/users/${me.id}/appeals`, {
      data: { answerVersion: answered.answerVersion, note: '潦倒即是窮困' },
    });
    expect(appealed.status()).toBe(201);

    const page = await teacher.newPage();
    await page.goto('/teacher/appeals');
    const card = page.getByTestId('appeal-card').first();
    await card.waitFor();
    expect(await card.getByTestId('appeal-answer').textContent()).toBe(PARTIAL);
    const appeals = await (await teacher.request.get('/api/teacher/appeals')).json();
    const point = appeals[0].question.points.find((p: { source: string }) => p.source.includes('約'));
    await card.getByLabel('得分點').selectOption(point.id);
    await card.getByLabel('學生答案中得分的字詞').fill('潦倒');
    await page.screenshot({ path: 'test-results/appeals-teacher.png', fullPage: true });
    await card.getByRole('button', { name: '接納並重新評分' }).click();
    await card.getByText('已接納「潦倒」').waitFor();

    const phone = await student.newPage();
    await phone.goto('/error-book');
    const mine = phone.getByTestId('my-appeal').first();
    await mine.waitFor();
    expect(await mine.getAttribute('data-status')).toBe('accepted');
    expect(await mine.textContent()).toContain('「潦倒」已列為可接受的譯法');
    await phone.screenshot({ path: 'test-results/appeals-student.png', fullPage: true });
  });

  it('offers 「我認為答案正確」 under a failed translation and records the appeal (390×844)', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const res = await ctx.request.post('/api/auth/register', {
      data: { username: `appeal_button_${Date.now()}`, password: 'correct horse battery', firstName: '小美' },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const page = await ctx.newPage();
    await page.goto('/lesson/1/questions/sentence_translation');
    await page.locator('textarea').first().fill('他很好');
    await page.getByRole('button', { name: '提交答案' }).click();
    await page.getByTestId('marked-answer').waitFor();
    const button = page.getByRole('button', { name: '我認為答案正確' });
    await button.waitFor();
    // Quiet, and under the marking: never beside the 下一題 button.
    expect(
      await page.getByTestId('marked-answer').getByRole('button', { name: '我認為答案正確' }).count(),
    ).toBe(1);
    await button.click();
    await page.getByLabel('理由（可留空）').fill('我的譯法意思相同');
    await page.screenshot({ path: 'test-results/appeals-button.png' });
    await page.getByRole('button', { name: '提交申訴' }).click();
    await page.getByTestId('appeal-sent').waitFor();
    const mine = (await (await ctx.request.get(`/api/users/${id}/appeals`)).json()) as {
      status: string;
      note: string;
    }[];
    expect(mine).toEqual([expect.objectContaining({ status: 'pending', note: '我的譯法意思相同' })]);
    await ctx.close();
  });
});
