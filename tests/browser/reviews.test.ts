/**
 * Review to exam day (issue 21) in a real browser against the real server: the first-sign-in guide ends
 * in the first practice; a learner who answered wrong sees 「今日複習」 on the lobby and the due count in the
 * header, does the review session (the server's questions, its verdicts and its review XP), drills the
 * error book (「練習錯題」) and reads the charts (accuracy by kind of knowledge, the forecast); and a review
 * done with the keyboard alone.
 */
import type { APIRequestContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { answerKeys } from '../support/keys.ts';
import { grantRole } from '../support/server.ts';
import { reloadUntil, signUpLearner, useWorld } from './part1-support.ts';

type Question = { id: string; options: string[]; type: string; lessonId: number };
type SessionItem = { question: Question; isDue: boolean; inErrorBook: boolean };

const DAY_MS = 86_400_000;

/** Three questions of the first vocabulary session (「常見虛詞」), each tagged 虛詞: two of 〈師說〉, one of 〈勸學〉. */
const FUNCTION_WORD_QUESTIONS = ['v1-02', 'v1-03', 'v1-01'];

/**
 * Answers the questions wrong through the API (the setup, not the journey), given two days ago (an
 * answer may carry the moment it was given, up to 72 hours back): the scheduler's steps are days, so
 * those cards are due today.
 */
async function answerWrong(
  request: APIRequestContext,
  userId: string,
  questionIds: readonly string[],
  daysAgo = 2,
) {
  for (const questionId of questionIds) {
    const res = await request.post('/api/users/answers', {
      data: {
        userId,
        questionId,
        selectedAnswer: '不知道',
        timeSpent: 5,
        // Just inside the server's 72 hours for three days.
        answeredAt: new Date(Date.now() - daysAgo * DAY_MS + 60_000).toISOString(),
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status()).toBe(200);
  }
}

/** The review session the server draws for the page (read from its response). */
async function sessionItems(response: Promise<Response>): Promise<SessionItem[]> {
  const body = (await (await response).json()) as { items: SessionItem[] };
  return body.items;
}

/** With REVIEW_SHOTS=<folder>, a phone-size screenshot of the page as it stands (to look at, not asserted). */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.REVIEW_SHOTS)
    await page.screenshot({ path: `${process.env.REVIEW_SHOTS}/${name}.png`, fullPage });
}

const isSession = (response: Response) =>
  /\/api\/users\/[^/]+\/reviews\/session/.test(response.url()) && response.request().method() === 'GET';

/** The page fits the phone's width: nothing (a chart, its hidden table) widens it. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The knowledge-tag chart has drawn (its query answered). */
async function tagsChartShown(page: Page): Promise<void> {
  await page.getByTestId('tag-chart').locator('svg').waitFor();
}

/** The position shown by the quiz: question n of total. */
async function position(page: Page): Promise<{ n: number; total: number }> {
  const text = (await page.getByTestId('quiz-position').textContent()) ?? '';
  const [, n, total] = text.match(/第 (\d+) 題，共 (\d+) 題/) ?? [];
  return { n: Number(n), total: Number(total) };
}

describe('review to exam day in a real browser', () => {
  const world = useWorld();
  let keys: Map<string, string>;

  beforeAll(async () => {
    keys = await answerKeys(world.databaseUrl);
  });

  const learner = () => signUpLearner(world);

  it('asks the exam year and the daily goal at first sign-in, then starts the first practice', async () => {
    const { page, id } = await learner();
    await page.goto('/');
    const guide = page.getByTestId('first-guide');
    await guide.getByText('你哪一年應考文憑試？').waitFor();
    await shot(page, 'guide-year');
    const years = guide.getByRole('radio');
    expect(await years.count()).toBe(3);
    const second = Number(await years.nth(1).getAttribute('value'));
    await years.nth(1).check();
    await guide.getByRole('button', { name: '下一步' }).click();
    await guide.getByText('每日想複習多少題？').waitFor();
    await shot(page, 'guide-goal');
    await guide.getByRole('radio', { name: '10 題' }).check();
    await guide.getByRole('button', { name: '開始第一次練習' }).click();
    await page.getByTestId('question-session').waitFor();
    expect(new URL(page.url()).pathname).toBe('/lesson/1/questions/word_interpretation/course1');

    const settings = (await (await page.request.get(`/api/users/${id}/review-settings`)).json()) as {
      examYear: number;
      examDate: string;
      dailyGoal: number;
      guideCompleted: boolean;
    };
    expect(settings).toMatchObject({ examYear: second, dailyGoal: 10, guideCompleted: true });
    expect(settings.examDate.startsWith(String(second))).toBe(true);
    // Done once: the lobby shows 今日複習 and no guide.
    await page.goto('/');
    await page.getByTestId('today-review').waitFor();
    expect(await page.getByTestId('first-guide').count()).toBe(0);
  });

  it('brings a wrong answer back as 今日複習, reviews it with review XP, drills the error book and charts it', async () => {
    const { page, id } = await learner();
    const wrong = FUNCTION_WORD_QUESTIONS;
    await answerWrong(page.request, id, wrong);

    // The lobby: 今日複習 with the cards due, and the count in the header.
    await page.goto('/');
    const count = await reloadUntil(page, page.getByTestId('today-review'), /[1-9]\d* 題待複習/);
    expect(count).toMatch(/約 \d+ 分鐘/);
    const due = Number(await page.getByTestId('today-review-count').textContent());
    expect(due).toBeGreaterThanOrEqual(wrong.length);
    await expect.poll(() => page.getByTestId('header-due').textContent()).toBe(String(due));
    await expect(page.getByTestId('today-review-goal').textContent()).resolves.toMatch(/^0 \/ \d+/);
    await shot(page, 'lobby-due');

    // The review session: the server's questions, each answered right, each verdict with its review XP.
    const drawn = page.waitForResponse(isSession);
    await page.getByRole('link', { name: '開始複習' }).click();
    const items = await sessionItems(drawn);
    expect(items.length).toBeGreaterThanOrEqual(wrong.length);
    // Error-book items come first.
    expect(items.slice(0, wrong.length).every((item) => item.inErrorBook)).toBe(true);
    // Interleaved across lessons: the two cards of 〈師說〉 are not drawn one after the other.
    const lessonsInTurn = items.slice(0, wrong.length).map((item) => item.question.lessonId);
    expect(lessonsInTurn.every((lesson, i) => i === 0 || lesson !== lessonsInTurn[i - 1])).toBe(true);
    await page.getByTestId('review-session').waitFor();
    await page.getByRole('heading', { name: '今日複習' }).waitFor();
    const { total } = await position(page);
    expect(total).toBe(items.length);
    for (let n = 1; n <= total; n++) {
      await expect.poll(async () => (await position(page)).n).toBe(n);
      const item = items[n - 1]!;
      if (n === 1) await page.getByText('錯題', { exact: true }).first().waitFor();
      const key = keys.get(item.question.id)!;
      await page.getByTestId('option').filter({ hasText: key }).first().click();
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.locator('.feedback').getByText('正確！').waitFor();
      if (n === 1) await shot(page, 'review-verdict');
      const line = page.getByTestId('review-line');
      await line.getByText('下次複習').waitFor();
      if (item.isDue)
        await expect(page.getByTestId('review-xp').textContent()).resolves.toMatch(/複習 \+\d+ XP/);
      await page.getByRole('button', { name: '繼續' }).click();
    }
    const popup = page.getByTestId('completion-popup');
    await popup.getByText('複習完成！').waitFor();
    await shot(page, 'review-done');
    expect(
      Number((await popup.getByTestId('popup-earned').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    await popup.getByRole('button', { name: '繼續學習' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The daily goal moved by the reviews done.
    await reloadUntil(page, page.getByTestId('today-review-goal'), /^[1-9]\d* \/ \d+/);

    // The error book: 練習錯題 starts a review of the open items.
    await page.goto('/error-book');
    const drill = page.getByTestId('error-drill');
    await drill.waitFor();
    expect(await drill.textContent()).toContain(`練習錯題（${wrong.length} 題）`);
    await tagsChartShown(page);
    await shot(page, 'error-book', true);
    const errorSession = page.waitForResponse(isSession);
    await drill.click();
    const errorItems = await sessionItems(errorSession);
    expect(new URL((await errorSession).url()).searchParams.get('mode')).toBe('error_book');
    expect(errorItems.map((item) => item.question.id).sort()).toEqual([...wrong].sort());
    await page.getByRole('heading', { name: '練習錯題' }).waitFor();
    await page.getByRole('button', { name: '離開' }).click();

    // The charts: accuracy by kind of knowledge (with its table for screen readers) on the error book…
    await page.goto('/error-book');
    const tags = page.getByTestId('tag-chart');
    await tags.locator('svg').waitFor();
    expect(await tags.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await tags.locator('table').textContent()).toMatch(/虛詞\s*50%/);
    await shot(page, 'error-book-tags', true);
    await fitsThePhone(page);
    // The weakest kind of knowledge (虛詞: answered three times wrong, then three times right) has its review.
    const weakest = page.getByTestId('review-weakest');
    expect(await weakest.textContent()).toBe('溫習最弱一環：虛詞');
    const tagSession = page.waitForResponse(isSession);
    await weakest.click();
    const tagUrl = new URL((await tagSession).url());
    expect([tagUrl.searchParams.get('mode'), tagUrl.searchParams.get('tag')]).toEqual([
      'tag',
      'function_word',
    ]);
    await page.getByRole('heading', { name: '溫習弱項：虛詞' }).waitFor();
    await page.goBack();
    // …and on the profile; the forecast per lesson and per day on the plan.
    await page.goto('/profile');
    await page.getByTestId('tag-chart').locator('svg').waitFor();
    await shot(page, 'profile', true);
    await page.getByRole('link', { name: '溫習計劃：考試日預測' }).click();
    await page.getByTestId('review-plan').waitFor();
    const lessons = page.getByTestId('forecast-lessons');
    await lessons.locator('svg').waitFor();
    expect(await lessons.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await lessons.locator('table').textContent()).toMatch(/\d+%/);
    await page.getByTestId('forecast-days').locator('svg').waitFor();
    await shot(page, 'plan', true);
    await fitsThePhone(page);
  });

  it('goes through a review with the keyboard alone', async () => {
    const { page, id } = await learner();
    await answerWrong(page.request, id, FUNCTION_WORD_QUESTIONS.slice(0, 2));
    await page.goto('/');
    await reloadUntil(page, page.getByTestId('today-review'), /[1-9]\d* 題待複習/);

    // Tab to 開始複習 and press Enter.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    for (let i = 0; i < 60 && (await focusedText()) !== '開始複習'; i++) await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('開始複習');
    const drawn = page.waitForResponse(isSession);
    await page.keyboard.press('Enter');
    const items = await sessionItems(drawn);
    await page.getByTestId('review-session').waitFor();
    await page.getByTestId('option').first().waitFor();

    const isRadio = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
    // The first question: Tab reaches its first option.
    for (let i = 0; i < 40 && !(await isRadio()); i++) await page.keyboard.press('Tab');
    for (let n = 1; n <= items.length; n++) {
      await expect.poll(async () => (await position(page)).n).toBe(n);
      // Each new question has the focus on its first option.
      await expect.poll(isRadio).toBe(true);
      const key = keys.get(items[n - 1]!.question.id)!;
      // Arrow keys move through the options (a radio group); Enter on the chosen one submits it.
      for (let i = 0; i < 8; i++) {
        const value = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
        if (value === key) break;
        await page.keyboard.press('ArrowDown');
      }
      // Enter on an option not yet chosen chooses it; Enter on the chosen one submits it.
      if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked))) {
        await page.keyboard.press('Enter');
      }
      await page.keyboard.press('Enter');
      await page.locator('.feedback').getByText('正確！').waitFor();
      // The next action has the focus after the verdict.
      expect(await focusedText()).toBe('繼續');
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('completion-popup').getByText('複習完成！').waitFor();
  });

  it('sets the exam date, the target and the daily goal in settings; a date in the past is refused', async () => {
    const { page } = await learner();
    await page.goto('/settings');
    const date = page.getByLabel('考試日期', { exact: true });
    await date.waitFor();
    const hk = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Asia/Hong_Kong' });
    await date.fill(hk(Date.now() - 2 * DAY_MS));
    await page.getByRole('button', { name: '儲存考試日期' }).click();
    await page.getByRole('alert').filter({ hasText: '考試' }).waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');

    const chosen = hk(Date.now() + 200 * DAY_MS);
    await date.fill(chosen);
    await page.getByLabel('考試日目標記得比例').selectOption('95');
    await page.getByRole('button', { name: '儲存考試日期' }).click();
    await page.getByText('溫習計劃已更新').waitFor();
    await page.getByLabel('每日複習目標（題）').fill('15');
    await page.getByRole('button', { name: '儲存每日目標' }).click();
    await expect.poll(() => page.getByText('溫習計劃已更新').count()).toBeGreaterThan(0);

    await page.goto('/review/plan');
    const [y, m, d] = chosen.split('-').map(Number);
    await page.getByTestId('plan-exam-date').getByText(`${y}年${m}月${d}日`).waitFor();
    await page.getByText('（你自己設定）').waitFor();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('today-review-goal').textContent()).toMatch(/\/ 15/);
  });

  it('shows a teacher who is behind on reviews, and lets an admin set the school year’s exam date', async () => {
    const pupil = await learner();
    // Behind: reviews due before today at least the daily goal (5, the least a learner may set).
    const goal = await pupil.page.request.patch(`/api/users/${pupil.id}/review-settings`, {
      data: { dailyGoal: 5 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(goal.status()).toBe(200);
    await answerWrong(
      pupil.page.request,
      pupil.id,
      ['v1-04', 'v1-05', 'v1-06', 'v1-08', 'v1-09', 'v1-10'],
      3,
    );

    const teacher = await learner();
    await grantRole(world.server, teacher.username, 'teacher', teacher.page.request, 'correct horse battery');
    const created = (await (
      await teacher.page.request.post('/api/teacher/classes', {
        data: { name: '中六乙班' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      })
    ).json()) as { id: string; joinCode: string };
    const joined = await pupil.page.request.post('/api/classes/join', {
      data: { joinCode: created.joinCode },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(joined.ok()).toBe(true);

    const { page } = teacher;
    await page.goto(`/teacher/classes/${created.id}`);
    const forecast = page.getByTestId('class-forecast');
    await reloadUntil(page, forecast.getByTestId('class-behind'), /1 名學生落後於複習進度/);
    const row = forecast.getByTestId('forecast-row').first();
    expect(await row.textContent()).toContain('落後');
    await forecast.getByTestId('class-forecast-lessons').locator('svg').waitFor();
    await shot(page, 'teacher-class', true);
    await fitsThePhone(page);

    // The administrator sets the default exam date of the coming exam's year.
    await grantRole(world.server, teacher.username, 'admin', page.request, 'correct horse battery');
    await page.goto('/admin');
    const card = page.getByTestId('admin-exam-dates');
    const field = card.locator('input[type="date"]').first();
    await field.waitFor();
    const year = Number((await field.getAttribute('id'))?.replace('exam-date-', ''));
    const before = await field.inputValue();
    const moved = before === `${year}-04-15` ? `${year}-04-16` : `${year}-04-15`;
    await field.fill(moved);
    await card.getByRole('button', { name: '儲存' }).first().click();
    await page.getByText(`${year} 年考試日期已更新`).waitFor();
    await shot(page, 'admin', true);
    const dates = (await (await page.request.get('/api/admin/exam-dates')).json()) as {
      years: Array<{ year: number; examDate: string; source: string }>;
    };
    expect(dates.years.find((entry) => entry.year === year)).toMatchObject({
      examDate: moved,
      source: 'admin',
    });
  });
});
