/**
 * The teacher pages in a real browser against the real server: a teacher (granted by an admin)
 * creates a class, a learner joins it and builds a history, and the teacher opens the class, opens
 * the learner, and scrubs the replay, watching the XP and the streak change.
 *
 * The learner's later days are decided by the domain with a chosen clock and appended through the
 * store, as the API appends them (the server stamps its own clock): one, two and four days after
 * today, so the streak grows to three and then breaks.
 *
 * With TEACHER_SCREENSHOTS=<folder>, the pages are also captured at 390×844 in both themes.
 */
import path from 'node:path';
import type { LearnerCommand } from '@wenyan/domain';
import { type Db, lessonQuestions } from '@wenyan/store';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { actOrThrow, answerCommand } from '../support/history.ts';
import { grantAdmin, type RunningServer, startServer } from '../support/server.ts';
import { useTestDatabase } from '../support/test-db.ts';

const ADMIN = 'tc_admin';
const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;
const LAPTOP = { width: 1280, height: 860 } as const;
const shots = process.env.TEACHER_SCREENSHOTS;

describe('the teacher pages in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  const database = useTestDatabase();
  const contexts: BrowserContext[] = [];

  async function account(
    username: string,
    firstName: string,
    viewport: { width: number; height: number } = PHONE,
  ) {
    const context = await browser.newContext({ viewport, baseURL: server.url, locale: 'zh-HK' });
    contexts.push(context);
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/register', {
      data: { username, password: PASSWORD, firstName },
    });
    expect(res.status()).toBe(201);
    return { page, id: ((await res.json()) as { id: string }).id };
  }

  /** A command decided at a chosen time and appended as the API appends it. */
  async function actAt(userId: string, at: number, command: LearnerCommand) {
    expect(await actOrThrow(db, userId, command, { now: new Date(at).toISOString() })).toBeGreaterThan(0);
  }

  async function capture(page: Page, name: string) {
    if (!shots) return;
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await page.screenshot({
        path: path.join(shots, `${name}-${dark ? 'dark' : 'light'}.png`),
        fullPage: false,
      });
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: path.join(shots, `${name}-laptop.png`), fullPage: false });
    await page.setViewportSize(PHONE);
  }

  beforeAll(async () => {
    db = database.handle.db;
    server = await startServer({ databaseUrl: database.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens a class, opens a learner, and scrubs the timeline: the XP and streak change', async () => {
    const stamp = Date.now().toString(36);
    const admin = await account(ADMIN, '管理員');
    await grantAdmin(server, ADMIN, admin.page.request, PASSWORD);
    const teacher = await account(`tc_teacher_${stamp}`, '陳老師');
    const learner = await account(`tc_learner_${stamp}`, '嘉欣');

    // A student sees no teacher pages.
    await teacher.page.goto('/teacher');
    await teacher.page.getByText('此頁只供教師使用').waitFor();

    // The admin grants the teacher role.
    const granted = await admin.page.request.put(`/api/admin/users/${teacher.id}/roles`, {
      data: { roles: ['student', 'teacher'] },
    });
    expect(granted.status()).toBe(200);

    // The teacher creates a class and reads its join code.
    await teacher.page.reload();
    await teacher.page.getByTestId('teacher-classes').waitFor();
    await teacher.page.getByText('尚未建立班別').waitFor();
    await teacher.page.getByLabel('新班別名稱').fill('中五甲班');
    await teacher.page.getByRole('button', { name: '建立班別' }).click();
    const card = teacher.page.getByTestId('class-card').filter({ hasText: '中五甲班' });
    await card.waitFor();
    const joinCode = (await card.getByTestId('join-code').textContent())?.trim() ?? '';
    expect(joinCode).toMatch(/^[A-Z0-9]{8}$/);
    await capture(teacher.page, 'teacher-classes');

    // The learner joins and builds a history: answers today, then days apart.
    const joined = await learner.page.request.post('/api/classes/join', { data: { joinCode } });
    expect(joined.status()).toBe(200);
    const bank = (await lessonQuestions(db, 7)).filter((q) => q.type === 'word_interpretation');
    for (const [i, right] of [true, true, true, false].entries()) {
      const q = bank[i]!;
      const res = await learner.page.request.post('/api/users/answers', {
        data: {
          userId: learner.id,
          questionId: q.id,
          selectedAnswer: right ? q.correct_answer : '不知道',
          timeSpent: 8,
        },
      });
      expect(res.status()).toBe(200);
    }
    const today = Date.now();
    for (const [offset, q] of [
      [1, bank[4]!],
      [2, bank[5]!],
      [4, bank[6]!],
    ] as const) {
      await actAt(
        learner.id,
        today + offset * DAY,
        answerCommand({ ...q, keywords: null }, q.correct_answer, 9),
      );
    }

    // The teacher opens the class: the learner is in the table.
    await card.getByRole('link', { name: '查看班別' }).click();
    await teacher.page.getByTestId('teacher-class').waitFor();
    const row = teacher.page.getByTestId('class-row').filter({ hasText: '嘉欣' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('《師說》');
    await capture(teacher.page, 'teacher-class');

    // ...opens the learner: the replay starts at the latest moment.
    await row.getByRole('link', { name: /嘉欣/ }).click();
    const page = teacher.page;
    await page.getByTestId('teacher-replay').waitFor();
    const xp = page.getByTestId('replay-xp');
    const streak = page.getByTestId('replay-streak');
    await page.getByText('嘉欣的學習紀錄').waitFor();
    await page
      .getByTestId('scrubber-caption')
      .getByText(/連續學習中斷|獲得/)
      .waitFor();
    await expect(streak.textContent()).resolves.toBe('1 天');
    const finalXp = Number((await xp.textContent())?.replace(/,/g, ''));
    expect(finalXp).toBeGreaterThan(50);
    await page.getByRole('region', { name: '各課準確率' }).getByText('《師說》').waitFor();
    await expect(page.getByTestId('replay-errors').textContent()).resolves.toContain('不知道');
    await capture(page, 'teacher-replay');

    // Back to the start: nothing yet.
    await page.getByRole('button', { name: '回到開頭' }).click();
    await page.getByTestId('scrubber-caption').getByText('尚未開始學習').waitFor();
    await expect(xp.textContent()).resolves.toBe('0');
    await expect(streak.textContent()).resolves.toBe('0 天');

    // Step through the first day's sign-in: the streak starts and the daily XP arrives.
    for (let i = 0; i < 3; i++) await page.getByTestId('step-forward').click();
    await page.getByTestId('scrubber-caption').getByText('第 3 /', { exact: false }).waitFor();
    await expect(streak.textContent()).resolves.toBe('1 天');
    await expect(xp.textContent()).resolves.toBe('5');

    // Pick the third day in the timeline: the streak shows 3.
    await page.getByTestId('timeline-event').filter({ hasText: '連續學習延長至 3 天' }).click();
    await expect.poll(() => streak.textContent()).toBe('3 天');
    const thirdDayXp = Number((await xp.textContent())?.replace(/,/g, ''));
    expect(thirdDayXp).toBeGreaterThan(5);
    expect(thirdDayXp).toBeLessThan(finalXp);

    // Drag the scrubber to the end: the streak broke and started again at 1.
    const max = Number(await page.getByTestId('scrubber').getAttribute('max'));
    await page.getByTestId('scrubber').fill(String(max));
    await expect.poll(() => streak.textContent()).toBe('1 天');
    await expect.poll(async () => Number((await xp.textContent())?.replace(/,/g, ''))).toBe(finalXp);

    // Filter the timeline to streak events only.
    await page.getByRole('button', { name: '連續學習', exact: true }).click();
    const shown = await page.getByTestId('timeline-event').allTextContents();
    expect(shown.every((t) => /連續學習|首次學習/.test(t))).toBe(true);
    expect(shown.some((t) => t.includes('連續學習中斷（之前連續 3 天）'))).toBe(true);
  });
});
