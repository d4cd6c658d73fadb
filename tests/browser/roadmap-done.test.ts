/**
 * Issue 40: a type roadmap looks different once its node is completed. A new learner at 390×844 opens
 * lesson 1's 詞解 roadmap (nothing done: numbered courses, 「未開始」), answers 第一課 all right, and
 * comes back to a roadmap that says 「已完成（最佳 100%）」, counts one completed type of the lesson, and
 * ticks 第一課. Screenshots go to $WYT_SHOTS when set (to look at; never committed).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerKeys } from '../support/keys.ts';
import { useLearner, useWorld } from '../support/world.ts';

const SHOTS = process.env.WYT_SHOTS;
const ROADMAP = '/lesson/1/word_interpretation/roadmap';

describe('issue 40: the type roadmap before and after its node is completed (390×844)', () => {
  const world = useWorld();
  const learner = useLearner(world);

  async function shot(page: Page, name: string) {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  it('shows numbered courses and 「未開始」 before, and the node done, counted and ticked after 第一課 at 100 %', async () => {
    const { page } = learner;
    const keys = await answerKeys(world.databaseUrl);
    await page.goto(ROADMAP);
    const progress = page.getByTestId('roadmap-progress');
    await progress.getByText(/^未開始/).waitFor();
    const lessonCount = /本課已完成 (\d+) \/ (\d+) 個題型/;
    const before = lessonCount.exec((await progress.textContent()) ?? '');
    expect(before?.[1]).toBe('0');
    expect(await progress.getAttribute('class')).toContain('is-new');
    expect(await page.locator('.course-number').allTextContents()).toEqual(['1', '2', '3', '4']);
    await shot(page, 'roadmap-before-phone');

    // 第一課, every answer right.
    const loading = page.waitForResponse((r) => r.url().includes('/api/course-questions'));
    await page.getByTestId('course-node').first().click();
    const questions = (await (await loading).json()) as Array<{ id: string }>;
    const asked = questions.slice(0, 8);
    for (const [i, q] of asked.entries()) {
      const key = keys.get(q.id)!;
      await page.getByTestId('option').filter({ hasText: key }).first().click();
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.getByText('正確！').first().waitFor();
      await page.getByRole('button', { name: i === asked.length - 1 ? '查看結果' : '下一題' }).click();
    }
    await page.getByTestId('session-results').waitFor();
    expect(await page.getByTestId('results-correct').textContent()).toBe(String(asked.length));

    // The session returns to the roadmap by itself, which asks for the node's completion again.
    await page.waitForURL(`**${ROADMAP}`);
    await progress.getByText('已完成（最佳 100%）').waitFor();
    const after = lessonCount.exec((await progress.textContent()) ?? '');
    expect(after?.[1]).toBe('1');
    expect(after?.[2]).toBe(before?.[2]);
    expect(await progress.getAttribute('class')).toContain('is-done');
    expect(await page.locator('.course-path').getAttribute('class')).toContain('is-done');
    // 第一課 is ticked rather than numbered.
    const first = page.locator('.course-number').first();
    expect(await first.locator('svg').count()).toBe(1);
    expect(await first.textContent()).toBe('');
    expect(await progress.locator('progress').evaluate((p: HTMLProgressElement) => p.value)).toBe(1);
    await shot(page, 'roadmap-after-phone');
  }, 240_000);
});
