/**
 * Keyboard use (issue 24, item 6): a question session done with the keyboard alone. Each new question
 * takes the focus to its first option (or its answer field), Enter submits the selected answer, and the
 * results screen, which would return to the roadmap after 2 s, is held by the focused 「留在此頁」.
 * Also the spec's remainders seen in the browser: a whole vocabulary card starts its quiz, and the
 * profile shows the streak status.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reloadUntil, useLearner, useWorld } from './part1-support.ts';

/** What has the focus: 'radio', 'textarea', or the focused element's text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    if (el instanceof HTMLInputElement && el.type === 'radio') return 'radio';
    if (el instanceof HTMLTextAreaElement) return 'textarea';
    return el.textContent?.trim() ?? el.tagName;
  });
}

describe('keyboard and screen reader', () => {
  const world = useWorld();
  const learner = useLearner(world);

  it('goes through a question session with the keyboard alone and can hold the results', async () => {
    const { page } = learner;
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    await page.getByTestId('question-session').waitFor();
    const position = page.getByTestId('session-position');
    const total = Number((await position.textContent())?.match(/\/ (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(1);

    // The first question: the keyboard reaches its first option.
    await page.getByTestId('option').first().locator('input').focus();
    for (let n = 1; n <= total; n++) {
      await expect.poll(() => position.textContent()).toContain(`第 ${n} /`);
      if (n > 1) {
        // A new question has the focus on its first option or its answer field, not on the page body.
        await expect.poll(() => focused(page)).toMatch(/^(radio|textarea)$/);
      }
      if ((await focused(page)) === 'textarea') {
        await page.keyboard.type('學而時習之');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      } else {
        // Enter on an option not yet chosen chooses it; Enter again submits it.
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('option').locator('input:checked').count()).toBe(1);
        await page.keyboard.press('Enter');
      }
      await page.locator('.feedback').waitFor();
      // The next action has the focus after the feedback.
      expect(await focused(page)).toBe(n === total ? '查看結果' : '下一題');
      await page.keyboard.press('Enter');
    }

    // The results: 「留在此頁」 has the focus; Enter holds the page past the 2 s return.
    await page.getByTestId('session-results').waitFor();
    const resultsUrl = page.url();
    expect(await focused(page)).toBe('留在此頁');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('秒後返回學習路線').count()).toBe(0);
    await page.waitForTimeout(3_000);
    expect(page.url()).toBe(resultsUrl);
    expect(await page.getByTestId('session-results').isVisible()).toBe(true);
  });

  it('returns to the roadmap after 2 s when the results are not held', async () => {
    const { page } = learner;
    await page.goto('/lesson/9/questions/word_interpretation/course1');
    await page.getByTestId('question-session').waitFor();
    const total = Number((await page.getByTestId('session-position').textContent())?.match(/\/ (\d+)/)?.[1]);
    for (let n = 1; n <= total; n++) {
      await page.getByTestId('option').first().click();
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.getByRole('button', { name: n === total ? '查看結果' : '下一題' }).click();
    }
    await page.getByTestId('session-results').waitFor();
    await page.waitForURL(/\/lesson\/9\/word_interpretation\/roadmap$/, { timeout: 10_000 });
  });

  it('starts a vocabulary quiz from anywhere on its card', async () => {
    const { page } = learner;
    await page.goto('/vocabulary');
    const card = page.getByTestId('vocab-lesson-card').filter({ hasText: '師說' });
    await card.getByRole('heading').click();
    await page.getByTestId('adaptive-quiz').waitFor();
    expect(new URL(page.url()).pathname).toBe('/vocabulary');
  });

  it('takes the system dark-mode setting until the learner chooses a theme', async () => {
    const context = await world.browser.newContext({ baseURL: world.server.url, colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(await dark()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('wyt-dark'))).toBeNull();
      // A stored choice wins over the system setting, before first paint (index.html's inline theme script).
      await page.evaluate(() => localStorage.setItem('wyt-dark', 'false'));
      await page.reload();
      expect(await dark()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the streak status on the profile', async () => {
    const { page } = learner;
    await page.goto('/profile');
    const status = page.getByTestId('profile-streak-status');
    // The answers above started the streak today: in progress (green).
    await reloadUntil(page, status, /連續學習中/);
    expect(await status.getAttribute('class')).toMatch(/is-green/);
  });
});
