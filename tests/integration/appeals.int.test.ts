/**
 * Appeals through the API (issue 20, item 3): a learner's partial translation, an appeal, the teacher
 * of their class accepts it naming the point its rendering earns; the answer is re-marked as a new
 * event with its XP, the error book follows, and another learner's same answer is now accepted.
 * A decline with a note the learner reads; who may appeal, list and resolve; Idempotency-Key.
 * The rules do not depend on the mode, so this runs in the embedded mode only.
 */
import {
  AppealListSchema,
  AppealSchema,
  ErrorQuestionListSchema,
  TeacherAppealListSchema,
} from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, putRoles, type TestAccount, UNGRANTED_CLASS, useAccounts } from '../support/accounts.ts';
import { learnerEvents, useTestApp, waitForProjection } from '../support/app-harness.ts';
import { expectMigration0024KeepsCauses } from '../support/error-book.ts';
import { answerQuestion, callsOf, QUESTION, setScheme } from '../support/marking-fixture.ts';

/** Earns p1, p3 and p4; 「潦倒」 is not (yet) an accepted rendering of 約. */
const PARTIAL = '沒有仁德的人，不能長期處於潦倒，也不能長期處於安樂。';
/** Reads 約 as 約束, a trap the scheme rejects. */
const TRAP = '沒有仁德的人，不能長期處於約束，也不能長期處於安樂。';

describe('appeals through the API', () => {
  let appealedVersion: number;
  const t = useTestApp('embedded');
  // The teachers sign up as learners: an admin grants them the role (below).
  const { admin, teacher, otherTeacher, learner, classmate, outsider } = useAccounts(t, UNGRANTED_CLASS);

  const { get, post } = callsOf(() => t);
  const answer = (who: TestAccount, selectedAnswer: string) => answerQuestion(t, who, selectedAnswer);
  const events = (who: TestAccount) => learnerEvents(t, who.id);
  /** Where the teacher accepts the appeal of the learner's partial answer. */
  const acceptUrl = () => `/api/teacher/learners/${learner.id}/appeals/${appealedVersion}/accept`;
  /** The XP the read model holds for the account (undefined before its first projection). */
  const projectedXp = async (who: TestAccount) =>
    (
      await t.runtime.deps.db
        .selectFrom('user_totals')
        .select('total_xp')
        .where('user_id', '=', who.id)
        .executeTakeFirst()
    )?.total_xp;

  beforeAll(async () => {
    await setScheme(t, { accept: ['窮困', '貧困', '困境'], reject: ['約定', '約束'] });
    for (const who of [teacher, otherTeacher]) {
      expect((await putRoles(t.app, admin, who, ['student', 'teacher'])).statusCode).toBe(200);
    }
    await openClass(t.app, teacher, '中五甲班', [learner, classmate]);
  });

  it('a partial answer is marked 3/4 and its reply names the version an appeal names', async () => {
    const result = await answer(learner, PARTIAL);
    expect(result.marking).toMatchObject({ verdict: 'partial', earned: 3, available: 4 });
    const stored = (await events(learner)).find((e) => e.version === result.answerVersion);
    expect(stored?.type).toBe('AnswerSubmitted');
    appealedVersion = result.answerVersion;
  });

  it('a learner appeals only their own answers, once, idempotently under the same key', async () => {
    const forOther = await post(outsider, `/api/users/${learner.id}/appeals`, {
      answerVersion: appealedVersion,
    });
    expect(forOther.statusCode).toBe(403);
    // The outsider's own stream has no answer at that version.
    const missing = await post(outsider, `/api/users/${outsider.id}/appeals`, {
      answerVersion: appealedVersion,
    });
    expect(missing.statusCode).toBe(404);

    const url = `/api/users/${learner.id}/appeals`;
    const body = { answerVersion: appealedVersion, note: '「潦倒」就是窮困的意思' };
    const first = await post(learner, url, body, 'appeal-key-0001');
    expect(first.statusCode).toBe(201);
    expect(AppealSchema.parse(first.json())).toMatchObject({
      answerVersion: appealedVersion,
      questionId: QUESTION,
      selectedAnswer: PARTIAL,
      pointsEarned: 3,
      pointsAvailable: 4,
      note: '「潦倒」就是窮困的意思',
      status: 'pending',
    });
    const replayed = await post(learner, url, body, 'appeal-key-0001');
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toEqual(first.json());
    expect((await events(learner)).filter((e) => e.type === 'AnswerAppealed')).toHaveLength(1);

    const again = await post(learner, url, body, 'appeal-key-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_APPEALED');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = (await events(learner)).length;
    const bad = await post(learner, `/api/users/${learner.id}/appeals`, { answerVersion: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('answerVersion');
    const long = await post(learner, `/api/users/${learner.id}/appeals`, {
      answerVersion: appealedVersion,
      note: '理'.repeat(301),
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().error.details)).toContain('note');
    expect((await events(learner)).length).toBe(before);
  });

  it('the teacher of the class sees the appeal with the question and its scheme; another teacher does not', async () => {
    const mine = TeacherAppealListSchema.parse(
      (await get(teacher, '/api/teacher/appeals?status=pending')).json(),
    );
    const appeal = mine.find((a) => a.learnerId === learner.id && a.answerVersion === appealedVersion);
    expect(appeal).toMatchObject({ status: 'pending', selectedAnswer: PARTIAL });
    expect(appeal?.question.points.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(appeal?.question.correctAnswer).toContain('窮困');

    const theirs = TeacherAppealListSchema.parse((await get(otherTeacher, '/api/teacher/appeals')).json());
    expect(theirs.filter((a) => a.learnerId === learner.id)).toEqual([]);
    const all = TeacherAppealListSchema.parse((await get(admin, '/api/teacher/appeals')).json());
    expect(all.some((a) => a.learnerId === learner.id)).toBe(true);
    expect((await get(learner, '/api/teacher/appeals')).statusCode).toBe(403);
    expect((await get(outsider, `/api/users/${learner.id}/appeals`)).statusCode).toBe(403);
  });

  it('only the teacher of the learner (or an admin) resolves it; a rendering not in the answer is refused', async () => {
    const url = acceptUrl();
    expect((await post(otherTeacher, url, { pointId: 'p2', rendering: '潦倒' })).statusCode).toBe(403);
    expect((await post(learner, url, { pointId: 'p2', rendering: '潦倒' })).statusCode).toBe(403);
    const notInAnswer = await post(teacher, url, { pointId: 'p2', rendering: '困頓' });
    expect(notInAnswer.statusCode).toBe(400);
    expect(notInAnswer.json().error.code).toBe('RENDERING_NOT_IN_ANSWER');
    const noPoint = await post(teacher, url, { pointId: 'p9', rendering: '潦倒' });
    expect(noPoint.json().error.code).toBe('UNKNOWN_POINT');
  });

  it('accepting re-marks the answer as a new event with its XP, and the error book follows', async () => {
    await waitForProjection(t, learner.id);
    const errorsBefore = ErrorQuestionListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/error-questions`)).json(),
    );
    expect(errorsBefore.find((r) => r.questionId === QUESTION)).toMatchObject({
      isActive: true,
      masteredBy: null,
    });
    const xpBefore = await projectedXp(learner);

    const res = await post(teacher, acceptUrl(), { pointId: 'p2', rendering: '潦倒' }, 'accept-key-0001');
    expect(res.statusCode).toBe(200);
    expect(AppealSchema.parse(res.json())).toMatchObject({
      status: 'accepted',
      remark: { pointId: 'p2', rendering: '潦倒', pointsEarned: 4, pointsAvailable: 4, isCorrect: true },
    });

    const stream = await events(learner);
    const remark = stream.find((e) => e.type === 'AnswerRemarked');
    expect(remark?.data).toMatchObject({
      answerVersion: appealedVersion,
      previousPointsEarned: 3,
      pointsEarned: 4,
      isCorrect: true,
      earnedXp: true,
      teacherId: teacher.id,
    });
    const xp = stream.filter((e) => e.version > (remark?.version ?? 0) && e.type === 'XpAwarded');
    expect(xp.map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: 10, reason: 'correct_answer' }),
    ]);
    // The AnswerSubmitted it re-marks is untouched.
    expect(stream.find((e) => e.version === appealedVersion)?.data).toMatchObject({ pointsEarned: 3 });

    await waitForProjection(t, learner.id);
    const errorsAfter = ErrorQuestionListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/error-questions`)).json(),
    );
    // Mastered by the teacher's acceptance, not by the learner's own tick (issue 40).
    expect(errorsAfter.find((r) => r.questionId === QUESTION)).toMatchObject({
      isActive: false,
      masteredBy: 'appeal',
    });
    const xpAfter = await projectedXp(learner);
    expect(Number(xpAfter)).toBe(Number(xpBefore) + 10);

    // Accepting again is refused; the same key answers the same.
    const twice = await post(teacher, acceptUrl(), { pointId: 'p2', rendering: '潦倒' }, 'accept-key-0002');
    expect(twice.statusCode).toBe(409);
  });

  it('migration 0024 gives the records closed before it the cause the fold gives', async () => {
    await expectMigration0024KeepsCauses(t.runtime.deps.db, learner.id, 'appeal');
  });

  it('the rendering is stored as accepted content with who and when', async () => {
    const rows = await t.runtime.deps.db
      .withTables<{
        accepted_renderings: {
          question_id: string;
          point_id: string;
          rendering: string;
          accepted_by: string;
          accepted_at: Date;
        };
      }>()
      .selectFrom('accepted_renderings')
      .selectAll()
      .where('question_id', '=', QUESTION)
      .execute();
    expect(rows.map((r) => [r.point_id, r.rendering, String(r.accepted_by)])).toEqual([
      ['p2', '潦倒', teacher.id],
    ]);
    expect(rows[0]?.accepted_at).toBeInstanceOf(Date);
  });

  it("another learner's same answer is now accepted", async () => {
    const result = await answer(classmate, PARTIAL);
    expect(result.marking).toMatchObject({ verdict: 'correct', earned: 4, available: 4 });
    expect(result.marking.points.find((p) => p.id === 'p2')).toMatchObject({ earned: true, matched: '潦倒' });
  });

  it('a declined appeal carries the teacher’s note, which the learner reads', async () => {
    const result = await answer(classmate, TRAP);
    expect(result.marking.verdict).toBe('partial');
    const appealed = await post(classmate, `/api/users/${classmate.id}/appeals`, {
      answerVersion: result.answerVersion,
    });
    expect(appealed.statusCode).toBe(201);
    const noNote = await post(
      teacher,
      `/api/teacher/learners/${classmate.id}/appeals/${result.answerVersion}/decline`,
      { note: '   ' },
    );
    expect(noNote.statusCode).toBe(400);
    const declined = await post(
      teacher,
      `/api/teacher/learners/${classmate.id}/appeals/${result.answerVersion}/decline`,
      { note: '「約」在此解作窮困，不是約束。' },
    );
    expect(declined.statusCode).toBe(200);
    const mine = AppealListSchema.parse((await get(classmate, `/api/users/${classmate.id}/appeals`)).json());
    expect(mine.find((a) => a.answerVersion === result.answerVersion)).toMatchObject({
      status: 'declined',
      teacherNote: '「約」在此解作窮困，不是約束。',
      remark: null,
    });
  });

  it('the replay describes the appeal, the re-mark and the decline in Traditional Chinese', async () => {
    const page = (await get(teacher, `/api/teacher/learners/${learner.id}/events?limit=100`)).json() as {
      items: { type: string; summary: string }[];
    };
    const summaries = page.items.filter((e) => ['AnswerAppealed', 'AnswerRemarked'].includes(e.type));
    expect(summaries.map((e) => e.summary)).toEqual([
      expect.stringContaining('提出申訴'),
      expect.stringContaining('老師接納申訴，「潦倒」列為可接受的譯法'),
    ]);
    const other = (await get(teacher, `/api/teacher/learners/${classmate.id}/events?limit=100`)).json() as {
      items: { type: string; summary: string }[];
    };
    expect(other.items.find((e) => e.type === 'AppealDeclined')?.summary).toContain('老師不接納申訴');
  });
});
