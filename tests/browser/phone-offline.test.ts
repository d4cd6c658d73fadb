/**
 * Issue 40, a student's phone: the library, 今日複習 and the error book open offline with what they last
 * showed (the network cut on the page and the service worker), and nothing of theirs stays on the phone
 * after sign-out; the verdict line is the first thing in view after an answer; at 200 % zoom nothing
 * sticky hides the focused control (walked by keyboard alone); the passage draws its text once, with its
 * annotations (CLS ≤ 0.1). Against the real server and the built client.
 *
 * SCREENSHOT_DIR=/some/dir writes a screenshot of each screen, online and offline, for a person to read.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openUnderServiceWorker, PHONE } from '../support/browser.ts';
import { answerKeys } from '../support/keys.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { useTestDatabase } from '../support/test-db.ts';

const shots = process.env.SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

/**
 * Whether the element (a native radio: its label, the card the reader sees) is inside the viewport and
 * not under any sticky or fixed bar (WCAG 2.2, 2.4.11: not even in part, here), once animations end.
 */
const inPlainView = async (page: Page, selector: string) => {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return 'missing';
    const shown = (element instanceof HTMLInputElement ? element.closest('label') : null) ?? element;
    const box = shown.getBoundingClientRect();
    // A tall option at 200 % may run past the screen's foot; its start must be on screen.
    if (box.top < 0 || box.top + Math.min(box.height, 40) > window.innerHeight || box.height === 0) {
      return `out of view: ${Math.round(box.top)}–${Math.round(box.bottom)} of ${window.innerHeight}`;
    }
    for (const other of document.querySelectorAll('body *')) {
      const style = getComputedStyle(other);
      if (style.position !== 'sticky' && style.position !== 'fixed') continue;
      if (style.visibility === 'hidden' || other.contains(shown) || shown.contains(other)) continue;
      const bar = other.getBoundingClientRect();
      const across = Math.min(box.right, bar.right) - Math.max(box.left, bar.left);
      const down = Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top);
      if (across > 0 && down > 0)
        return `under ${other.className || other.tagName} by ${Math.round(down)} px`;
    }
    return 'visible';
  }, selector);
};

describe("a student's phone, online and off (issue 40)", () => {
  let server: RunningServer;
  let browser: Browser;
  const database = useTestDatabase();
  let keys: Map<string, string>;
  let context: BrowserContext;
  let page: Page;
  let userId: string;

  beforeAll(async () => {
    keys = await answerKeys(database.url);
    server = await startServer({ databaseUrl: database.url });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: PHONE, baseURL: server.url, hasTouch: true });
    page = await context.newPage();
    const signUp = await page.request.post('/api/auth/register', {
      data: { username: `phone_${Date.now()}`, password: 'correct horse battery', firstName: '小明' },
    });
    expect(signUp.status()).toBe(201);
    userId = String(((await signUp.json()) as { id: string | number }).id);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens the library, 今日複習 and the error book offline with what they last showed', async () => {
    // Two wrong answers: the error book and the review cards have something to show.
    const questions = (await (
      await page.request.get('/api/course-questions?lessonId=9&courseId=1')
    ).json()) as Array<{
      id: string;
      options: string[] | null;
    }>;
    const answered = questions.filter((q) => (q.options ?? []).length > 1).slice(0, 2);
    for (const question of answered) {
      const wrong = question.options!.find((o) => o !== keys.get(question.id))!;
      const res = await page.request.post('/api/users/answers', {
        headers: { 'Idempotency-Key': randomUUID() },
        data: { userId, questionId: question.id, selectedAnswer: wrong, timeSpent: 20 },
      });
      expect(res.status()).toBe(200);
    }
    const errorBook = async () =>
      ((await (await page.request.get(`/api/users/${userId}/error-questions`)).json()) as unknown[]).length;
    await expect.poll(errorBook, { timeout: 15_000 }).toBe(2);

    await openUnderServiceWorker(page);

    // One visit online to each screen; what each shows is noted.
    await page.goto('/');
    await page.getByTestId('today-review').waitFor();
    const dueOnline = await page.getByTestId('today-review').textContent();
    // The shortcut 「DSE 模擬試題」 wraps at its space, never inside 模擬試題.
    const tile = page.locator('.shortcut', { hasText: 'DSE' }).locator('span').last();
    expect(
      await tile.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      ),
    ).toBeLessThanOrEqual(2);
    expect(
      await tile.evaluate((el) => {
        const range = document.createRange();
        const text = el.firstChild as Text;
        const at = (i: number) => {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return Math.round(range.getBoundingClientRect().top);
        };
        const start = text.data.indexOf('模');
        return new Set([0, 1, 2, 3].map((i) => at(start + i))).size;
      }),
    ).toBe(1);
    await shoot(page, 'lobby-online');
    await page.goto('/library');
    await page.getByTestId('library-card').first().waitFor();
    const libraryOnline = await page.getByTestId('library-card').allTextContents();
    await shoot(page, 'library-online');
    await page.goto('/review?mode=error_book');
    await page.getByTestId('review-session').waitFor();
    const reviewOnline = await page.getByTestId('quiz-position').textContent();
    await shoot(page, 'review-online');
    await page.goto('/error-book');
    await page.getByTestId('error-item').first().waitFor();
    const itemsOnline = await page.getByTestId('error-item').allTextContents();
    expect(itemsOnline).toHaveLength(2);
    await expect(page.getByTestId('mastery-rule').textContent()).resolves.toMatch(/最近一次答對.+\d+%/);
    await shoot(page, 'error-book-online');

    // The network is cut on the page and on the service worker; each screen opens from a fresh load.
    await context.setOffline(true);
    await page.goto('/library');
    await page.getByTestId('library-card').first().waitFor();
    expect(await page.getByTestId('library-card').allTextContents()).toEqual(libraryOnline);
    await shoot(page, 'library-offline');
    await page.goto('/');
    await page.getByTestId('today-review').waitFor();
    expect(await page.getByTestId('today-review').textContent()).toBe(dueOnline);
    await shoot(page, 'lobby-offline');
    await page.goto('/review?mode=error_book');
    await page.getByTestId('review-session').waitFor();
    expect(await page.getByTestId('quiz-position').textContent()).toBe(reviewOnline);
    expect(await page.getByText('未能載入複習題目').count()).toBe(0);
    await shoot(page, 'review-offline');
    await page.goto('/error-book');
    await page.getByTestId('error-item').first().waitFor();
    expect(await page.getByTestId('error-item').allTextContents()).toEqual(itemsOnline);
    await shoot(page, 'error-book-offline');
    await context.setOffline(false);
  });

  it('shows the verdict line first after a translation answer, the next action focused', async () => {
    await page.goto('/lesson/9/adaptive/sentence_translation');
    await page.getByLabel('你的答案').fill('慶曆四年的春天，滕子京被貶官到巴陵郡做太守。');
    await page.getByRole('button', { name: '提交答案' }).click();
    await page.getByTestId('marked-verdict').waitFor();
    // The panel may scroll (several points): it starts at its verdict, with 繼續 in view and focused.
    expect(await inPlainView(page, '[data-testid="marked-verdict"]')).toBe('visible');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('繼續');
    expect(await inPlainView(page, '.feedback .next-action')).toBe('visible');
    expect(await page.locator('.feedback').evaluate((el) => el.scrollTop)).toBe(0);
    await shoot(page, 'verdict-in-view');
  });

  it('at 200 % zoom nothing sticky hides the focused control, by keyboard alone', async () => {
    // A 390 × 844 phone zoomed to 200 %: 195 × 422 CSS pixels.
    const zoomed = await browser.newContext({
      viewport: { width: PHONE.width / 2, height: PHONE.height / 2 },
      deviceScaleFactor: 2,
      baseURL: server.url,
      storageState: await context.storageState(),
    });
    try {
      const tab = await zoomed.newPage();
      await tab.goto('/lesson/9/questions/word_interpretation/course1');
      await tab.getByTestId('question-session').waitFor();
      // Tab from the top of the page: every control it reaches is in plain view, down to the first option.
      const seen: string[] = [];
      const focusedView = async () => {
        const where = await tab.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          element.setAttribute('data-focused', '');
          return `${element.tagName} ${element.getAttribute('type') ?? ''} ${element.textContent?.slice(0, 8) ?? ''}`;
        });
        const view = await inPlainView(tab, '[data-focused]');
        await tab.evaluate(() => {
          for (const el of document.querySelectorAll('[data-focused]')) el.removeAttribute('data-focused');
        });
        return `${where}: ${view}`;
      };
      const isRadio = () =>
        tab.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
      for (let step = 0; step < 30 && !(await isRadio()); step += 1) {
        await tab.keyboard.press('Tab');
        seen.push(await focusedView());
      }
      expect(await isRadio(), seen.join('\n')).toBe(true);
      await shoot(tab, 'zoom-200-focus');
      // The arrows walk the options (each chosen in turn), all in view.
      for (let step = 0; step < 3; step += 1) {
        await tab.keyboard.press('ArrowDown');
        seen.push(await focusedView());
      }
      expect(
        seen.every((line) => line.endsWith('visible')),
        seen.join('\n'),
      ).toBe(true);
      // Enter on the chosen option submits it.
      await tab.keyboard.press('Enter');
      await tab.locator('.feedback').waitFor();
      expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('下一題');
      // The bars do not stick here, so the panel is scrolled in: its verdict and the focused 下一題.
      expect(await inPlainView(tab, '.feedback .feedback-title')).toBe('visible');
      await tab.evaluate(() => document.activeElement?.setAttribute('data-focused', ''));
      expect(await inPlainView(tab, '[data-focused]')).toBe('visible');
      await shoot(tab, 'zoom-200-verdict');
    } finally {
      await zoomed.close();
    }
  });

  it('draws the passage once, with its annotations (CLS ≤ 0.1)', async () => {
    // No service worker here, so the page's own route can hold the annotations back.
    const plain = await browser.newContext({
      viewport: PHONE,
      baseURL: server.url,
      serviceWorkers: 'block',
      storageState: await context.storageState(),
    });
    try {
      const tab = await plain.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await tab.route('**/api/lessons/9/annotations', async (route) => {
        await held;
        await route.continue();
      });
      await tab.addInitScript(() => {
        (window as unknown as { cls: number }).cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await tab.goto('/passage/9');
      await tab.locator('.passage-title').waitFor();
      // While the annotations travel, the text is not drawn bare.
      expect(await tab.getByTestId('passage-text').count()).toBe(0);
      release();
      await tab.getByTestId('passage-text').waitFor();
      await tab.locator('.translate-toggle').first().waitFor();
      // Two frames after the text, every shift has been reported.
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const cls = await tab.evaluate(() => (window as unknown as { cls: number }).cls);
      console.info(`passage CLS with the annotations held back: ${cls.toFixed(3)}`);
      expect(cls).toBeLessThanOrEqual(0.1);
      await shoot(tab, 'passage-online');
    } finally {
      await plain.close();
    }
  });

  it("uses a laptop's width on the library, the passage and the papers (1280 × 800)", async () => {
    const wide = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: server.url,
      storageState: await context.storageState(),
    });
    try {
      const tab = await wide.newPage();
      await tab.goto('/library');
      await tab.getByTestId('library-card').first().waitFor();
      const tops = await tab
        .getByTestId('library-card')
        .evaluateAll((cards) => cards.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(new Set(tops).size, 'three cards a row').toBe(1);
      await shoot(tab, 'desktop-library');
      await tab.goto('/passage/9');
      await tab.getByTestId('passage-text').waitFor();
      const layout = await tab.evaluate(() => {
        const head = document.querySelector('.passage-head')!.getBoundingClientRect();
        const text = document.querySelector('.passage-text')!.getBoundingClientRect();
        return { beside: head.right <= text.left && head.top < text.bottom, textWidth: text.width };
      });
      expect(layout.beside).toBe(true);
      expect(layout.textWidth).toBeGreaterThan(700);
      await shoot(tab, 'desktop-passage');
      await tab.goto('/dse-past-papers');
      await tab.getByTestId('past-papers-page').waitFor();
      expect(await tab.getByTestId('past-papers-page').evaluate((main) => main.clientWidth)).toBeGreaterThan(
        1100,
      );
      await shoot(tab, 'desktop-papers');
    } finally {
      await wide.close();
    }
  });

  it('signing out leaves nothing of the learner on the phone: no cached reads, no offline verdicts', async () => {
    await page.goto('/error-book');
    await page.getByTestId('error-item').first().waitFor();
    await page.evaluate((id) => {
      localStorage.setItem(`wyt-offline-results:${id}`, JSON.stringify([{ key: 'k', questionId: 'q' }]));
    }, userId);
    expect(await page.evaluate(() => caches.has('wyt-learner'))).toBe(true);

    await page.goto('/profile');
    await page.getByRole('button', { name: '登出' }).click();
    await page.getByTestId('login-page').getByRole('link', { name: '登入' }).waitFor();
    const left = await page.evaluate(
      async (id) => ({
        learner: await caches.has('wyt-learner'),
        session: await caches.has('wyt-session'),
        questions: await caches.has('wyt-question-sets'),
        results: localStorage.getItem(`wyt-offline-results:${id}`),
      }),
      userId,
    );
    expect(left).toEqual({ learner: false, session: false, questions: false, results: null });

    // Offline, the next person on this phone gets nothing of theirs from the service worker.
    await context.setOffline(true);
    const status = await page.evaluate(async (id) => {
      try {
        return (await fetch(`/api/users/${id}/error-questions`)).status;
      } catch {
        return 'no response';
      }
    }, userId);
    expect(status).toBe('no response');
    await context.setOffline(false);
  });
});
