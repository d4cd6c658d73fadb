/**
 * Part-2 practice screens in a real browser against the real server: a recitation to its results,
 * a past paper answered and revealed, mixed-year generation, and the mind map's zoom and detail.
 */
import { describe, expect, it } from 'vitest';
import { useLearner, useWorld } from '../support/world.ts';

const PUNCTUATION = /[\s\p{P}\p{S}]/u;

describe('part 2 practice screens in a real browser', () => {
  const world = useWorld();
  const learner = useLearner(world, { prefix: 'p2_practice', firstName: '小明' });

  it('recites a short range, with one mistake, to its results', async () => {
    const { page } = learner;
    const lesson = (await (await page.request.get('/api/lessons/1')).json()) as { content: string };
    const characters = Array.from(lesson.content);
    const expected = characters.slice(0, 5).filter((c) => !PUNCTUATION.test(c));
    expect(expected).toHaveLength(3);

    await page.goto('/memorization');
    await page.getByTestId('recitation-lesson').first().getByRole('button', { name: '選擇此篇' }).click();
    const text = page.getByTestId('recitation-text');
    await text.locator('[data-index="0"]').click();
    await text.locator('[data-index="4"]').click();
    await expect(page.getByTestId('range-summary').textContent()).resolves.toContain(
      '第 1 至 5 字，共 3 字需背誦',
    );
    await page.getByRole('button', { name: '開始背誦' }).click();

    const choices = page.getByTestId('recitation-choices');
    await choices.getByRole('button').first().waitFor();
    expect(await choices.getByRole('button').count()).toBe(12);

    // A wrong choice first: the counter moves and the choices come back after 1.5 s.
    // Each button shows its key (1–9, 0, -, =) before the character; the character is the label's last.
    const labels = (await choices.getByRole('button').allTextContents()).map((label) =>
      Array.from(label).at(-1),
    );
    const wrong = labels.find((label) => label !== expected[0]);
    await choices.getByRole('button', { name: wrong, exact: true }).first().click();
    await page.getByText('答錯了，再想一想').waitFor();
    await expect(page.getByTestId('mistakes').textContent()).resolves.toContain('1');

    for (const [index, character] of expected.entries()) {
      const button = choices.getByRole('button', { name: character, exact: true });
      await button.and(page.locator(':enabled')).first().click();
      if (index < expected.length - 1) {
        await page
          .getByTestId('recitation-progress')
          .getByText(`${index + 1}/3`)
          .waitFor();
      }
    }

    const results = page.getByTestId('recitation-results');
    await results.waitFor();
    await expect(page.getByTestId('recitation-accuracy').textContent()).resolves.toBe('75%');
    await expect(page.getByTestId('recitation-grade').textContent()).resolves.toBe('合格');
    await page.getByTestId('recitation-save').getByText('已儲存練習紀錄').waitFor();
    await page.getByRole('button', { name: '再練一次' }).click();
    await page.getByRole('button', { name: '開始背誦' }).waitFor();
  });

  it('answers a mock paper through the server: keys only after answering, a long answer self-assessed', async () => {
    const { page } = learner;
    await page.goto('/dse-past-papers');
    await page.getByTestId('dse-disclaimer').waitFor();
    const cards = page.getByTestId('paper-card');
    await cards.first().waitFor();
    // The 2024 mock has no questions yet: it is not listed (issue 40: no 「共 0 題」).
    expect(await cards.filter({ hasText: '2024' }).count()).toBe(0);
    expect(await page.getByTestId('past-papers-page').textContent()).not.toContain('共 0 題');

    await cards.filter({ hasText: '2019' }).getByRole('button', { name: '開始作答' }).click();
    const questions = page.getByTestId('paper-question');
    await questions.first().waitFor();
    expect(await questions.first().textContent()).not.toContain('DSE 2019');

    const choice = questions.filter({ has: page.locator('fieldset.pp-options') }).first();
    await choice.getByRole('button', { name: '提交答案' }).click();
    await choice.getByText('請先選擇答案').waitFor();
    await choice.locator('.pp-option').first().click();
    await choice.getByRole('button', { name: '提交答案' }).click();
    await choice.getByText('正確答案：').waitFor();
    expect(await choice.locator('.pp-option').first().isDisabled()).toBe(true);
    await expect(choice.locator('.pp-verdict').textContent()).resolves.toMatch(/正確！|答案不正確/);

    const long = questions.filter({ hasText: '長題目' }).first();
    await long.locator('textarea').fill('遷客騷人因物而悲喜，古仁人則先憂後樂。');
    await long.getByRole('button', { name: '提交答案及自評' }).click();
    await long.getByText('請先按評分準則為答案自評').waitFor();
    await long.getByTestId('paper-rubric').locator('input[type=radio]').nth(1).check();
    await long.getByRole('button', { name: '提交答案及自評' }).click();
    await long
      .getByTestId('marked-verdict')
      .getByText(/^自評：\d+\/\d+ 分$/)
      .waitFor();
    await long.getByText('參考答案：').waitFor();
    expect(await long.locator('textarea').getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: '返回試卷列表' }).click();
    await cards.first().waitFor();
  });

  it('generates a mixed-year set after asking for a filter', async () => {
    const { page } = learner;
    await page.goto('/dse-mixed-practice');
    await page.getByRole('button', { name: '生成練習' }).waitFor();
    await page.getByRole('button', { name: '生成練習' }).click();
    await expect(page.getByTestId('mixed-alert').textContent()).resolves.toBe('請選擇至少一個篩選條件');

    expect(await page.getByLabel('題目數量').inputValue()).toBe('20');
    await page.getByLabel('題目數量').selectOption('10');
    await page.getByRole('checkbox', { name: '2019' }).check();
    await page.getByRole('button', { name: '生成練習' }).click();
    const questions = page.getByTestId('paper-question');
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    const first = questions.filter({ has: page.locator('textarea') }).first();
    await first.getByRole('button', { name: '提交答案' }).click();
    await first.getByText('請先作答').waitFor();
  });

  it('zooms the mind map and opens its detail panel', async () => {
    const { page } = learner;
    await page.goto('/mindmap/passage/9');
    const zoom = page.getByTestId('mindmap-zoom');
    await zoom.waitFor();
    await expect(zoom.textContent()).resolves.toBe('100%');
    await page.getByRole('button', { name: '放大' }).click();
    await page.getByRole('button', { name: '放大' }).click();
    await expect(zoom.textContent()).resolves.toBe('144%');
    await page.getByRole('button', { name: '縮小' }).click();
    await expect(zoom.textContent()).resolves.toBe('120%');
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: '縮小' }).click();
    await expect(zoom.textContent()).resolves.toBe('50%');

    const categories = page.getByTestId('mindmap-category');
    expect(await categories.count()).toBeGreaterThanOrEqual(3);
    await categories.first().click();
    const detail = page.getByTestId('mindmap-detail');
    await detail.waitFor();
    for (const block of ['詳細分析', '情感脈絡', '主題思想', '寫作手法']) {
      await detail.getByText(block, { exact: false }).first().waitFor();
    }
    await page.getByRole('button', { name: '重設' }).click();
    await expect(zoom.textContent()).resolves.toBe('100%');
    expect(await detail.count()).toBe(0);

    await page.goto('/mindmap/passage/15');
    await page.getByTestId('mindmap-category').first().click();
    await page.getByTestId('ci-comparison').getByRole('heading', { name: '情感基調' }).waitFor();
  });

  it('reaches the comparisons of texts from the mind maps, by keyboard', async () => {
    const { page } = learner;
    await page.goto('/mindmap');
    const links = page.getByTestId('comparison-link');
    await links.first().waitFor();
    expect(await links.count()).toBe(4);
    const learning = links.filter({ hasText: '師說' });
    await learning.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/mindmap\/passage\/4#compare-learning$/);
    const section = page.locator('#compare-learning');
    await section.getByRole('heading', { name: '論證方法' }).waitFor();
    // The link's target takes the focus, so the keyboard continues from the comparison.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('compare-learning');
    const row = await section.locator('.mm-ci-row').first().textContent();
    expect(row).toContain('勸學');
    expect(row).toContain('師說');

    // A poem of 唐詩三首 shows its group's comparison, its own column first.
    await page.goto('/mindmap/passage/13');
    const poems = page.getByTestId('comparison');
    await poems.getByRole('heading', { name: /唐詩三首比較/ }).waitFor();
    await expect.poll(() => poems.locator('dt').first().textContent()).toBe('登樓');
  });
});
