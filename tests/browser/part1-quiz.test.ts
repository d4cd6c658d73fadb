import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerKeys } from '../support/keys.ts';
import {
  answerCurrent,
  type Learner,
  reloadUntil,
  serverUser,
  signUpLearner,
  useLearner,
  useWorld,
} from './part1-support.ts';

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

type LoadedQuestion = { id: string; options: string[] | null };

/**
 * The learner's wrong answer to `first` is in their error book with one attempt: checked once a
 * control answer on another lesson, appended after it, shows there (the projector has then passed the
 * first answer and any second copy of it).
 */
async function expectCountedOnce(
  learner: Learner,
  first: LoadedQuestion,
  wrongOption: (q: LoadedQuestion) => string,
): Promise<void> {
  const { page } = learner;
  const others = (await (await page.request.get('/api/lessons/2/questions')).json()) as LoadedQuestion[];
  const control = others.find((q) => (q.options ?? []).length > 1 && q.id !== first.id)!;
  const sent = await page.request.post('/api/users/answers', {
    headers: { 'idempotency-key': `control-${learner.id}-${Date.now()}` },
    data: {
      userId: learner.id,
      questionId: control.id,
      selectedAnswer: wrongOption(control),
      timeSpent: 5,
    },
  });
  expect(sent.status()).toBe(200);
  const errorBook = async () =>
    (await (await page.request.get(`/api/users/${learner.id}/error-questions`)).json()) as Array<{
      questionId: string;
      attemptCount: number;
    }>;
  await expect.poll(async () => (await errorBook()).some((r) => r.questionId === control.id)).toBe(true);
  expect((await errorBook()).find((r) => r.questionId === first.id)?.attemptCount).toBe(1);
}

/**
 * Lets the page's first answer reach the server, then answers the browser with `fail` (the server has
 * appended it); the answers after it pass. Resolves to the Idempotency-Keys sent, filled as they go.
 */
async function failFirstAnswerAfterServer(
  page: Page,
  fail: (route: Route) => Promise<void>,
): Promise<string[]> {
  const keys: string[] = [];
  await page.route('**/api/users/answers', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await fail(route);
  });
  return keys;
}

/** Selects the option with this text and submits it. */
async function submitOption(page: Page, text: string): Promise<void> {
  await page.getByTestId('option').filter({ hasText: text }).first().click();
  await page.getByRole('button', { name: '提交答案' }).click();
}

describe('part 1: the adaptive word quiz and quick practice', () => {
  const world = useWorld();
  const learner = useLearner(world);

  it('runs a word quiz in place to the completion popup, with the XP switching after a second', async () => {
    const { page } = learner;
    await page.goto('/vocabulary');
    await page.getByRole('heading', { name: '詞意練習' }).waitFor();
    const card = page.getByTestId('vocab-lesson-card').filter({ hasText: '師說' });
    await card.getByRole('button', { name: '開始練習' }).click();

    // In place: same route, the quiz's own screen
    const quiz = page.getByTestId('adaptive-quiz');
    await quiz.waitFor();
    expect(new URL(page.url()).pathname).toBe('/vocabulary');
    await page.getByTestId('quiz-position').waitFor();
    const total = Number((await page.getByTestId('quiz-position').textContent())?.match(/共 (\d+) 題/)?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(10);

    // Submit is disabled until an answer is selected
    expect(await page.getByRole('button', { name: '提交答案' }).isDisabled()).toBe(true);
    for (let i = 0; i < total; i++) {
      await answerCurrent(page);
      await quiz.getByText(/^(正確！|錯誤)$/).waitFor();
      if (i === 0) await page.getByRole('button', { name: '重新練習' }).waitFor();
      await page.getByRole('button', { name: '繼續' }).click();
    }

    // The popup: rating badge, accuracy, m:ss, XP card, then after 1 s the new total and the animation
    const popup = page.getByTestId('completion-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain('課程完成！');
    expect(await page.getByTestId('rating-badge').textContent()).toMatch(/完美!|優秀|良好|不錯|繼續努力/);
    expect(await page.getByTestId('popup-time').textContent()).toMatch(/^\d+:\d\d$/);
    const earned = digits(await page.getByTestId('popup-earned').textContent());
    await page.getByTestId('xp-gain').waitFor();
    const after = digits(await page.getByTestId('popup-xp').textContent());
    expect(after).toBe((await serverUser(page)).totalXP);
    expect(digits(await page.getByTestId('xp-gain').textContent())).toBe(earned);
    await page
      .getByTestId('header-xp')
      .filter({ hasText: after.toLocaleString('zh-HK') })
      .waitFor();

    // Continue learning closes it and returns to the list; the lesson shows as completed
    await page.getByRole('button', { name: '繼續學習' }).click();
    await page.getByRole('heading', { name: '詞意練習' }).waitFor();
    const doneCard = page.getByTestId('vocab-lesson-card').filter({ hasText: '師說' });
    await reloadUntil(page, doneCard, /已完成/);
    await doneCard.getByRole('button', { name: '重溫練習' }).waitFor();
  });

  it('an answer whose response was lost is sent again with the same key: no error shown, counted once', async () => {
    const other = await signUpLearner(world);
    const { page } = other;
    const keys = await answerKeys(world.databaseUrl);
    const wrongOption = (q: LoadedQuestion) => (q.options ?? []).find((o) => o !== keys.get(q.id))!;
    try {
      // The server appends the first answer, and its response never reaches the browser.
      const keys = await failFirstAnswerAfterServer(page, (route) => route.abort('connectionreset'));
      await page.goto('/vocabulary');
      await page.getByRole('heading', { name: '詞意練習' }).waitFor();
      const loading = page.waitForResponse((r) => r.url().includes('/api/vocabulary/questions'));
      const card = page.getByTestId('vocab-lesson-card').filter({ hasText: '師說' });
      await card.getByRole('button', { name: '開始練習' }).click();
      const first = ((await (await loading).json()) as LoadedQuestion[])[0]!;

      // A wrong answer: the error book counts its attempts, so a double would show.
      await submitOption(page, wrongOption(first));
      await page
        .getByTestId('adaptive-quiz')
        .getByText(/^錯誤$/)
        .waitFor();
      expect(await page.getByText('未能提交答案，請檢查網絡後再試。').count()).toBe(0);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);

      await expectCountedOnce(other, first, wrongOption);
    } finally {
      await other.context.close();
    }
  });

  it('the question session: an answer refused after it reached the server, submitted again by hand, is counted once', async () => {
    const other = await signUpLearner(world);
    const { page } = other;
    const answerKeyOf = await answerKeys(world.databaseUrl);
    const wrongOption = (q: LoadedQuestion) => (q.options ?? []).find((o) => o !== answerKeyOf.get(q.id))!;
    try {
      // The server appends the first answer, and the browser gets a failure the client does not retry by itself.
      const keys = await failFirstAnswerAfterServer(page, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: '伺服器錯誤', details: null } }),
        }),
      );
      const loading = page.waitForResponse((r) => r.url().includes('/api/course-questions'));
      await page.goto('/lesson/9/questions/word_interpretation/course1');
      const first = ((await (await loading).json()) as LoadedQuestion[])[0]!;
      await page.getByTestId('question-session').waitFor();

      await submitOption(page, wrongOption(first));
      await page.getByText('未能提交答案，請檢查網絡後再試。').waitFor();
      // The learner tries again with the same selection: the same key, so the server replays its reply.
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.getByText('答案不正確').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);

      await expectCountedOnce(other, first, wrongOption);
    } finally {
      await other.context.close();
    }
  });

  it('sets up a quick practice, runs it embedded and returns to a cleared setup on exit', async () => {
    const { page } = learner;
    await page.goto('/vocabulary/quick-practice');
    await page.getByRole('heading', { name: '快速練習設定' }).waitFor();
    expect(await page.getByTestId('count-value').textContent()).toBe('10');
    await expect.poll(() => page.getByRole('checkbox').count()).toBe(16);
    expect(await page.getByRole('button', { name: '開始練習' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '全選' }).click();
    expect(await page.getByTestId('chosen-count').textContent()).toBe('已選 16 篇');
    await page.getByRole('button', { name: '清除' }).click();
    expect(await page.getByTestId('chosen-count').textContent()).toBe('已選 0 篇');

    await page.getByRole('slider').fill('5');
    expect(await page.getByTestId('count-value').textContent()).toBe('5');
    await page.getByText('岳陽樓記').click();
    await page.getByText('出師表').click();
    const confirm = page.getByTestId('confirm-card');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('預計 8 分鐘');
    expect(await confirm.textContent()).toContain('快速複習');

    await page.getByRole('button', { name: '開始練習' }).click();
    await page.getByTestId('quiz-position').filter({ hasText: '第 1 題，共 5 題' }).waitFor();
    await page.getByRole('button', { name: '離開' }).click();
    await page.getByRole('heading', { name: '快速練習設定' }).waitFor();
    expect(await page.getByTestId('chosen-count').textContent()).toBe('已選 0 篇');
  });
});
