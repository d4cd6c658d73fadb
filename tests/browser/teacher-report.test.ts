/**
 * Issue 40's teacher screens in a real Chromium at 390×844 and 1280×800: a teacher's own first-run guide
 * and the lobby's link to 教師專區, the per-question class report on the class page with its worksheet of
 * the items most got wrong (printed once each; the key without name blanks), class accounts that warn of
 * a duplicate name and slips with the site's address and a QR code, the teacher's leagues, the admin
 * panel's link to the appeals queue, and the type roadmap's progress. Screenshots go to
 * $WYT_SHOTS when set (to look at; never committed).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { answerKeys } from '../support/keys.ts';
import { grantRole } from '../support/server.ts';
import { PASSWORD, signUpLearner, useWorld } from '../support/world.ts';

const LAPTOP = { width: 1280, height: 800 } as const;
const SHOTS = process.env.WYT_SHOTS;

describe('issue 40: the teacher screens', () => {
  const world = useWorld();
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const ids = new Map<Page, string>();

  async function signedIn(username: string, viewport: { width: number; height: number }): Promise<Page> {
    const { page, id } = await signUpLearner(world, {
      username,
      firstName: '大文',
      lastName: '陳',
      context: { viewport },
    });
    ids.set(page, id);
    return page;
  }
  async function shot(page: Page, name: string) {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  it('the first run, the class report and its worksheet, accounts and slips, leagues, appeals and the roadmap', async () => {
    const teacherName = `t40_${stamp}`;
    const teacher = await signedIn(teacherName, LAPTOP);
    await grantRole(world.server, teacherName, 'teacher', teacher.request, PASSWORD);
    const made = await teacher.request.post('/api/teacher/classes', { data: { name: '中四丙班' } });
    const klass = (await made.json()) as { id: string; joinCode: string };

    // Two learners named alike join and get lesson 1's first word question wrong with one answer.
    const keys = await answerKeys(world.databaseUrl);
    const sheet = (await (await teacher.request.get('/api/worksheets/1/word_interpretation')).json()) as {
      questions: Array<{ id: string; options: string[] }>;
    };
    const [q1, q2] = sheet.questions;
    const wrong = q1!.options.find((o) => o !== keys.get(q1!.id))!;
    const learners: Page[] = [];
    for (const n of [1, 2]) {
      const learner = await signedIn(`s40_${stamp}_${n}`, PHONE);
      learners.push(learner);
      expect(
        (await learner.request.post('/api/classes/join', { data: { joinCode: klass.joinCode } })).status(),
      ).toBe(200);
      for (const [q, answer] of [
        [q1!, wrong],
        [q2!, keys.get(q2!.id)!],
      ] as const) {
        const res = await learner.request.post('/api/users/answers', {
          data: { userId: ids.get(learner), questionId: q.id, selectedAnswer: answer, timeSpent: 5 },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
    }

    // The teacher's first run: their own guide, not the DSE-year one; then the lobby's link.
    for (const [viewport, label] of [
      [PHONE, 'phone'],
      [LAPTOP, 'laptop'],
    ] as const) {
      await teacher.setViewportSize(viewport);
      await teacher.goto('/');
      await teacher.getByTestId('teacher-first-run').waitFor();
      expect(await teacher.getByTestId('first-guide').count()).toBe(0);
      await shot(teacher, `first-run-${label}`);
    }
    await teacher.getByTestId('teacher-first-run').getByRole('button', { name: '知道了' }).click();
    await teacher.getByTestId('teacher-lobby-link').getByText('你任教 1 個班別。').waitFor();
    await shot(teacher, 'lobby-link-laptop');

    // The class report: the item both got wrong first, its wrong answer counted, a worksheet of it.
    for (const [viewport, label] of [
      [PHONE, 'phone'],
      [LAPTOP, 'laptop'],
    ] as const) {
      await teacher.setViewportSize(viewport);
      await teacher.goto(`/teacher/classes/${klass.id}`);
      // The table tells the two 陳大文 apart by username.
      await teacher.getByTestId('class-table').getByText(`@s40_${stamp}_1`).waitFor();
      await teacher.getByTestId('report-scope').selectOption(`lesson:1:word_interpretation`);
      const first = teacher.getByTestId('report-item').first();
      await first.getByText('2/2 人答錯（100%）').waitFor();
      await first.getByText('大部分答錯').waitFor();
      await first.getByText(`「${wrong}」`).waitFor();
      expect(await teacher.getByTestId('report-item').count()).toBe(2);
      await teacher.getByTestId('class-report').scrollIntoViewIfNeeded();
      await shot(teacher, `class-report-${label}`);
    }
    await teacher.getByTestId('report-worksheet').click();
    await teacher.getByTestId('worksheet').waitFor();
    expect(await teacher.locator('.ws-question').count()).toBe(1);
    expect(await teacher.getByTestId('ws-fields').count()).toBe(1);
    await shot(teacher, 'report-worksheet-laptop');
    await teacher.getByRole('link', { name: '答案及評分準則（教師）' }).click();
    await teacher.getByTestId('worksheet-key').waitFor();
    expect(await teacher.locator('.ws-question').count()).toBe(1);
    expect(await teacher.getByTestId('ws-fields').count()).toBe(0);

    // A sentence worksheet prints each sentence once.
    await teacher.goto('/worksheets/1/sentence_translation');
    await teacher.getByTestId('worksheet').waitFor();
    const texts = await teacher.locator('.ws-question').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const quoted = text.match(/「([^」]{6,})」/)?.[1];
      if (quoted) expect(text.split(quoted).length - 1, text).toBe(1);
    }
    await shot(teacher, 'worksheet-sentences-laptop');

    // Class accounts: a name pasted twice, and one already in the class, warn before anything is made.
    await teacher.setViewportSize(PHONE);
    await teacher.goto(`/teacher/classes/${klass.id}/accounts`);
    await teacher.getByLabel('學生姓名').fill('李小明\n李小明\n陳大文');
    const warning = teacher.getByTestId('duplicate-names');
    await warning.getByText('「李小明」名單中出現 2 次').waitFor();
    await warning.getByText('「陳大文」班內已有同名學生').waitFor();
    const create = teacher.getByRole('button', { name: '建立 3 個帳戶' });
    expect(await create.isDisabled()).toBe(true);
    await shot(teacher, 'accounts-duplicates-phone');
    await warning.getByLabel('我已確認同名的是不同的學生').check();
    await create.click();
    const slips = teacher.getByTestId('account-slips');
    await slips.waitFor();
    const host = new URL(world.server.url).host;
    expect(await slips.getByTestId('slip-site').first().textContent()).toContain(host);
    const qr = slips.getByTestId('qr-code').first();
    await qr.waitFor();
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const usernames = await slips.locator('.cr-slip dd.cr-mono').allTextContents();
    expect(new Set(usernames.filter((_, i) => i % 2 === 0)).size).toBe(3);
    await shot(teacher, 'slips-phone');
    await teacher.setViewportSize(LAPTOP);
    await shot(teacher, 'slips-laptop');

    // The teacher's leagues: their class, not 「你未加入任何班別」.
    await teacher.goto('/leagues');
    await teacher.getByTestId('leagues-page').waitFor();
    await teacher.getByText('陳大文').first().waitFor();
    expect(await teacher.getByText('你未加入任何班別').count()).toBe(0);
    await shot(teacher, 'leagues-laptop');

    // A learner's type roadmap says how far the node is and counts the lesson's completed types.
    const learner = learners[0]!;
    await learner.goto('/lesson/1/word_interpretation/roadmap');
    await learner
      .getByTestId('roadmap-progress')
      .getByText(/本課已完成 0 \/ [1-9]\d* 個題型/)
      .waitFor();
    await shot(learner, 'roadmap-phone');

    // The admin panel links the appeals queue.
    const adminName = `a40_${stamp}`;
    const admin = await signedIn(adminName, LAPTOP);
    await grantRole(world.server, adminName, 'admin', admin.request, PASSWORD);
    await admin.goto('/admin');
    await admin.getByTestId('admin-appeals').scrollIntoViewIfNeeded();
    await shot(admin, 'admin-appeals-laptop');
    await admin.getByTestId('admin-appeals-link').click();
    await admin.getByTestId('teacher-appeals').or(admin.getByText('沒有')).first().waitFor();
    expect(new URL(admin.url()).pathname).toBe('/teacher/appeals');
  }, 420_000);
});
