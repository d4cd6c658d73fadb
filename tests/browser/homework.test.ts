/**
 * Homework in a real browser: a teacher sets work for the class on the class page (laptop width), a
 * student sees it in 「功課」 on the lobby and the list (phone), does it in a quick practice, and the
 * teacher's table shows it done. Screenshots go to test-results/homework-*.png.
 */
import { describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser.ts';
import { grantAdmin } from '../support/server.ts';
import { register, useWorld } from '../support/world.ts';

describe('homework in a real browser', () => {
  const world = useWorld();
  const stamp = Date.now().toString(36);

  it('a teacher sets homework, a student does it from 「功課」, and the table shows it done', async () => {
    const student = await world.browser.newContext({ viewport: PHONE, baseURL: world.server.url });
    const teacher = await world.browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: world.server.url,
    });
    const adminCtx = await world.browser.newContext({ baseURL: world.server.url });
    const studentUser = await register(student.request, {
      username: `hw_student_${stamp}`,
      firstName: '小明',
    });
    const teacherUser = await register(teacher.request, {
      username: `hw_teacher_${stamp}`,
      firstName: '陳老師',
    });
    await register(adminCtx.request, { username: `hw_admin_${stamp}`, firstName: '管理員' });
    await grantAdmin(world.server, `hw_admin_${stamp}`, adminCtx.request, 'correct horse battery');
    expect(
      (
        await adminCtx.request.put(`/api/admin/users/${teacherUser.id}/roles`, {
          data: { roles: ['teacher'] },
        })
      ).status(),
    ).toBe(200);
    const created = await (
      await teacher.request.post('/api/teacher/classes', { data: { name: '中五甲班' } })
    ).json();
    expect(
      (await student.request.post('/api/classes/join', { data: { joinCode: created.joinCode } })).status(),
    ).toBe(200);

    // The teacher sets the work in the class page's form.
    const desk = await teacher.newPage();
    await desk.goto(`/teacher/classes/${created.id}`);
    await desk.getByTestId('class-homework').waitFor();
    await desk.getByRole('button', { name: '出功課' }).first().click();
    const form = desk.getByTestId('homework-form');
    await form.getByLabel('功課名稱').fill('本週複習一次');
    await form.getByTestId('homework-kind').selectOption('reviews');
    await form.getByLabel('複習次數（到期的複習卡）').fill('1');
    await form.getByRole('button', { name: '出功課' }).click();
    await desk.getByTestId('homework-table').waitFor();
    expect(await desk.getByTestId('homework-row').first().getAttribute('data-status')).toBeNull();
    expect(
      await desk.getByTestId('homework-row').first().locator('td').first().getAttribute('data-status'),
    ).toBe('not_started');

    // The student sees it on the lobby and in the list, and does it.
    const phone = await student.newPage();
    await phone.goto('/');
    const card = phone.getByTestId('lobby-homework');
    await card.waitFor();
    expect(await card.textContent()).toContain('本週複習一次');
    await phone.screenshot({ path: 'test-results/homework-lobby.png' });
    await card.getByRole('link').click();
    const item = phone.getByTestId('homework-item');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('not_started');
    // A card falls due: a question answered wrongly three days ago (an answer given offline, before
    // the work was set), so the review session has it.
    const question = (
      (await (await student.request.get('/api/lessons/9/nodes/word_interpretation/questions')).json()) as {
        id: string;
        options: string[];
      }[]
    )[0]!;
    const missed = await student.request.post('/api/users/answers', {
      headers: { 'idempotency-key': `hw-missed-${stamp}` },
      data: {
        userId: studentUser.id,
        questionId: question.id,
        selectedAnswer: '並非答案',
        timeSpent: 5,
        answeredAt: new Date(Date.now() - 3 * 24 * 3_600_000 + 60_000).toISOString(),
      },
    });
    expect(missed.status()).toBe(200);
    await item.getByRole('link', { name: '開始' }).click();
    await phone.waitForURL('**/review');
    await phone.getByTestId('option').first().click();
    await phone.getByRole('button', { name: '提交答案' }).click();
    await phone
      .getByTestId('feedback')
      .or(phone.getByText('正確！'))
      .or(phone.getByText('正確答案'))
      .first()
      .waitFor();
    await phone.goto('/homework');
    await phone.locator('[data-testid="homework-item"][data-status="done"]').waitFor();
    await phone.screenshot({ path: 'test-results/homework-list.png' });

    // The teacher's table shows it done (the status is decided from the student's own answer).
    await desk.reload();
    await desk.locator('[data-testid="homework-row"] td[data-status="done"]').waitFor();
    expect(await desk.getByTestId('homework-row').first().textContent()).toContain('已完成');
    await desk.screenshot({ path: 'test-results/homework-teacher.png', fullPage: true });
  }, 120_000);
});
