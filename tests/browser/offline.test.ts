/**
 * The installable, offline app in a real browser against the real server (the built client with its
 * service worker): a question session answered offline is kept on the device, sent when the connection
 * returns and counted once, and its verdicts are listed under the banner; the passage page, a mind map,
 * the lobby and a roadmap course session open offline after one visit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openUnderServiceWorker } from '../support/browser.ts';
import { answerKeys } from '../support/keys.ts';
import { useLearner, useWorld } from '../support/world.ts';

describe('offline use in a real browser', () => {
  const world = useWorld();
  const learner = useLearner(world, {
    prefix: 'offline',
    firstName: '小明',
    context: { serviceWorkers: 'allow' },
  });
  let keys: Map<string, string>;

  beforeAll(async () => {
    keys = await answerKeys(world.databaseUrl);
  });

  it('installs: a manifest with icons, and a service worker that controls the page', async () => {
    const { page } = learner;
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({
      name: '文言通',
      display: 'standalone',
      lang: 'zh-Hant-HK',
      icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]),
    });
    expect((await page.request.get('/icons/icon-192.png')).headers()['content-type']).toBe('image/png');
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

    await openUnderServiceWorker(page);
    // One visit online to the screens used offline below (the texts are kept as they load).
    await page.goto('/passage/9');
    await page.locator('.passage-title').waitFor();
    await page.goto('/mindmap/passage/9');
    await page.getByTestId('mindmap-canvas').waitFor();
  });

  it('answers two questions offline, sends them when back online and counts each once', async () => {
    const { context, page, id: userId } = learner;
    type Loaded = { id: string; options: string[] | null; correctAnswer?: string };
    const loading = page.waitForResponse((r) => r.url().includes('/api/course-questions'));
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    const questions = (await (await loading).json()) as Loaded[];
    await page.getByTestId('question-session').waitFor();

    await context.setOffline(true);
    await page.getByText('離線中，答案會在連線後送出').waitFor();
    const answered: string[] = [];
    for (const question of questions.slice(0, 2)) {
      const wrong = (question.options ?? []).find((o) => o !== keys.get(question.id))!;
      await page.getByTestId('option').filter({ hasText: wrong }).first().click();
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.getByTestId('answer-kept').waitFor();
      answered.push(question.id);
      await expect(page.getByTestId('offline-waiting').textContent()).resolves.toBe(
        `${answered.length} 個答案待送出`,
      );
      await page.getByRole('button', { name: '下一題' }).click();
    }
    expect(await page.getByText('未能提交答案，請檢查網絡後再試。').count()).toBe(0);

    // Still offline: the passage and the mind map open from the device, and the answers wait.
    await page.goto('/passage/9');
    await page.locator('.passage-title').waitFor();
    expect((await page.locator('.passage').textContent())?.length ?? 0).toBeGreaterThan(50);
    // Its annotations (注釋 and 語譯) come from the device too.
    const annotations = await page.evaluate(async () => {
      const res = await fetch('/api/lessons/9/annotations', { credentials: 'include' });
      return { status: res.status, body: (await res.json()) as { lessonId: number } };
    });
    expect(annotations).toMatchObject({ status: 200, body: { lessonId: 9 } });
    await page.goto('/mindmap/passage/9');
    await page.getByTestId('mindmap-canvas').waitFor();
    await expect(page.getByTestId('offline-waiting').textContent()).resolves.toBe('2 個答案待送出');

    await context.setOffline(false);
    await page.getByText(/已送出 2 個離線答案/).waitFor();
    // Their verdicts stay in a list the learner opens from the banner, until dismissed.
    await page.getByTestId('offline-waiting').waitFor({ state: 'detached' });
    await page.getByText('離線作答結果（2）').click();
    const results = page.getByTestId('offline-result');
    await expect(results.count()).resolves.toBe(2);
    for (const line of await results.allTextContents()) expect(line).toMatch(/^錯誤你的答案：.+參考答案：/);
    await page.getByRole('button', { name: '知道了' }).click();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

    const errorBook = async () =>
      (await (await page.request.get(`/api/users/${userId}/error-questions`)).json()) as Array<{
        questionId: string;
        attemptCount: number;
      }>;
    await expect
      .poll(async () => (await errorBook()).filter((r) => answered.includes(r.questionId)).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const book = await errorBook();
    for (const id of answered) expect(book.find((r) => r.questionId === id)?.attemptCount).toBe(1);
  });

  it('opens the lobby and a roadmap course session offline after one visit', async () => {
    const { context, page } = learner;
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    await page.getByTestId('question-session').waitFor();
    await page.goto('/passage/9');
    await page.locator('.passage-title').waitFor();

    // The connection drops on a page: the lobby opens from the app's own link ...
    await context.setOffline(true);
    await page.locator('.brand').click();
    await page.getByTestId('lesson-card').first().waitFor();
    expect(await page.getByText('載入課程中...').count()).toBe(0);
    // ... and from a fresh start, and the roadmap's course session opens from the device.
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    await page.getByTestId('question-session').waitFor();
    expect(await page.getByText('載入題目失敗').count()).toBe(0);
    await context.setOffline(false);
  });

  it('the adaptive quiz keeps an answer offline and offers the next question', async () => {
    const { context, page } = learner;
    await page.goto('/lesson/9/adaptive/sentence_translation');
    await page.getByLabel('你的答案').waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('你的答案').fill('滕子京被貶官到巴陵郡做太守');
    await page.getByRole('button', { name: '提交答案' }).click();
    const kept = page.getByTestId('answer-kept');
    await kept.waitFor();
    expect(await page.getByText('未能提交答案，請檢查網絡後再試。').count()).toBe(0);
    await expect(page.getByTestId('offline-waiting').textContent()).resolves.toBe('1 個答案待送出');
    await kept.getByRole('button', { name: '繼續' }).click();
    await expect.poll(() => page.getByTestId('quiz-position').textContent()).toMatch(/^第 2 題/);

    await context.setOffline(false);
    await page.getByTestId('offline-waiting').waitFor({ state: 'detached' });
    await page.getByText('離線作答結果（1）').waitFor();
  });

  it('sends an answer kept while the server was unreachable (the browser online) within 10 s, once', async () => {
    const { context, page, id: userId } = learner;
    type Loaded = { id: string; options: string[] | null };
    const loading = page.waitForResponse((r) => r.url().includes('/api/course-questions'));
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    const [question] = (await (await loading).json()) as Loaded[];
    await page.getByTestId('question-session').waitFor();
    const attempts = async () => {
      const book = (await (await page.request.get(`/api/users/${userId}/error-questions`)).json()) as Array<{
        questionId: string;
        attemptCount: number;
      }>;
      return book.find((r) => r.questionId === question!.id)?.attemptCount ?? 0;
    };
    const before = await attempts();
    // The server is down (a restart): navigator.onLine stays true and no online event ever comes.
    await context.route('**/api/users/answers', (route) => route.abort('connectionrefused'));
    const wrong = (question!.options ?? []).find((o) => o !== keys.get(question!.id))!;
    await page.getByTestId('option').filter({ hasText: wrong }).first().click();
    await page.getByRole('button', { name: '提交答案' }).click();
    await page.getByTestId('answer-kept').waitFor();
    await expect(page.getByTestId('offline-waiting').textContent()).resolves.toBe('正在送出 1 個答案…');

    await context.unroute('**/api/users/answers');
    await page.getByTestId('offline-waiting').waitFor({ state: 'detached', timeout: 10_000 });
    // The error book is a projection: it may follow the acknowledged answer by a moment.
    await expect.poll(attempts, { timeout: 10_000 }).toBe(before + 1);
  });
});
