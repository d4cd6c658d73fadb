/**
 * Teachers running their classes in a real browser against the real server: an admin creates a
 * teacher invitation in the admin page, a new teacher signs up through its link, makes accounts for a
 * class from a pasted list and prints the slips, a student signs in with a slip and must set their own
 * password first, and the teacher prints a worksheet and its answer key to PDF with Chromium
 * (`page.pdf`), whose pages and text are read back with PDF.js.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { grantAdmin } from '../support/server.ts';
import { TEACHER_QUESTION } from '../support/teacher-question.ts';
import { useWorld } from '../support/world.ts';

const ADMIN = 'cr_admin';
const PASSWORD = 'correct horse battery';
const LAPTOP = { width: 1280, height: 860 } as const;

/** `text` as the PDF's text reads (NFKC, like `readPdf`). */
const nfkc = (text: string) => text.normalize('NFKC');

/** The pages of a PDF and the text of each (PDF.js, as a reader would extract it). */
async function readPdf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    // The CJK font maps some characters to their compatibility forms (⽂ for 文): NFKC folds them back.
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .normalize('NFKC'),
    );
  }
  await pdf.destroy();
  return pages;
}

describe('teachers running their classes in a real browser', () => {
  const world = useWorld();
  const contexts: BrowserContext[] = [];

  async function context(viewport: { width: number; height: number } = LAPTOP): Promise<Page> {
    const made = await world.browser.newContext({ viewport, baseURL: world.server.url, locale: 'zh-HK' });
    contexts.push(made);
    return made.newPage();
  }

  afterAll(async () => {
    for (const made of contexts) await made.close();
  });

  it('invitation → teacher → class accounts and slips → first password → worksheet PDFs', async () => {
    const stamp = Date.now().toString(36);
    const admin = await context();
    expect(
      (
        await admin.request.post('/api/auth/register', { data: { username: ADMIN, password: PASSWORD } })
      ).status(),
    ).toBe(201);
    await grantAdmin(world.server, ADMIN, admin.request, PASSWORD);

    // The admin creates an invitation and reads its code (shown once).
    await admin.goto('/admin');
    const panel = admin.getByTestId('teacher-invitations');
    await panel.getByPlaceholder('備註，例如：陳老師（中文科）').fill('陳老師（中文科）');
    await panel.getByRole('button', { name: '建立邀請' }).click();
    const shown = (await admin.getByTestId('new-invitation').locator('strong').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await panel.getByText('陳老師（中文科）').waitFor();

    // The new teacher follows the link: the sign-up form opens with the code in it.
    const teacher = await context();
    await teacher.goto(`/api/login?invite=${shown}`);
    expect(await teacher.locator('#invitationCode').inputValue()).toBe(shown);
    await teacher.locator('#username').fill(`cr_teacher_${stamp}`);
    await teacher.locator('#password').fill(PASSWORD);
    await teacher.locator('#firstName').fill('陳老師');
    await teacher.locator('#submit').click();
    await teacher.waitForURL((url) => url.pathname === '/');
    await teacher.goto('/teacher');
    await teacher.getByTestId('teacher-classes').waitFor();
    await teacher.getByLabel('新班別名稱').fill('中五甲班');
    await teacher.getByRole('button', { name: '建立班別' }).click();
    const card = teacher.getByTestId('class-card').filter({ hasText: '中五甲班' });
    await card.getByRole('link').first().click();
    await teacher.getByTestId('class-accounts-link').click();

    // Accounts from a pasted list, shown once as slips, printed on A4.
    await teacher.getByLabel('學生姓名').fill('陳大文\n李小明\n黃美玲');
    await teacher.getByText('共 3 個姓名').waitFor();
    await teacher.getByRole('button', { name: '建立 3 個帳戶' }).click();
    const slips = teacher.getByTestId('account-slips');
    await slips.waitFor();
    const first = slips.locator('.cr-slip').first();
    const username = (await first.locator('dd').nth(0).textContent())?.trim() ?? '';
    const password = (await first.locator('dd').nth(1).textContent())?.trim() ?? '';
    expect(username).toMatch(/^c\d+-01$/);
    await teacher.emulateMedia({ media: 'print' });
    const slipPdf = await readPdf(await teacher.pdf({ format: 'A4', printBackground: true }));
    await teacher.emulateMedia({ media: null });
    expect(slipPdf.length).toBe(1);
    expect(slipPdf[0]).toContain(nfkc('陳大文'));
    expect(slipPdf[0]).toContain(nfkc(password));
    expect(slipPdf[0]).not.toContain(nfkc('列印帳戶紙條'));

    // The student signs in with the slip: nothing but setting their own password until it is set.
    const student = await context(PHONE);
    expect((await student.request.post('/api/auth/login', { data: { username, password } })).status()).toBe(
      200,
    );
    await student.goto('/');
    await student.getByTestId('first-password').waitFor();
    await student.getByLabel('臨時密碼').fill(password);
    await student.getByLabel('新密碼').fill('my own long phrase 2026');
    await student.getByRole('button', { name: '更改密碼' }).click();
    await student.getByTestId('first-password').waitFor({ state: 'detached' });
    await student.goto('/settings');
    await student.getByTestId('my-classes').getByText('中五甲班').waitFor();
    await student.getByTestId('my-classes').getByText('老師：陳老師').waitFor();

    // A worksheet and its answer key, printed to PDF.
    await teacher.goto('/worksheets/1/sentence_translation');
    await teacher.getByTestId('worksheet').waitFor();
    const sheet = await readPdf(await teacher.pdf({ format: 'A4' }));
    expect(sheet.length).toBeGreaterThan(0);
    const sheetText = sheet.join('');
    expect(sheetText).toContain(nfkc('工作紙'));
    expect(sheetText).toContain(nfkc('姓名'));
    expect(sheetText).not.toContain(nfkc('列印'));

    await teacher.goto('/teacher/worksheets/1/sentence_translation/key');
    await teacher.getByTestId('worksheet-key').waitFor();
    const key = await readPdf(await teacher.pdf({ format: 'A4' }));
    expect(key.length).toBeGreaterThan(0);
    const keyText = key.join('');
    expect(keyText).toContain(nfkc('答案及評分準則'));
    expect(keyText).toContain(nfkc('評分準則（每點一分）'));

    // The teacher's own question: served to the class, edited and withdrawn from 「我新增的題目」.
    const added = await teacher.request.post('/api/questions', { data: TEACHER_QUESTION });
    expect(added.status()).toBe(201);
    await teacher.goto('/teacher/questions');
    const row = teacher
      .getByTestId('my-questions')
      .locator('li')
      .filter({ hasText: TEACHER_QUESTION.content });
    await row.getByText('只供我的班別').waitFor();
    await row.getByRole('button', { name: '修改' }).click();
    await row.getByLabel('解釋').fill('約：窮困，貧乏。');
    await row.getByRole('button', { name: '儲存' }).click();
    await row.getByText('修改').first().waitFor();
    await teacher.getByText('已儲存修改').waitFor();
    await row.getByRole('button', { name: '撤回' }).click();
    await row.getByText('已撤回', { exact: true }).waitFor();

    // The student cannot open the key.
    await student.goto('/teacher/worksheets/1/sentence_translation/key');
    await student.getByText('此頁只供教師使用').waitFor();
  });
});
