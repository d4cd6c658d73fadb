import { createRequire } from 'node:module';
import { SCREENS, screenPath } from '@wenyan/web/src/screens.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, postJson, wearTheme } from '../support/browser.ts';
import { answerKeys } from '../support/keys.ts';
import { grantRole, type RunningServer } from '../support/server.ts';
import { startWorld } from '../support/world.ts';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const PASSWORD = 'correct horse battery';
const TEACHER = `a11y_teacher_${process.pid}`;
/**
 * The themes differ only in colour (the `dark` class swaps the colour variables; the DOM is the same), so
 * the light theme runs every rule and the dark theme the rules that read colours.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** The phone zoomed to 200 %: half its CSS pixels (WCAG 1.4.4 and 1.4.10 ask for 200 % and reflow). */
const ZOOMED = { width: PHONE.width / 2, height: PHONE.height / 2 };

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * A phone-sized context in the light theme with axe-core in every page it loads (an init script: no
 * injection per screen, which cost about half a second each), reduced motion so that no colour is read
 * mid-transition when the theme changes.
 */
async function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  // axe-core runs as a script of the test's own: the CSP (script-src 'self') would refuse it.
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: 'zh-HK',
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  await context.addInitScript({ path: AXE_PATH });
  await context.addInitScript(() => localStorage.setItem('wyt-dark', 'false'));
  return context;
}

/** axe-core's serious and critical violations on the page as it stands (axe is in the page from the context's init script). */
async function axeFindings(page: Page, rules?: string[]): Promise<Finding[]> {
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: { resultTypes: string[]; runOnly?: { type: 'rule'; values: string[] } },
          ): Promise<{ violations: Array<Record<string, unknown>> }>;
        };
      }
    ).axe;
    // Only the violations are reported: axe skips collecting the passes and the incomplete checks.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule' as const, values: only } } : {}),
    });
    return (
      result.violations
        // Serious and critical findings, and a page without a main heading (moderate in axe, required here).
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'page-has-heading-one')
        .map((v) => ({
          id: String(v.id),
          impact: v.impact as string | null,
          help: String(v.help),
          targets: (v.nodes as Array<{ target: unknown[] }>).map((n) => n.target.join(' ')).slice(0, 5),
        }))
    );
  }, rules);
}

/** The screen's findings in both themes: every rule in the light theme, the colour rules in the dark. */
async function findingsInBothThemes(page: Page, name: string, report: Record<string, Finding[]>) {
  for (const theme of ['light', 'dark'] as const) {
    await wearTheme(page, theme);
    const findings = await axeFindings(page, theme === 'dark' ? COLOUR_RULES : undefined);
    if (process.env.A11Y_SHOTS)
      await page.screenshot({ path: `${process.env.A11Y_SHOTS}/${theme}-${name}.png` });
    if (findings.length) report[`${theme} ${name}`] = findings;
  }
}

/** Waits until the screen has settled: its main landmark shows, no spinner is left, fonts loaded. */
async function settle(page: Page): Promise<void> {
  await page.locator('main').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.spinner, .skeleton'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe('axe-core on every screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let dropDb: () => Promise<void>;
  let ids: { class: string; learner: string };

  beforeAll(async () => {
    const world = await startWorld();
    dropDb = world.close;
    server = world.server;
    browser = world.browser;
    const teacher = await phone(browser, server.url);
    const learner = await phone(browser, server.url);
    await postJson(teacher.request, '/api/auth/register', {
      username: TEACHER,
      password: PASSWORD,
      firstName: '老師',
    });
    // Teacher and admin the operator's way (no role comes from a chosen name).
    await grantRole(server, TEACHER, 'teacher', teacher.request, PASSWORD);
    await grantRole(server, TEACHER, 'admin', teacher.request, PASSWORD);
    const learnerUser = await postJson(learner.request, '/api/auth/register', {
      username: `a11y_learner_${process.pid}`,
      password: PASSWORD,
      firstName: '學生',
    });
    // Wrong answers given two days ago (due today: the scheduler's steps are days), so the review screens
    // (a session with its questions, the plan, the error book, the charts) show their content.
    const keys = await answerKeys(world.databaseUrl);
    const teacherUser = (await (await teacher.request.get('/api/auth/user')).json()) as { id: string };
    const listed = (await (await teacher.request.get('/api/lessons/1/questions')).json()) as Array<{
      id: string;
      options: string[];
    }>;
    for (const question of listed.filter((q) => q.options.length > 1).slice(0, 3)) {
      await postJson(teacher.request, '/api/users/answers', {
        userId: teacherUser.id,
        questionId: question.id,
        selectedAnswer: question.options.find((o) => o !== keys.get(question.id)),
        timeSpent: 5,
        answeredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      });
    }
    const created = await postJson(teacher.request, '/api/teacher/classes', { name: '中五甲班' });
    await postJson(learner.request, '/api/classes/join', { joinCode: created.joinCode });
    ids = { class: String(created.id), learner: String(learnerUser.id) };
    await Promise.all([teacher.close(), learner.close()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dropDb?.();
  });

  it('has no serious or critical finding in either theme, at 100 % and at 200 % zoom', async () => {
    const report: Record<string, Finding[]> = {};
    const signedOut = await phone(browser, server.url);
    const loginPage = await signedOut.newPage();
    await loginPage.goto('/');
    await loginPage.locator('#root main, #root h1').first().waitFor();
    await settle(loginPage);
    await findingsInBothThemes(loginPage, 'login', report);
    await loginPage.setViewportSize(ZOOMED);
    await settle(loginPage);
    await findingsInBothThemes(loginPage, 'login at 200 %', report);
    await signedOut.close();

    const context = await phone(browser, server.url);
    await postJson(context.request, '/api/auth/login', { username: TEACHER, password: PASSWORD });
    const page = await context.newPage();
    for (const screen of SCREENS) {
      await page.setViewportSize(PHONE);
      await page.goto(screenPath(screen, ids));
      await settle(page);
      await findingsInBothThemes(page, screen.name, report);
      // The same screen zoomed to 200 %: the phone's CSS pixels halved (the sticky bars and the text
      // reflow; the colours under the text may change with them).
      await page.setViewportSize(ZOOMED);
      await settle(page);
      await findingsInBothThemes(page, `${screen.name} at 200 %`, report);
    }
    await context.close();
    expect(report).toEqual({});
  }, 600_000);
});
