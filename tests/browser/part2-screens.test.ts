/**
 * Every part-2 screen at 390 × 844 in the light and the dark theme: each one renders its content
 * (no error state) and fits the phone's width in both. With SCREENSHOT_DIR set, a full-page PNG of each
 * screen is written there for review.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, wearTheme } from '../support/browser.ts';
import { answerKeys, withKeys } from '../support/keys.ts';
import { grantAdmin } from '../support/server.ts';
import { newContext, PASSWORD, register, useWorld } from '../support/world.ts';

const LEARNER = 'p2_screens';
const ADMIN = 'p2_screens_admin';
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

type Question = { id: string; options: string[]; correctAnswer: string };

/** A screen: where it is, how to bring it to the state worth looking at, and what shows it is ready. */
type Screen = {
  name: string;
  path: string;
  user?: 'learner' | 'admin';
  ready: (page: Page) => Promise<void>;
};

const SCREENS: Screen[] = [
  {
    name: 'recitation-select',
    path: '/memorization',
    ready: (p) => p.getByTestId('recitation-lesson').first().waitFor(),
  },
  {
    name: 'recitation-range',
    path: '/memorization',
    ready: async (p) => {
      await p.getByTestId('recitation-lesson').first().getByRole('button', { name: '選擇此篇' }).click();
      await p.getByTestId('range-summary').waitFor();
    },
  },
  {
    name: 'recitation-practice',
    path: '/memorization',
    ready: async (p) => {
      await p.getByTestId('recitation-lesson').first().getByRole('button', { name: '選擇此篇' }).click();
      await p.getByRole('button', { name: '前半部' }).click();
      await p.getByRole('button', { name: '開始背誦' }).click();
      await p.getByTestId('recitation-choices').getByRole('button').first().waitFor();
    },
  },
  {
    name: 'recitation-results',
    path: '/memorization',
    ready: async (p) => {
      await p.getByTestId('recitation-lesson').first().getByRole('button', { name: '選擇此篇' }).click();
      const text = p.getByTestId('recitation-text');
      await text.locator('[data-index="0"]').click();
      await text.locator('[data-index="0"]').click();
      await p.getByRole('button', { name: '開始背誦' }).click();
      await p.getByTestId('recitation-choices').getByRole('button', { name: '子', exact: true }).click();
      await p.getByTestId('recitation-save').getByText('已儲存練習紀錄').waitFor();
    },
  },
  {
    name: 'past-papers',
    path: '/dse-past-papers',
    ready: (p) => p.getByTestId('paper-card').first().waitFor(),
  },
  {
    name: 'past-paper-detail',
    path: '/dse-pastpapers',
    ready: async (p) => {
      await p.getByTestId('paper-card').filter({ hasText: '2019' }).getByRole('button').click();
      const choice = p
        .getByTestId('paper-question')
        .filter({ has: p.locator('fieldset') })
        .first();
      await choice.locator('.pp-option').nth(1).click();
      await choice.getByRole('button', { name: '提交答案' }).click();
      await choice.getByText('正確答案：').waitFor();
    },
  },
  {
    name: 'past-papers-mixed-mode',
    path: '/dse-past-papers',
    ready: async (p) => {
      await p.getByRole('tab', { name: '混合練習' }).click();
      await p.getByRole('button', { name: '生成練習' }).waitFor();
    },
  },
  {
    name: 'mixed-year',
    path: '/dse-mixed-practice',
    ready: async (p) => {
      await p.getByRole('checkbox', { name: '2020' }).check();
      await p.getByRole('button', { name: '生成練習' }).click();
      await p.getByTestId('paper-question').first().waitFor();
    },
  },
  { name: 'mindmap-index', path: '/mindmap', ready: (p) => p.getByTestId('mindmap-card').first().waitFor() },
  {
    name: 'mindmap-passage',
    path: '/mindmap/passage/9',
    ready: async (p) => {
      await p.getByTestId('mindmap-category').nth(1).click();
      await p.getByTestId('mindmap-detail').waitFor();
    },
  },
  {
    name: 'mindmap-ci',
    path: '/mindmap/passage/14',
    ready: async (p) => {
      await p.getByTestId('mindmap-category').first().click();
      await p.getByTestId('ci-comparison').waitFor();
    },
  },
  { name: 'streak', path: '/streak', ready: (p) => p.getByTestId('streak-count').waitFor() },
  { name: 'profile', path: '/profile', ready: (p) => p.getByTestId('study-record').first().waitFor() },
  { name: 'tokens', path: '/tokens', ready: (p) => p.getByText('此功能尚未開放').waitFor() },
  {
    name: 'settings',
    path: '/settings',
    ready: (p) => p.getByRole('switch', { name: '深色模式' }).waitFor(),
  },
  { name: 'rank', path: '/rank', ready: (p) => p.getByTestId('rank-row').first().waitFor() },
  { name: 'error-book', path: '/error-book', ready: (p) => p.getByTestId('error-item').first().waitFor() },
  {
    name: 'error-book-dialog',
    path: '/error-book',
    ready: async (p) => {
      await p.getByTestId('error-item').first().click();
      await p.getByRole('dialog').getByText('你的答案').waitFor();
    },
  },
  {
    name: 'error-questions',
    path: '/error-questions',
    ready: async (p) => {
      await p.getByTestId('error-item').first().getByRole('button').first().click();
      await p.getByTestId('error-detail').waitFor();
    },
  },
  {
    name: 'admin-denied',
    path: '/admin',
    ready: (p) => p.getByText('存取被拒：此頁需要管理員權限').waitFor(),
  },
  {
    name: 'admin',
    path: '/admin',
    user: 'admin',
    ready: (p) => p.getByTestId('admin-status-cards').getByText('題目總數').waitFor(),
  },
];

describe('every part-2 screen on a phone, in both themes', () => {
  const world = useWorld();
  const contexts = new Map<string, BrowserContext>();

  async function contextFor(user: 'learner' | 'admin'): Promise<BrowserContext> {
    const existing = contexts.get(user);
    if (existing) return existing;
    const context = await newContext(world, { reducedMotion: 'reduce' });
    await context.addInitScript(() => {
      localStorage.setItem('wyt-dark', 'false');
      localStorage.setItem('wyt-sound', 'false');
    });
    const res = await context.request.post('/api/auth/login', {
      data: { username: user === 'admin' ? ADMIN : LEARNER, password: PASSWORD },
    });
    expect(res.status()).toBe(200);
    contexts.set(user, context);
    return context;
  }

  beforeAll(async () => {
    if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });

    // A learner with some history: a school, right and wrong answers, a note.
    const setup = await world.browser.newContext({ baseURL: world.server.url });
    const me = await register(setup.request, { username: LEARNER, firstName: '大文', lastName: '陳' });
    await setup.request.patch(`/api/users/${me.id}/school`, { data: { schoolName: '聖保羅男女中學' } });
    const questions = withKeys(
      (await (await setup.request.get('/api/lessons/9/questions')).json()) as Question[],
      await answerKeys(world.databaseUrl),
    );
    for (const [i, q] of questions.slice(0, 6).entries()) {
      const selectedAnswer =
        i % 3 === 2 ? (q.options.find((o) => o !== q.correctAnswer) ?? '不知道') : q.correctAnswer;
      await setup.request.post('/api/users/answers', {
        data: { userId: me.id, questionId: q.id, selectedAnswer, timeSpent: 8 },
      });
    }
    await setup.request.post('/api/auth/logout');
    await register(setup.request, { username: ADMIN, firstName: '管理員' });
    await grantAdmin(world.server, ADMIN, setup.request, PASSWORD);
    await setup.close();
    // Wait for the learner's read models (the error book shows the wrong answers).
    const check = await world.browser.newContext({ baseURL: world.server.url });
    await check.request.post('/api/auth/login', { data: { username: LEARNER, password: PASSWORD } });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const records = (await (await check.request.get(`/api/users/${me.id}/error-questions`)).json()) as [];
      if (records.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await check.close();
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  // A screen is brought to its state once and checked in the light theme, then in the dark one (the
  // header's switch: the themes differ only in colour). A stored choice applying before the first paint
  // is keyboard.test.ts's and passage.test.ts's.
  for (const screen of SCREENS) {
    it(`${screen.name} (both themes)`, async () => {
      const context = await contextFor(screen.user ?? 'learner');
      const page = await context.newPage();
      try {
        await page.goto(screen.path);
        await screen.ready(page);
        for (const theme of ['light', 'dark'] as const) {
          await wearTheme(page, theme);
          expect(await page.getByText('未能載入資料').count()).toBe(0);
          // No emoji (a device without an emoji font shows each as an empty box): icons are drawn.
          expect(await page.locator('body').innerText()).not.toMatch(/[\u{1F000}-\u{1FAFF}\u{2B50}]/u);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width).toBeLessThanOrEqual(PHONE.width);
          if (SCREENSHOT_DIR) {
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, `${screen.name}-${theme}.png`),
              fullPage: true,
            });
          }
        }
      } finally {
        await page.close();
      }
    });
  }
});
