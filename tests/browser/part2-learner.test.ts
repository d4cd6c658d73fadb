/**
 * Part-2 learner screens in a real browser against the real server: the school edit, the error
 * book (note and mastery), the admin panel as admin and as a student, and the live leaderboard
 * moving for one learner when another answers.
 */
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { answerKeys, withKeys } from '../support/keys.ts';
import { grantAdmin } from '../support/server.ts';
import { useWorld } from '../support/world.ts';

const ADMIN = 'p2_admin';
const PASSWORD = 'correct horse battery';

type Question = { id: string; options: string[]; correctAnswer: string; type: string };

describe('part 2 learner screens in a real browser', () => {
  const world = useWorld();
  const contexts: BrowserContext[] = [];
  let questions: Question[] = [];
  let keys = new Map<string, string>();

  /** A new browser context with a signed-up learner. */
  async function learner(username: string, firstName: string): Promise<{ page: Page; id: string }> {
    const context = await world.browser.newContext({ viewport: PHONE, baseURL: world.server.url });
    contexts.push(context);
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/register', {
      data: { username, password: PASSWORD, firstName },
    });
    expect(res.status()).toBe(201);
    const user = (await res.json()) as { id: string };
    return { page, id: user.id };
  }

  async function answer(
    request: APIRequestContext,
    userId: string,
    question: Question,
    selectedAnswer: string,
  ) {
    const res = await request.post('/api/users/answers', {
      data: { userId, questionId: question.id, selectedAnswer, timeSpent: 5 },
    });
    expect(res.status()).toBe(200);
  }

  beforeAll(async () => {
    keys = await answerKeys(world.databaseUrl);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('edits the school name inline', async () => {
    const { page } = await learner(`p2_school_${Date.now()}`, '嘉欣');
    await page.goto('/profile');
    await expect(page.getByTestId('profile-name').textContent()).resolves.toBe('嘉欣');
    await expect(page.getByTestId('school-name').textContent()).resolves.toBe('未設定學校');
    await page.getByRole('button', { name: '編輯學校名稱' }).click();
    const input = page.getByLabel('學校名稱');
    await input.fill('   ');
    expect(await page.getByRole('button', { name: '確認' }).isDisabled()).toBe(true);
    await input.fill('  皇仁書院 ');
    await page.getByRole('button', { name: '確認' }).click();
    await page.getByText('學校名稱已更新').waitFor();
    await expect(page.getByTestId('school-name').textContent()).resolves.toBe('皇仁書院');
    await page.reload();
    await page.getByTestId('school-name').getByText('皇仁書院').waitFor();
  });

  it('saves a personal note on an error question and marks it mastered', async () => {
    const { page, id } = await learner(`p2_errors_${Date.now()}`, '志明');
    const listed = await page.request.get('/api/lessons/1/questions');
    questions = withKeys((await listed.json()) as Question[], keys);
    const question = questions.find((q) => q.options.length > 0);
    if (!question) throw new Error('lesson 1 has no choice question');
    const wrong = question.options.find((o) => o !== question.correctAnswer) ?? '錯誤答案';
    await answer(page.request, id, question, wrong);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/users/${id}/error-questions`)).json()) as []).length,
      )
      .toBe(1);

    await page.goto('/error-book');
    await page.getByRole('tab', { name: '待練習 (1)' }).waitFor();
    await page.getByTestId('error-item').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('你的答案').waitFor();
    const save = dialog.getByRole('button', { name: '儲存筆記' });
    await dialog.locator('textarea').fill('   ');
    expect(await save.isDisabled()).toBe(true);
    await dialog.locator('textarea').fill('  「仁」指仁德，不是仁慈。 ');
    await save.click();
    await page.getByText('錯題紀錄已更新').waitFor();
    await expect(dialog.getByTestId('error-note').textContent()).resolves.toBe('「仁」指仁德，不是仁慈。');
    await dialog.getByRole('button', { name: '編輯' }).click();
    await dialog.getByRole('button', { name: '取消' }).click();

    await dialog.getByRole('button', { name: '標記為已掌握' }).click();
    await page.getByText('此題已標記為已掌握').waitFor();
    expect(await dialog.getByRole('button', { name: '已掌握' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: '關閉' }).click();
    await page.getByRole('tab', { name: '已掌握 (1)' }).click();
    await page.getByTestId('error-item').first().waitFor();

    await page.goto('/error-questions');
    await page.getByTestId('error-group').first().waitFor();
    await page.getByTestId('error-item').first().getByRole('button').first().click();
    await page.getByTestId('error-detail').getByText('「仁」指仁德，不是仁慈。').waitFor();
  });

  it('runs the imports and the upload as an admin, and denies a student', async () => {
    const { page } = await learner(ADMIN, '管理員');
    await grantAdmin(world.server, ADMIN, page.request, PASSWORD);
    await page.goto('/admin');
    await page.getByTestId('admin-page').waitFor();
    const cards = page.getByTestId('admin-status-cards');
    await cards.getByText('題目總數').waitFor();

    await page.getByRole('button', { name: '全部匯入（每項相隔一秒）' }).click();
    const alerts = page.getByTestId('import-alert');
    await expect.poll(() => alerts.count(), { timeout: 15_000 }).toBe(6);
    expect(await page.locator('[data-testid="import-alert"][data-outcome="ok"]').count()).toBe(6);

    await page.getByLabel('標題').fill('測試篇章');
    await page.getByLabel('內容類型').selectOption('json');
    await page.getByLabel('內容', { exact: true }).fill('{"note":"瀏覽器測試"}');
    await page.getByRole('button', { name: '上載', exact: true }).click();
    await expect(page.getByTestId('upload-result').textContent()).resolves.toMatch(/^上載(成功|失敗)：/);

    const student = await learner(`p2_student_${Date.now()}`, '學生');
    await student.page.goto('/admin');
    await student.page.getByText('存取被拒：此頁需要管理員權限').waitFor();
    expect(await student.page.getByText('請先登入').count()).toBe(0);
    expect(await student.page.getByTestId('admin-page').count()).toBe(0);
  });

  it("moves one learner's leaderboard live when another learner answers", async () => {
    const stamp = Date.now();
    const a = await learner(`p2_rank_a_${stamp}`, '甲');
    const b = await learner(`p2_rank_b_${stamp}`, '乙');
    if (questions.length === 0) {
      questions = withKeys(
        (await (await a.page.request.get('/api/lessons/1/questions')).json()) as Question[],
        keys,
      );
    }
    await answer(a.page.request, a.id, questions[0]!, questions[0]!.correctAnswer);

    await a.page.goto('/rank');
    await a.page.getByTestId('rank-live').getByText('即時更新').waitFor();
    const order = () =>
      a.page
        .getByTestId('rank-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-user-id')));
    const aboveB = async () => {
      const ids = await order();
      return ids.includes(a.id) && (!ids.includes(b.id) || ids.indexOf(a.id) < ids.indexOf(b.id));
    };
    await expect.poll(aboveB).toBe(true);
    await a.page.locator(`[data-user-id="${a.id}"][aria-current="true"]`).waitFor();

    // B answers three questions right: more XP than A, so B moves above A on A's screen.
    for (const question of questions.slice(1, 4)) {
      await answer(b.page.request, b.id, question, question.correctAnswer);
    }
    await expect
      .poll(
        async () => {
          const ids = await order();
          const ia = ids.indexOf(a.id);
          const ib = ids.indexOf(b.id);
          return ib >= 0 && ia >= 0 && ib < ia;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(a.page.getByTestId('rank-total').textContent()).resolves.toMatch(/共 \d+ 位同學正在競爭/);
  });
});
