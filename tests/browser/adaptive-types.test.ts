/**
 * The adaptive quiz of every practice type (issue 22, item 8), in a real browser against the real
 * server: the practice-type page opens it for word meaning, translation, theme, technique and cultural
 * knowledge; a translation is typed and marked point by point by the server, with the model answer.
 */
import { describe, expect, it } from 'vitest';
import { useLearner, useWorld } from './part1-support.ts';

const TYPES = [
  { chip: '詞語解釋', label: '詞解題' },
  { chip: '句子翻譯', label: '句譯題' },
  { chip: '主題內容', label: '主題理解' },
  { chip: '修辭手法', label: '寫作技巧' },
  { chip: '文化常識', label: '文化常識' },
];

describe('the adaptive quiz of every practice type', () => {
  const world = useWorld();
  const learner = useLearner(world);

  it('opens from the practice-type page for each of the five types', async () => {
    const { page } = learner;
    for (const { chip, label } of TYPES) {
      await page.goto('/lesson/9/types');
      await page.getByTestId('adaptive-type').first().waitFor();
      if (chip === '詞語解釋')
        await page.screenshot({ path: '/tmp/wenyan-passage-shots/practice-types.png', fullPage: true });
      const loading = page.waitForResponse((r) => r.url().includes('/api/lessons/9/adaptive-questions'));
      await page.getByTestId('adaptive-type').getByText(chip, { exact: true }).click();
      expect((await loading).status()).toBe(200);
      const quiz = page.getByTestId('adaptive-quiz');
      await quiz.locator('.question-type strong').waitFor();
      expect(await quiz.locator('.question-type strong').first().textContent()).toBe(label);
      expect(await page.getByTestId('quiz-position').textContent()).toMatch(/第 1 題，共 \d+ 題/);
    }
  });

  it('marks a typed translation by its scheme and shows the model answer only after', async () => {
    const { page } = learner;
    await page.goto('/lesson/9/adaptive/sentence_translation');
    const answer = page.getByLabel('你的答案');
    await answer.waitFor();
    expect(await page.getByTestId('marked-answer').count()).toBe(0);
    // A learner's own rendering: the server marks it by the item's scoring points.
    await answer.fill('滕子京被貶官到巴陵郡做太守，百姓和樂');
    await page.getByRole('button', { name: '提交答案' }).click();
    const marked = page.getByTestId('marked-answer');
    await marked.waitFor();
    await expect
      .poll(() => page.getByTestId('marked-verdict').textContent())
      .toMatch(/全對|部分正確|未達要求/);
    expect(await marked.getByTestId('marked-point').count()).toBeGreaterThan(0);
    expect(await marked.textContent()).toContain('參考答案');
  });

  it('runs a 句式 session from the vocabulary page, its items from several texts', async () => {
    const { page } = learner;
    await page.goto('/vocabulary');
    const card = page.getByTestId('pattern-card').filter({ hasText: '句式：被動句' });
    await card.waitFor();
    expect(await page.getByTestId('pattern-card').count()).toBe(5);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/wenyan-passage-shots/patterns.png' });
    await card.getByRole('button', { name: /開始練習/ }).click();
    const quiz = page.getByTestId('adaptive-quiz');
    await quiz.waitFor();
    expect(await quiz.locator('#quiz-title').textContent()).toBe('句式：被動句');
    await expect.poll(() => page.getByTestId('quiz-position').textContent()).toMatch(/第 1 題，共 6 題/);
    // Answered through the quiz's flow: a choice, then the verdict with the key.
    await quiz.getByTestId('option').first().click();
    await page.getByRole('button', { name: '提交答案' }).click();
    await expect.poll(() => page.locator('.feedback').textContent()).toMatch(/正確！|錯誤/);
  });
});
