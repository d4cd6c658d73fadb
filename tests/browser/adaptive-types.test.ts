/**
 * The adaptive quiz of every practice type (issue 22, item 8), in a real browser against the real
 * server: the practice-type page opens it for word meaning, translation, theme, technique and cultural
 * knowledge; a translation is typed and marked point by point by the server, with the model answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Learner, signUpLearner, startWorld, type World } from './part1-support.ts';

const TYPES = [
  { chip: '詞語解釋', label: '詞解題' },
  { chip: '句子翻譯', label: '句譯題' },
  { chip: '主題內容', label: '主題理解' },
  { chip: '修辭手法', label: '寫作技巧' },
  { chip: '文化常識', label: '文化常識' },
];

describe('the adaptive quiz of every practice type', () => {
  let world: World;
  let learner: Learner;

  beforeAll(async () => {
    world = await startWorld();
    learner = await signUpLearner(world);
  });
  afterAll(async () => {
    await learner?.context.close();
    await world?.close();
  });

  it('opens from the practice-type page for each of the five types', async () => {
    const { page } = learner;
    for (const { chip, label } of TYPES) {
      await page.goto('/lesson/9/types');
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
});
