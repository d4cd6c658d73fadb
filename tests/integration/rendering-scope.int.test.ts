/**
 * Issue 36 through the API: a teacher's accepted rendering marks the learners of their classes at once
 * and everyone only after an admin approves it; a rendering that drops a point's negation is refused;
 * every change is logged with who and when; a revert (an admin's, or the teacher's own while it marks
 * their classes only; 403 for another teacher) re-marks the answers it earned a point as new events,
 * without moving XP. The rules do not depend on the mode (like the appeals test): embedded only.
 */
import {
  AcceptedRenderingListSchema,
  AcceptedRenderingSchema,
  AppealListSchema,
  RevertRenderingResultSchema,
} from '@wenyan/contracts';
import { recordAcceptedRendering } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUpAdmin, signUpTeacher, type TestAccount, useAccounts } from '../support/accounts.ts';
import { learnerEvents, useTestApp } from '../support/app-harness.ts';
import { answerQuestion, callsOf, QUESTION, setScheme } from '../support/marking-fixture.ts';

/** 3/4: 「潦倒」 is not (yet) a rendering of 約. */
const LIAODAO = '沒有仁德的人，不能長期處於潦倒，也不能長期處於安樂。';
/** 3/4: 「落拓」 is not (yet) a rendering of 約. */
const KUNKU = '沒有仁德的人，不能長期處於落拓，也不能長期處於安樂。';
/** 3/4: the negation of 不可以 is gone (可以長久). */
const REVERSED = '沒有仁德的人，可以長久處於窮困，也可以長期處於安樂。';

describe('the scope, polarity and log of accepted renderings', () => {
  let liaodaoId: string;
  const t = useTestApp('embedded');
  const { admin, teacher, otherTeacher, learner, classmate, otherPupil, outsider } = useAccounts(t, {
    admin: signUpAdmin,
    teacher: signUpTeacher,
    otherTeacher: signUpTeacher,
    learner: 'learner',
    classmate: 'classmate',
    otherPupil: 'otherpupil',
    outsider: 'outsider',
  });

  const { get, post } = callsOf(() => t);
  const answer = (who: TestAccount, selectedAnswer: string) => answerQuestion(t, who, selectedAnswer);
  /** The learner answers, appeals, and the teacher accepts `rendering` for p2; the accept's reply. */
  const appealAndAccept = async (
    who: TestAccount,
    by: TestAccount,
    text: string,
    pointId: string,
    rendering: string,
  ) => {
    const result = await answer(who, text);
    expect(
      (await post(who, `/api/users/${who.id}/appeals`, { answerVersion: result.answerVersion })).statusCode,
    ).toBe(201);
    return post(by, `/api/teacher/learners/${who.id}/appeals/${result.answerVersion}/accept`, {
      pointId,
      rendering,
    });
  };
  const renderings = async (who: TestAccount, query = '') => {
    const res = await get(who, `/api/teacher/renderings${query}`);
    expect(res.statusCode).toBe(200);
    return AcceptedRenderingListSchema.parse(res.json());
  };
  const events = (who: TestAccount) => learnerEvents(t, who.id);

  beforeAll(async () => {
    await setScheme(t, { accept: ['窮困', '貧困'], reject: ['約束'] });
    await openClass(t.app, teacher, '中五甲班', [learner, classmate]);
    await openClass(t.app, otherTeacher, '中五甲班', [otherPupil]);
  });

  it('refuses a rendering that drops the negation of a negation point, with a message in Chinese', async () => {
    const res = await appealAndAccept(learner, teacher, REVERSED, 'p4', '可以長久');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'RENDERING_DROPS_NEGATION' });
    expect(res.json().error.message).toContain('否定');
    expect(await renderings(teacher)).toEqual([]);
  });

  it("a teacher's rendering marks their own classes at once, and no one else", async () => {
    const accepted = await appealAndAccept(learner, teacher, LIAODAO, 'p2', '潦倒');
    expect(accepted.statusCode).toBe(200);
    expect((await answer(classmate, LIAODAO)).marking).toMatchObject({ verdict: 'correct', earned: 4 });
    expect((await answer(outsider, LIAODAO)).marking).toMatchObject({ verdict: 'partial', earned: 3 });
    expect((await answer(otherPupil, LIAODAO)).marking).toMatchObject({ verdict: 'partial', earned: 3 });
  });

  it('it is pending in the admin queue with who accepted it and when; another teacher does not see it', async () => {
    const mine = await renderings(teacher);
    expect(mine).toEqual([
      expect.objectContaining({
        rendering: '潦倒',
        pointId: 'p2',
        pointLabel: '「約」解作窮困',
        status: 'pending',
        scope: 'class',
        acceptedBy: teacher.id,
      }),
    ]);
    expect(mine[0]?.changes).toEqual([
      expect.objectContaining({ action: 'accepted', scope: 'class', actorId: teacher.id }),
    ]);
    liaodaoId = mine[0]?.id ?? '';
    expect(await renderings(otherTeacher)).toEqual([]);
    const queue = await renderings(admin, '?status=pending');
    expect(queue.map((r) => r.id)).toContain(liaodaoId);
    expect((await get(learner, '/api/teacher/renderings')).statusCode).toBe(403);
  });

  it('only an admin approves; another teacher may not revert it (403)', async () => {
    expect((await post(teacher, `/api/admin/renderings/${liaodaoId}/approve`)).statusCode).toBe(403);
    const theirs = await post(otherTeacher, `/api/teacher/renderings/${liaodaoId}/revert`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.code).toBe('FORBIDDEN');
    expect((await post(admin, '/api/admin/renderings/999999/approve')).statusCode).toBe(404);
    expect((await post(admin, '/api/admin/renderings/x1/approve')).statusCode).toBe(400);
  });

  it('after an admin approves it, the learner in no class is marked with it too', async () => {
    const res = await post(admin, `/api/admin/renderings/${liaodaoId}/approve`);
    expect(res.statusCode).toBe(200);
    expect(AcceptedRenderingSchema.parse(res.json())).toMatchObject({ status: 'approved', scope: 'global' });
    expect(AcceptedRenderingSchema.parse(res.json()).changes.map((c) => [c.action, c.actorId])).toEqual([
      ['accepted', teacher.id],
      ['approved', admin.id],
    ]);
    expect((await post(admin, `/api/admin/renderings/${liaodaoId}/approve`)).json().error.code).toBe(
      'RENDERING_STATUS',
    );
    expect((await answer(outsider, LIAODAO)).marking).toMatchObject({ verdict: 'correct', earned: 4 });
    expect((await answer(otherPupil, LIAODAO)).marking).toMatchObject({ verdict: 'correct', earned: 4 });
  });

  it('once it marks everyone, its teacher may not revert it; an admin reverts it and the answers it earned a point are re-marked as events, XP kept', async () => {
    expect((await post(teacher, `/api/teacher/renderings/${liaodaoId}/revert`)).statusCode).toBe(403);
    const xpBefore = (await events(outsider)).filter((e) => e.type === 'XpAwarded').length;
    const res = await post(admin, `/api/teacher/renderings/${liaodaoId}/revert`);
    expect(res.statusCode).toBe(200);
    const result = RevertRenderingResultSchema.parse(res.json());
    // The appealed answer, the classmate's, the outsider's and the other pupil's second answers.
    expect(result.remarkedAnswers).toBe(4);
    expect(result.rendering).toMatchObject({ status: 'reverted', scope: 'none' });
    expect(result.rendering.changes.at(-1)).toMatchObject({ action: 'reverted', actorId: admin.id });

    const stream = await events(outsider);
    const remarks = stream.filter((e) => e.type === 'AnswerRemarkedOnRevert');
    expect(remarks.map((e) => e.data)).toEqual([
      expect.objectContaining({
        rendering: '潦倒',
        revertedBy: admin.id,
        previousPointsEarned: 4,
        pointsEarned: 3,
        wasCorrect: true,
        isCorrect: false,
      }),
    ]);
    // No XP paid or taken back by the revert.
    expect(stream.filter((e) => e.type === 'XpAwarded').length).toBe(xpBefore);
    const appeals = AppealListSchema.parse((await get(learner, `/api/users/${learner.id}/appeals`)).json());
    expect(appeals.find((a) => a.remark?.rendering === '潦倒')?.remark).toMatchObject({
      reverted: true,
      pointsEarned: 3,
      isCorrect: false,
    });
    expect((await answer(classmate, LIAODAO)).marking).toMatchObject({ verdict: 'partial', earned: 3 });
    expect((await answer(outsider, LIAODAO)).marking).toMatchObject({ verdict: 'partial', earned: 3 });

    // Again: nothing more to re-mark, no second event.
    const again = RevertRenderingResultSchema.parse(
      (await post(admin, `/api/teacher/renderings/${liaodaoId}/revert`)).json(),
    );
    expect(again.remarkedAnswers).toBe(0);
  });

  it('an admin may keep a rendering to its teacher’s classes, and that teacher reverts their own', async () => {
    const accepted = await appealAndAccept(classmate, teacher, KUNKU, 'p2', '落拓');
    expect(accepted.statusCode).toBe(200);
    const id = (await renderings(teacher)).find((r) => r.rendering === '落拓')?.id ?? '';
    const rejected = await post(admin, `/api/admin/renderings/${id}/reject`);
    expect(AcceptedRenderingSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      scope: 'class',
    });
    expect((await answer(outsider, KUNKU)).marking.earned).toBe(3);
    expect((await answer(learner, KUNKU)).marking.earned).toBe(4);

    expect((await post(otherTeacher, `/api/teacher/renderings/${id}/revert`)).statusCode).toBe(403);
    const reverted = RevertRenderingResultSchema.parse(
      (await post(teacher, `/api/teacher/renderings/${id}/revert`)).json(),
    );
    expect(reverted.remarkedAnswers).toBe(2);
    expect(reverted.rendering.changes.map((c) => [c.action, c.actorId])).toEqual([
      ['accepted', teacher.id],
      ['rejected', admin.id],
      ['reverted', teacher.id],
    ]);
    expect((await answer(learner, KUNKU)).marking.earned).toBe(3);
  });

  it("an admin's own acceptance marks everyone at once", async () => {
    const res = await appealAndAccept(
      otherPupil,
      admin,
      '沒有仁德的人，不能長期處於寒酸，也不能長期處於安樂。',
      'p2',
      '寒酸',
    );
    expect(res.statusCode).toBe(200);
    const found = (await renderings(admin)).find((r) => r.rendering === '寒酸');
    expect(found).toMatchObject({ status: 'approved', scope: 'global' });
    expect(
      (await answer(outsider, '沒有仁德的人，不能長期處於寒酸，也不能長期處於安樂。')).marking.earned,
    ).toBe(4);
  });

  it('the same words accepted twice in one scope are recorded and logged once', async () => {
    const input = {
      questionId: QUESTION,
      pointId: 'p3',
      rendering: '逸樂',
      acceptedBy: teacher.id,
      learnerId: learner.id,
      answerVersion: 1,
      global: false,
    };
    const [a, b] = await Promise.all([
      recordAcceptedRendering(t.runtime.deps.db, input),
      recordAcceptedRendering(t.runtime.deps.db, input),
    ]);
    expect(a.rendering.id).toBe(b.rendering.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const logged = (await renderings(teacher)).find((r) => r.rendering === '逸樂');
    expect(logged?.changes).toHaveLength(1);
  });

  it('the log cannot be rewritten', async () => {
    await expect(
      t.runtime.deps.db
        .withTables<{ rendering_changes: { action: string } }>()
        .updateTable('rendering_changes')
        .set({ action: 'approved' })
        .execute(),
    ).rejects.toThrow(/immutable/);
  });
});
