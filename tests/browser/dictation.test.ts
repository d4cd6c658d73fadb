/**
 * 默書 in a real browser against the real server (issue 22, item 5): the 12-choice mode done with
 * the keyboard alone (number keys, Space to pause), a free recall marked character by character, the
 * 上句接下句 drill with one line right and one wrong to its summary, and one 易錯字 item.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useLearner, useWorld } from '../support/world.ts';

const PUNCTUATION = /[\s\p{P}\p{S}]/u;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='];
const SHOTS = process.env.DICTATION_SCREENSHOTS;
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings on the page as it stands (ids and first targets). */
async function axeSerious(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
}

/** What has the focus: its test id, else its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.textContent?.trim() ?? '';
  });
}

describe('默書 in a real browser', () => {
  const world = useWorld();
  // axe-core is injected as a script of its own: the CSP (script-src 'self') would refuse it.
  const learner = useLearner(world, { prefix: 'dictation', firstName: '小明', context: { bypassCSP: true } });
  const shot = async (name: string) => {
    if (SHOTS) await learner.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('offers the four modes on /memorization', async () => {
    const { page } = learner;
    await page.goto('/memorization');
    const modes = page.getByTestId('recitation-modes').getByRole('link');
    await modes.first().waitFor();
    await expect(modes.allTextContents()).resolves.toEqual(['十二選一', '默寫', '上句接下句', '易錯字']);
  });

  it('recites 山居秋暝 with the keyboard alone: number keys pick, Space pauses', async () => {
    const { page } = learner;
    const lesson = (await (await page.request.get('/api/lessons/11')).json()) as { content: string };
    const expected = Array.from(lesson.content).filter((c) => !PUNCTUATION.test(c));
    await page.goto('/memorization');
    await page.getByTestId('recitation-lesson').first().waitFor();
    // The first lesson has the focus; 山居秋暝 is the eleventh.
    await expect.poll(() => focused(page)).toBe('選擇此篇');
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The start button has the focus, the whole poem selected.
    await expect.poll(() => focused(page)).toBe('開始背誦');
    await page.keyboard.press('Enter');

    const choices = page.getByTestId('recitation-choices').getByRole('button');
    await choices.first().waitFor();
    await expect(choices.first().getAttribute('aria-keyshortcuts')).resolves.toBe('1');
    await expect(choices.nth(11).getAttribute('aria-keyshortcuts')).resolves.toBe('=');
    await shot('choice-keys');
    await expect(axeSerious(page)).resolves.toEqual([]);

    // Space pauses (the choices hide) and resumes.
    await page.keyboard.press(' ');
    await page.getByText('已暫停').waitFor();
    expect(await choices.first().isDisabled()).toBe(true);
    await page.keyboard.press(' ');
    await page.getByText('請選出下一個字').waitFor();

    // One wrong key first, then the right key for every character.
    const first = await choices.allTextContents();
    const wrongIndex = first.findIndex((label) => label.slice(-1) !== expected[0]);
    await page.keyboard.press(KEYS[wrongIndex]!);
    await page.getByText('答錯了，再想一想').waitFor();
    await page.getByText('請選出下一個字').waitFor();
    const ready = page.getByTestId('recitation-choices').locator('button:enabled').first();
    for (const [n, character] of expected.entries()) {
      await ready.waitFor();
      const labels = (await choices.allTextContents()).map((label) => label.slice(-1));
      const index = labels.indexOf(character);
      expect(index).toBeGreaterThanOrEqual(0);
      await page.keyboard.press(KEYS[index]!);
      if (n < expected.length - 1)
        await page
          .getByTestId('recitation-progress')
          .getByText(`${n + 1}/${expected.length}`)
          .waitFor();
    }
    await page.getByTestId('recitation-results').waitFor();
    await page.getByTestId('recitation-save').getByText('已儲存練習紀錄').waitFor();
    await expect(page.getByTestId('recitation-accuracy').textContent()).resolves.toBe('98%');
    await expect.poll(() => focused(page)).toBe('再練一次');
  });

  it('writes a range from memory and shows the wrong, missing and extra characters marked', async () => {
    const { page } = learner;
    await page.goto('/memorization/recall');
    await page.getByTestId('recitation-lesson').nth(10).getByRole('button', { name: '選擇此篇' }).click();
    // The first couplet, chosen from the presets (no pointing needed).
    await page.getByTestId('range-preset').selectOption({ label: '第 1 段：空山新雨後，天氣晚來秋。' });
    await expect(page.getByTestId('range-summary').textContent()).resolves.toContain('共 10 字需背誦');
    await shot('recall-range');
    await page.getByRole('button', { name: '開始默寫' }).click();
    const box = page.getByTestId('recall-written');
    await expect.poll(() => focused(page)).toBe('recall-written');
    // 空山新雨後，天氣晚來秋: 新 written 斤, 氣 left out, 也 added at the end.
    await page.keyboard.type('空山斤雨後，天晚來秋也');
    await shot('recall-writing');
    await box.press('Control+Enter');

    const marked = page.getByTestId('marked-range');
    await marked.waitFor();
    await expect(marked.locator('[data-mark="wrong"]').textContent()).resolves.toContain('新');
    await expect(marked.locator('[data-mark="wrong"] rt').textContent()).resolves.toBe('斤');
    await expect(marked.locator('[data-mark="missing"]').textContent()).resolves.toContain('氣');
    await expect(marked.locator('[data-mark="extra"]').textContent()).resolves.toContain('也');
    expect(await marked.locator('[data-mark="correct"]').count()).toBe(8);
    // Words for screen readers, and the counts in words.
    await expect(marked.textContent()).resolves.toContain('錯字：寫成「斤」');
    await expect(marked.textContent()).resolves.toContain('漏寫');
    await expect(marked.textContent()).resolves.toContain('多寫了「也」');
    await expect(page.getByTestId('marked-counts').textContent()).resolves.toBe(
      '錯字 1 個・漏字 1 個・多字 1 個',
    );
    // 8 correct of 10 + 1 extra.
    await expect(page.getByTestId('recall-accuracy').textContent()).resolves.toBe('73%');
    await shot('recall-marked');
    await expect(axeSerious(page)).resolves.toEqual([]);

    await expect.poll(() => focused(page)).toBe('再默一次');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('recall-written');
    await expect(box.inputValue()).resolves.toBe('');
  });

  it('continues 名句: one line right, one wrong, to a summary', async () => {
    const { page } = learner;
    await page.goto('/memorization/next-line');
    const select = page.getByTestId('drill-lesson');
    await expect.poll(() => focused(page)).toBe('drill-lesson');
    await select.selectOption({ label: '山居秋暝（4 題）' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const answers = ['天氣晚來秋', '清泉石下流', '蓮動下漁舟', '王孫自可留'];
    for (const [n, answer] of answers.entries()) {
      await expect.poll(() => focused(page)).toBe('drill-written');
      await page.keyboard.type(answer);
      await page.keyboard.press('Enter');
      const verdict = page.getByTestId('drill-verdict');
      await verdict.waitFor();
      if (n === 0) await expect(verdict.textContent()).resolves.toBe('正確！');
      if (n === 1) {
        await expect(verdict.textContent()).resolves.toBe('答案：清泉石上流');
        await expect(
          page.getByTestId('marked-range').locator('[data-mark="wrong"] rt').textContent(),
        ).resolves.toBe('下');
        await shot('next-line-wrong');
      }
      await expect.poll(() => focused(page)).toMatch(/^(下一題|看結果)$/);
      await page.keyboard.press('Enter');
    }
    const summary = page.getByTestId('drill-summary');
    await summary.waitFor();
    await expect(page.getByTestId('drill-score').textContent()).resolves.toBe('3/4');
    await expect(summary.textContent()).resolves.toContain('你寫：清泉石下流');
    await shot('next-line-summary');
    await expect(axeSerious(page)).resolves.toEqual([]);
  });

  it('drills a miswritten character: the phrase blanked, marked by the server, then the note', async () => {
    const { page } = learner;
    await page.goto('/memorization/miswrite');
    await page.getByTestId('drill-lesson').selectOption({ label: '青玉案‧元夕（3 題）' });
    await page.getByRole('button', { name: '開始' }).click();
    await expect(page.getByTestId('drill-prompt').textContent()).resolves.toContain('鳳□聲動');
    await expect(page.getByTestId('drill-note').count()).resolves.toBe(0);
    await page.getByTestId('drill-written').fill('鳳蕭聲動');
    await page.getByTestId('drill-written').press('Enter');
    await expect(page.getByTestId('drill-verdict').textContent()).resolves.toBe('答案：鳳簫聲動');
    await expect(
      page.getByTestId('marked-range').locator('[data-mark="wrong"] rt').textContent(),
    ).resolves.toBe('蕭');
    await expect(page.getByTestId('drill-note').textContent()).resolves.toContain('簫：竹字頭下「肅」');
    await shot('miswrite-marked');
    await expect(axeSerious(page)).resolves.toEqual([]);
  });
});
