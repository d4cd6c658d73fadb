/**
 * 待老師批閱 in a real browser: a learner's translation the marker cannot be sure of reads 待老師批閱
 * with the provisional points and a line that XP waits for the teacher (390×844); the teacher of the
 * class marks it at /teacher/pending at laptop width; the learner earns the question's XP and reads the
 * teacher's marks and note in the error book.
 * Screenshots go to test-results/teacher-marking-*.png.
 *
 * The marker does not yet say `uncertain` itself, so the server here is the real app in this process,
 * built with the test hook `AppDeps.grade` (every answer marked by points is uncertain), serving the
 * built client (`npm run build:web`) on a free port, with PGlite in memory.
 */
import { type GradableQuestion, gradeAnswer } from '@wenyan/domain';
import { learnerStreamId, readStream } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { grantRoles } from '../support/accounts.ts';
import { PHONE } from '../support/browser.ts';
import { useInProcessSite } from '../support/in-process-site.ts';
import { register } from '../support/world.ts';

/** Every answer marked by points is uncertain (as the marker's will be when it cannot be sure). */
function uncertainGrader(question: GradableQuestion, answer: string) {
  const grading = gradeAnswer(question, answer);
  if (!grading.marking) return grading;
  return { ...grading, isCorrect: false, marking: { ...grading.marking, isCorrect: false, uncertain: true } };
}

describe('待老師批閱 in a real browser', () => {
  const site = useInProcessSite({}, { grade: uncertainGrader });

  it('the learner reads 待老師批閱; the teacher marks it full and the learner earns the XP', async () => {
    const { runtime, app, browser, url } = site;
    const student = await browser.newContext({ viewport: PHONE, baseURL: url });
    const teacher = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: url });
    const me = await register(student.request, {
      username: `pending_student_${Date.now()}`,
      firstName: '小明',
    });
    const teacherUser = await register(teacher.request, {
      username: `pending_teacher_${Date.now()}`,
      firstName: '小明',
    });
    await grantRoles(app, teacherUser.id, ['student', 'teacher']);
    const { joinCode } = await (
      await teacher.request.post('/api/teacher/classes', { data: { name: '中五甲班' } })
    ).json();
    expect((await student.request.post('/api/classes/join', { data: { joinCode } })).status()).toBe(200);

    const phone = await student.newPage();
    await phone.goto('/lesson/1/questions/sentence_translation');
    await phone.locator('textarea').first().fill('他很好，也很有德行');
    await phone.getByRole('button', { name: '提交答案' }).click();
    await phone.getByTestId('marked-answer').waitFor();
    expect(await phone.getByTestId('marked-verdict').textContent()).toBe('待老師批閱');
    expect(await phone.getByTestId('marked-pending').textContent()).toContain('老師批閱後才會計算經驗值');
    // No appeal while the answer waits for the teacher.
    expect(await phone.getByRole('button', { name: '我認為答案正確' }).count()).toBe(0);
    await phone.getByTestId('marked-verdict').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: 'test-results/teacher-marking-student.png' });

    const page = await teacher.newPage();
    await page.goto('/teacher/pending');
    const card = page.getByTestId('pending-answer-card').first();
    await card.waitFor();
    expect(await card.getByTestId('pending-answer-text').textContent()).toBe('他很好，也很有德行');
    const points = card.getByTestId('pending-point').locator('input[type="checkbox"]');
    const count = await points.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await points.nth(i).check();
    expect(await card.getByTestId('pending-total').textContent()).toContain(`${count}/${count} 分`);
    await card.getByLabel('評語（學生會看到，可留空）').fill('意思對了');
    await page.screenshot({ path: 'test-results/teacher-marking-teacher.png', fullPage: true });
    await card.getByRole('button', { name: '確認' }).click();
    await page.getByText('沒有待批閱的答案').waitFor();

    const events = await readStream(runtime.deps.db, learnerStreamId(me.id), { afterVersion: 0, limit: 100 });
    const marked = events.filter((e) => e.type === 'AnswerTeacherMarked');
    expect(marked.map((e) => e.data)).toEqual([
      expect.objectContaining({
        isCorrect: true,
        earnedXp: true,
        note: '意思對了',
        teacherId: teacherUser.id,
      }),
    ]);
    const xp = events.filter((e) => e.version > (marked[0]?.version ?? 0) && e.type === 'XpAwarded');
    expect(xp.map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: 10, reason: 'correct_answer' }),
    ]);

    // The learner reads the teacher's marks and note in the error book (老師批閱).
    await phone.goto('/error-book');
    const mine = phone.getByTestId('my-marked-answer').first();
    await mine.waitFor();
    expect(await mine.getAttribute('data-status')).toBe('marked');
    expect(await mine.textContent()).toContain(`老師評分 ${count}/${count} 分`);
    expect(await mine.textContent()).toContain('老師的評語：意思對了');
    await phone.screenshot({ path: 'test-results/teacher-marking-error-book.png', fullPage: true });
    await student.close();
    await teacher.close();
  });
});
