/**
 * 待老師批閱 through the API (issue 36): an answer the marker cannot be sure of is recorded pending
 * (the reply's verdict `pending`, the provisional points, no XP); the teacher of the learner's class
 * sees it in the queue with the question, its source, model answer and scheme, and marks it once; the
 * XP follows the fair rules. Another teacher neither sees nor marks it; an admin sees everyone's,
 * learners in no class too.
 *
 * The marker does not yet say `uncertain` itself, so this app is built with the narrow test hook
 * `AppDeps.grade`: the real grader, with the marking of one question (l01-st-01) made uncertain.
 * The rules do not depend on the mode, so this runs in the embedded mode only.
 */
import { PendingAnswerListSchema, PendingAnswerSchema } from '@wenyan/contracts';
import { rebuildProjections } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUpAdmin, signUpTeacher, type TestAccount, useAccounts } from '../support/accounts.ts';
import { learnerEvents, useTestApp, waitForProjection } from '../support/app-harness.ts';
import { answerQuestion, callsOf, graderUnsureOf, QUESTION, setScheme } from '../support/marking-fixture.ts';

/** Every point found (the marker would give full marks), in words the test grader calls uncertain. */
const ANSWER = '沒有仁德的人，不能長久處在窮困，也不能長久處在安樂。';

describe('待老師批閱 through the API', () => {
  let version: number;
  let lonerVersion: number;
  const t = useTestApp('embedded', { XP_PACE: 'enforce' }, { grade: graderUnsureOf() });
  const { admin, teacher, otherTeacher, learner, loner } = useAccounts(t, {
    admin: signUpAdmin,
    teacher: signUpTeacher,
    otherTeacher: signUpTeacher,
    learner: 'learner',
    loner: 'learner',
  });

  const { get, post } = callsOf(() => t);
  const answer = (who: TestAccount) => answerQuestion(t, who, ANSWER);
  const events = (who: TestAccount) => learnerEvents(t, who.id);
  const totalXp = async (who: TestAccount) => {
    await waitForProjection(t, who.id);
    const row = await t.runtime.deps.db
      .selectFrom('user_totals')
      .select(['total_xp', 'answers_count', 'correct_count'])
      .where('user_id', '=', who.id)
      .executeTakeFirst();
    return row;
  };
  const markUrl = (who: TestAccount, v: number) =>
    `/api/teacher/learners/${who.id}/pending-answers/${v}/mark`;

  beforeAll(async () => {
    // The test grader is unsure of every answer to QUESTION; XP at the production pace.
    await setScheme(t, { accept: ['窮困', '貧困', '困境'] });
    await openClass(t.app, teacher, '中五甲班', [learner]);
    await openClass(t.app, otherTeacher, '中五乙班');
  });

  it('an uncertain answer is recorded pending: verdict pending, provisional points, no XP', async () => {
    const before = await totalXp(learner);
    const result = await answer(learner);
    expect(result).toMatchObject({ isCorrect: false, earnedXp: false });
    expect(result.marking).toMatchObject({ verdict: 'pending', earned: 4, available: 4 });
    version = result.answerVersion;
    const stored = (await events(learner)).find((e) => e.version === version);
    expect(stored?.data).toMatchObject({ pendingReview: true, isCorrect: false, earnedXp: false });
    // Only the day's sign-in XP, if any; nothing for the answer, and it counts as no answer yet.
    const after = await totalXp(learner);
    expect(after?.total_xp).toBe(before?.total_xp ?? 5);
    expect(after).toMatchObject({ answers_count: 0, correct_count: 0 });
    lonerVersion = (await answer(loner)).answerVersion;
  });

  it("the class's teacher sees it with the question; another teacher does not; the admin sees all", async () => {
    await waitForProjection(t, learner.id);
    await waitForProjection(t, loner.id);
    const mine = PendingAnswerListSchema.parse(
      (await get(teacher, '/api/teacher/pending-answers?status=pending')).json(),
    );
    expect(mine.map((a) => [a.learnerId, a.answerVersion])).toEqual([[learner.id, version]]);
    const item = mine[0]!;
    expect(item).toMatchObject({
      selectedAnswer: ANSWER,
      pointsEarned: 4,
      pointsAvailable: 4,
      status: 'pending',
    });
    expect(item.points.map((p) => [p.id, p.earned])).toEqual([
      ['p1', true],
      ['p2', true],
      ['p3', true],
      ['p4', true],
    ]);
    expect(item.question.points.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(item.question.source).toContain('不仁者');
    expect(item.question.correctAnswer.length).toBeGreaterThan(0);

    const theirs = PendingAnswerListSchema.parse(
      (await get(otherTeacher, '/api/teacher/pending-answers')).json(),
    );
    expect(theirs).toEqual([]);
    const all = PendingAnswerListSchema.parse((await get(admin, '/api/teacher/pending-answers')).json());
    expect(all.map((a) => a.learnerId)).toEqual(expect.arrayContaining([learner.id, loner.id]));
    expect((await get(learner, '/api/teacher/pending-answers')).statusCode).toBe(403);
    const bad = await get(teacher, '/api/teacher/pending-answers?status=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('only the teacher of the learner (or an admin) marks it; bad input is a 400 naming the field', async () => {
    const url = markUrl(learner, version);
    expect((await post(otherTeacher, url, { earnedPointIds: ['p1'] })).statusCode).toBe(403);
    expect((await post(learner, url, { earnedPointIds: ['p1'] })).statusCode).toBe(403);
    const bad = await post(teacher, url, { earnedPointIds: 'p1' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('earnedPointIds');
    const unknown = await post(teacher, url, { earnedPointIds: ['p9'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_POINT');
    const missing = await post(teacher, markUrl(learner, 999), { earnedPointIds: ['p1'] });
    expect(missing.statusCode).toBe(404);
  });

  it('full marks pay the question XP once; the answer then counts; a second marking is refused', async () => {
    const before = await totalXp(learner);
    const body = { earnedPointIds: ['p1', 'p2', 'p3', 'p4'], note: '譯得準確' };
    const res = await post(teacher, markUrl(learner, version), body, 'mark-key-0001');
    expect(res.statusCode).toBe(200);
    expect(PendingAnswerSchema.parse(res.json())).toMatchObject({
      status: 'marked',
      marks: { pointsEarned: 4, isCorrect: true, note: '譯得準確' },
    });
    const replayed = await post(teacher, markUrl(learner, version), body, 'mark-key-0001');
    expect(replayed.json()).toEqual(res.json());

    const stream = await events(learner);
    const marked = stream.filter((e) => e.type === 'AnswerTeacherMarked');
    expect(marked.map((e) => e.data)).toEqual([
      expect.objectContaining({
        answerVersion: version,
        isCorrect: true,
        earnedXp: true,
        teacherId: teacher.id,
      }),
    ]);
    const after = await totalXp(learner);
    expect((after?.total_xp ?? 0) - (before?.total_xp ?? 0)).toBe(10);
    expect(after).toMatchObject({ answers_count: 1, correct_count: 1 });

    const again = await post(teacher, markUrl(learner, version), { earnedPointIds: [] }, 'mark-key-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_MARKED');
    const queue = PendingAnswerListSchema.parse(
      (await get(teacher, '/api/teacher/pending-answers?status=pending')).json(),
    );
    expect(queue).toEqual([]);
  });

  it('an answer that is not pending is refused; an admin marks a learner in no class', async () => {
    const choice = await post(learner, '/api/users/answers', {
      userId: learner.id,
      questionId: 'l01-wi-01',
      selectedAnswer: 'A',
      timeSpent: 5,
    });
    const notPending = await post(teacher, markUrl(learner, choice.json().answerVersion), {
      pointsEarned: 1,
    });
    expect(notPending.statusCode).toBe(409);
    expect(notPending.json().error.code).toBe('NOT_PENDING');

    const res = await post(admin, markUrl(loner, lonerVersion), { earnedPointIds: ['p1', 'p3'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'marked', marks: { pointsEarned: 2, isCorrect: false } });
    await waitForProjection(t, loner.id);
    const errors = (await get(loner, `/api/users/${loner.id}/error-questions`)).json() as {
      questionId: string;
    }[];
    expect(errors.map((e) => e.questionId)).toContain(QUESTION);
  });

  it('a rebuild gives the queue incremental projection gave (an answer and its marks in one batch too)', async () => {
    const db = t.runtime.deps.db;
    const rows = () =>
      db.selectFrom('pending_answers').selectAll().orderBy('user_id').orderBy('answer_version').execute();
    await waitForProjection(t, learner.id);
    await waitForProjection(t, loner.id);
    const before = await rows();
    expect(before.map((r) => r.status)).toEqual(['marked', 'marked']);
    const projector = t.runtime.projector;
    if (!projector) throw new Error('the embedded runtime projects in process');
    await rebuildProjections(db, projector, t.runtime.deps.leaderboard);
    expect(await rows()).toEqual(before);
  });

  it('the learner reads their own, with the marks and note; the class teacher may too, no one else', async () => {
    const mine = PendingAnswerListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/pending-answers`)).json(),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        answerVersion: version,
        status: 'marked',
        marks: expect.objectContaining({ pointsEarned: 4, note: '譯得準確' }),
      }),
    ]);
    expect((await get(teacher, `/api/users/${learner.id}/pending-answers`)).statusCode).toBe(200);
    expect((await get(loner, `/api/users/${learner.id}/pending-answers`)).statusCode).toBe(403);
    expect((await get(otherTeacher, `/api/users/${learner.id}/pending-answers`)).statusCode).toBe(403);
  });

  it("the learner's data export holds their pending answer and its marks", async () => {
    const res = await get(learner, '/api/users/me/export');
    expect(res.statusCode).toBe(200);
    const { tables } = res.json() as { tables: { pending_answers: Record<string, unknown>[] } };
    expect(tables.pending_answers).toEqual([
      expect.objectContaining({ answer_version: version, status: 'marked', marked_is_correct: true }),
    ]);
  });
});
