/**
 * Issue 20 in a real browser at phone size: a translation in the question session is marked point by
 * point (each scoring point a row, the model answer under them); a mock paper's 語譯 is marked the same
 * way through the server; the papers are labelled 「DSE 模擬試題」 with a 「2018 形式」 badge per paper and
 * the content's own disclaimer, never as past papers.
 */
import { describe, expect, it } from 'vitest';
import { signUpLearner, useWorld } from '../support/world.ts';

describe('marked answers and the mock papers in a real browser', () => {
  const world = useWorld();

  async function learnerPage() {
    return (await signUpLearner(world, { prefix: 'mark', firstName: '志明' })).page;
  }

  it('marks a translation point by point: the points earned and missed, then the model answer', async () => {
    const page = await learnerPage();
    await page.goto('/lesson/1/questions/sentence_translation/1-sentence_translation');
    const box = page.locator('textarea').first();
    await box.waitFor();
    // Half a translation: some points earned, some missed.
    await box.fill('沒有仁德的人，不能長久遵守約定，也不能長久處於安樂之中。');
    await page.getByRole('button', { name: '提交答案' }).click();
    const marked = page.getByTestId('marked-answer');
    await marked.waitFor();
    const verdict = await page.getByTestId('marked-verdict').textContent();
    expect(verdict).toMatch(/^(全對|部分正確 \d+\/\d+ 分|未達要求)$/);
    const points = page.getByTestId('marked-point');
    expect(await points.count()).toBeGreaterThan(1);
    const earned = await points.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-earned')));
    expect(earned).toContain('false');
    await expect(points.filter({ hasText: '應譯作' }).count()).resolves.toBeGreaterThan(0);
    await expect(marked.getByText('參考答案：').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('calls the papers 「DSE 模擬試題」 with a form badge and the content’s disclaimer, and marks a paper answer on the server', async () => {
    const page = await learnerPage();
    await page.goto('/');
    await page.getByText('DSE 模擬試題').first().waitFor();
    expect(await page.getByText('過往試題').count()).toBe(0);

    await page.goto('/dse-past-papers');
    await page.getByRole('heading', { name: 'DSE 模擬試題' }).waitFor();
    const disclaimer = await page.getByTestId('dse-disclaimer').textContent();
    expect(disclaimer).toContain('文言通');
    expect(disclaimer).not.toContain('經改編');
    await page.getByTestId('paper-badge').filter({ hasText: '2018 形式' }).waitFor();
    expect(await page.getByText(/DSE 20\d\d(?! 形式)/).count()).toBe(0);

    const card = page.getByTestId('paper-card').filter({ hasText: '2018 形式' });
    await card.getByRole('button', { name: '開始作答' }).click();
    const question = page.getByTestId('paper-question').filter({ hasText: '譯' }).last();
    await question.locator('textarea').fill('親近賢能的臣子');
    await question.getByRole('button', { name: '提交答案' }).click();
    await question.getByTestId('paper-answer').waitFor();
    expect(await question.getByTestId('marked-point').count()).toBeGreaterThan(0);
    await expect(question.getByTestId('marked-verdict').textContent()).resolves.toMatch(
      /部分正確|未達要求|全對/,
    );
    await page.context().close();
  });
});
