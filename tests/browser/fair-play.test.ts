/**
 * Fair play on the class page in a real browser at phone size (390×844, issue 37): a learner who
 * answered 20 questions the server never served is 「待覆核」 in the class's FairPlayPanel; the teacher
 * clears the flag (FairPlayFlagCleared). The learner's self-mark waits in 待確認的自評; the teacher
 * adjusts and confirms it (SelfMarkConfirmed at the adjusted mark), then switches the class's rule
 * 「自評答案」 from 須老師確認 to 直接計算 (SelfMarkRuleSet): the learner's next self-mark counts at once and
 * waits for no one.
 * Screenshots go to test-results/fair-play-*.png.
 *
 * The server is the real app in this process with XP at a human pace enforced (its default), serving
 * the built client (`npm run build:web`), with PGlite in memory.
 */
import { PACE_FLAG_ANSWERS } from '@wenyan/domain';
import { classStreamId, learnerStreamId, lessonQuestions, readStream } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { grantRoles } from '../support/accounts.ts';
import { PHONE } from '../support/browser.ts';
import { useInProcessSite } from '../support/in-process-site.ts';
import { register } from '../support/world.ts';

const LONG_ANSWER =
  '藺相如完璧歸趙，見其機智勇敢；澠池之會，面斥秦王，不畏強權；其後避讓廉頗，以國家之急為先，顧全大局，終使將相和好，共保趙國。';

describe('the class page’s fair play in a real browser', () => {
  const site = useInProcessSite({ XP_PACE: 'enforce' });

  it('clears a flag, confirms an adjusted self-mark and sets the class’s rule at 390×844', async () => {
    const { runtime, app, browser, url } = site;
    const { db } = runtime.deps;
    const student = await browser.newContext({ viewport: PHONE, baseURL: url });
    const teacher = await browser.newContext({ viewport: PHONE, baseURL: url, locale: 'zh-HK' });
    const stamp = Date.now().toString(36);
    const me = await register(student.request, { username: `fp_student_${stamp}`, firstName: '志明' });
    const teacherUser = await register(teacher.request, {
      username: `fp_teacher_${stamp}`,
      firstName: '陳老師',
    });
    await grantRoles(app, teacherUser.id, ['student', 'teacher']);
    const created = (await (
      await teacher.request.post('/api/teacher/classes', { data: { name: '中五乙班' } })
    ).json()) as { id: string; joinCode: string };
    const join = await student.request.post('/api/classes/join', { data: { joinCode: created.joinCode } });
    expect(join.status()).toBe(200);

    // Answers to questions never served (a script with harvested keys): right, but beyond the pace.
    const choice = [];
    for (let lessonId = 1; choice.length < PACE_FLAG_ANSWERS && lessonId <= 20; lessonId++) {
      choice.push(
        ...(await lessonQuestions(db, lessonId)).filter((q) => q.options && q.type !== 'long_question'),
      );
    }
    for (const q of choice.slice(0, PACE_FLAG_ANSWERS)) {
      const res = await student.request.post('/api/users/answers', {
        data: { userId: me.id, questionId: q.id, selectedAnswer: q.correct_answer, timeSpent: 2 },
      });
      expect(res.status()).toBe(200);
      expect((await res.json()) as object).toMatchObject({ earnedXp: false, xpWithheld: 'not_served' });
    }
    // A long paper question self-marked at the top level (須老師確認, the default).
    const longs = await db
      .selectFrom('questions')
      .select(['id', 'rubric', 'points'])
      .where('type', '=', 'long_question')
      .where('rubric', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    expect(longs).toHaveLength(2);
    const selfMark = async (q: (typeof longs)[number]) => {
      const rubric = q.rubric as { level: string }[];
      const res = await student.request.post('/api/users/answers', {
        data: {
          userId: me.id,
          questionId: q.id,
          selectedAnswer: LONG_ANSWER,
          timeSpent: 600,
          selfAssessedLevel: rubric[0]!.level,
        },
      });
      expect(res.status()).toBe(200);
      return (await res.json()) as { answerVersion: number; xpWithheld?: string };
    };
    const first = await selfMark(longs[0]!);
    expect(first.xpWithheld).toBe('unconfirmed');
    const points = longs[0]!.points ?? 8;

    // The teacher opens the class at phone size: the flag panel names the learner and why.
    const page = await teacher.newPage();
    await page.goto(`/teacher/classes/${created.id}`);
    const panel = page.getByTestId('fair-play-panel');
    await panel.waitFor();
    const flagged = panel.getByTestId('fair-play-flag');
    expect(await flagged.count()).toBe(1);
    expect(await flagged.textContent()).toContain('志明');
    expect(await flagged.textContent()).toContain(`答題比正常閱讀速度快（本週 ${PACE_FLAG_ANSWERS} 題）`);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/fair-play-flag.png' });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

    await flagged.getByRole('button', { name: '已覆核，清除標記' }).click();
    await panel.waitFor({ state: 'detached' });
    const learnerEvents = async () => readStream(db, learnerStreamId(me.id), { afterVersion: 0, limit: 500 });
    expect(
      (await learnerEvents()).filter((e) => e.type === 'FairPlayFlagCleared').map((e) => e.data),
    ).toEqual([expect.objectContaining({ flags: ['pace'], reviewerId: teacherUser.id })]);

    // 待確認的自評: the learner's answer and mark; the teacher adjusts it and confirms.
    const marks = page.getByTestId('self-marks');
    const rule = marks.getByTestId('self-mark-rule');
    await rule.waitFor();
    expect(await rule.inputValue()).toBe('confirm');
    const row = marks.getByTestId('self-mark');
    await row.waitFor();
    expect(await row.textContent()).toContain(`自評 ${points}/${points} 分`);
    expect(await row.textContent()).toContain('藺相如完璧歸趙');
    await row.getByLabel('確認分數').fill(String(points - 2));
    await marks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/fair-play-self-marks.png' });
    await row.getByRole('button', { name: '調整並確認' }).click();
    await marks.getByText('沒有待確認的自評答案。').waitFor();
    expect((await learnerEvents()).filter((e) => e.type === 'SelfMarkConfirmed').map((e) => e.data)).toEqual([
      expect.objectContaining({
        answerVersion: first.answerVersion,
        selfMarkedPoints: points,
        pointsEarned: points - 2,
        isCorrect: false,
        earnedXp: false,
        teacherId: teacherUser.id,
      }),
    ]);

    // The class's rule: 直接計算, recorded on the class stream.
    await rule.selectOption('direct');
    await marks.getByText('學生的自評即時計入經驗值、準確率及排行榜。').waitFor();
    expect(await rule.inputValue()).toBe('direct');
    const classEvents = await readStream(db, classStreamId(created.id));
    expect(classEvents.filter((e) => e.type === 'SelfMarkRuleSet').map((e) => e.data)).toEqual([
      expect.objectContaining({ rule: 'direct', by: teacherUser.id }),
    ]);
    await marks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/fair-play-rule.png' });

    // The learner's next self-mark counts at once: nothing waits for the teacher after a reload.
    const second = await selfMark(longs[1]!);
    expect(second.xpWithheld).not.toBe('unconfirmed');
    await page.reload();
    await page.getByTestId('self-mark-rule').waitFor();
    expect(await page.getByTestId('self-mark-rule').inputValue()).toBe('direct');
    await page.getByTestId('self-marks').getByText('沒有待確認的自評答案。').waitFor();
    const counted = (await learnerEvents()).find((e) => e.version === second.answerVersion);
    expect(counted?.data).toMatchObject({ selfAssessed: true, selfMarkCounted: true });
    await student.close();
    await teacher.close();
  });
});
