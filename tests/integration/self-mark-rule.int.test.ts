/**
 * The class's self-mark rule (issue 37), through the API: a teacher switches the class from
 * 須老師確認 (the default) to 直接計算, recorded as an event on the class stream; a self-mark of a learner
 * in that class then earns XP and counts in accuracy at once and waits for nobody, while an answer
 * shorter than the rubric's minimum stays capped at the lowest level whatever the rule. A learner in a
 * second class that keeps 須老師確認, or in no class, answers under 'confirm' (the strictest wins).
 */
import {
  AnswerResultSchema,
  ClassSelfMarkRuleSchema,
  SelfMarkListSchema,
  UserStatsListSchema,
} from '@wenyan/contracts';
import { classStreamId, readStream, xpEarnedSince } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUpTeacher, type TestAccount, useAccounts } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

const LONG_ANSWER =
  '藺相如完璧歸趙，見其機智勇敢；澠池之會，面斥秦王，不畏強權；其後避讓廉頗，以國家之急為先，顧全大局，終使將相和好，共保趙國。';

type LongQuestion = { id: string; lessonId: number; topLevel: string; points: number; lowest: number };

describe('the class’s self-mark rule', () => {
  const t = useTestApp('embedded');
  const { teacher, otherTeacher, direct, both, loner } = useAccounts(t, {
    teacher: (app) => signUpTeacher(app, 'srteacher'),
    otherTeacher: (app) => signUpTeacher(app, 'srother'),
    // In the 直接計算 class only; in it and a 須老師確認 class; in no class.
    direct: 'srdirect',
    both: 'srboth',
    loner: 'srloner',
  });
  let directClass: string;
  let confirmClass: string;
  let questions: LongQuestion[];

  const send = (who: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const ruleUrl = (id: string) => `/api/teacher/classes/${id}/self-mark-rule`;
  const xpOf = async (who: TestAccount) =>
    (await xpEarnedSince(t.runtime.deps.db, [who.id], new Date(0))).get(who.id) ?? 0;
  const selfMark = async (who: TestAccount, q: LongQuestion, selectedAnswer: string) => {
    const res = await send(who, 'POST', '/api/users/answers', {
      userId: who.id,
      questionId: q.id,
      selectedAnswer,
      timeSpent: 600,
      selfAssessedLevel: q.topLevel,
    });
    expect(res.statusCode, res.body).toBe(200);
    return AnswerResultSchema.parse(res.json());
  };
  const makeClass = async (name: string, members: TestAccount[]) =>
    (await openClass(t.app, teacher, name, members)).id;

  beforeAll(async () => {
    directClass = await makeClass('中六己班', [direct, both]);
    confirmClass = await makeClass('中六庚班', [both]);
    const rows = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'lesson_id', 'rubric', 'points'])
      .where('type', '=', 'long_question')
      .where('rubric', 'is not', null)
      .orderBy('id')
      .limit(3)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    questions = rows.map((row) => {
      const rubric = row.rubric as { level: string; marks: string }[];
      const points = row.points ?? 8;
      const tops = rubric.map((r) => Math.max(...r.marks.split(/[-–]/u).map(Number)));
      return {
        id: row.id,
        lessonId: Number(row.lesson_id),
        topLevel: rubric[0]!.level,
        points,
        lowest: Math.min(...tops, points),
      };
    });
  }, 120_000);

  it('is 須老師確認 by default; only the class’s teacher reads or sets it, as an event', async () => {
    expect((await send(teacher, 'GET', ruleUrl(directClass))).json()).toEqual({ rule: 'confirm' });
    expect((await send(otherTeacher, 'GET', ruleUrl(directClass))).statusCode).toBe(403);
    expect((await send(otherTeacher, 'PUT', ruleUrl(directClass), { rule: 'direct' })).statusCode).toBe(403);
    expect((await send(direct, 'PUT', ruleUrl(directClass), { rule: 'direct' })).statusCode).toBe(403);
    const bad = await send(teacher, 'PUT', ruleUrl(directClass), { rule: 'always' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.rule');

    const set = await send(teacher, 'PUT', ruleUrl(directClass), { rule: 'direct' });
    expect(set.statusCode, set.body).toBe(200);
    expect(ClassSelfMarkRuleSchema.parse(set.json())).toEqual({ rule: 'direct' });
    // The same rule again records nothing more.
    expect((await send(teacher, 'PUT', ruleUrl(directClass), { rule: 'direct' })).json()).toEqual({
      rule: 'direct',
    });
    const events = await readStream(t.runtime.deps.db, classStreamId(directClass));
    const ruleEvents = events.filter((e) => e.type === 'SelfMarkRuleSet');
    expect(ruleEvents.map((e) => e.data)).toEqual([
      expect.objectContaining({ rule: 'direct', by: teacher.id }),
    ]);
    expect((await send(teacher, 'GET', ruleUrl(directClass))).json()).toEqual({ rule: 'direct' });
    expect((await send(teacher, 'GET', ruleUrl(confirmClass))).json()).toEqual({ rule: 'confirm' });
  });

  it('直接計算: a self-mark pays and counts at once, and waits for no teacher', async () => {
    const q = questions[0]!;
    const before = await xpOf(direct);
    const answer = await selfMark(direct, q, LONG_ANSWER);
    expect(answer).toMatchObject({ isCorrect: true, earnedXp: true });
    expect(answer.xpWithheld).toBeUndefined();
    expect(await xpOf(direct)).toBe(before + 10);

    await waitForProjection(t, direct.id);
    const stats = UserStatsListSchema.parse(
      (await send(direct, 'GET', `/api/users/${direct.id}/stats`)).json(),
    );
    expect(stats.find((s) => s.lessonId === q.lessonId)?.accuracy).toBe(100);

    const pending = SelfMarkListSchema.parse(
      (await send(teacher, 'GET', `/api/teacher/classes/${directClass}/self-marks`)).json(),
    );
    expect(pending.filter((p) => p.learnerId === direct.id)).toEqual([]);
    // Nothing to confirm: it already counted.
    const confirm = await send(
      teacher,
      'POST',
      `/api/teacher/learners/${direct.id}/self-marks/${answer.answerVersion}/confirm`,
      { pointsEarned: q.points },
    );
    expect(confirm.statusCode).toBe(409);
  });

  it('直接計算 still caps a short answer at the lowest level: no XP for 「不知道」', async () => {
    const q = questions[1]!;
    const before = await xpOf(direct);
    const answer = await selfMark(direct, q, '不知道');
    expect(answer.marking.earned).toBe(q.lowest);
    expect(answer.marking.earned).toBeLessThan(q.points);
    expect(answer).toMatchObject({ isCorrect: false, earnedXp: false });
    expect(await xpOf(direct)).toBe(before);
  });

  it('the strictest rule wins: a learner also in a 須老師確認 class, or in none, waits for a teacher', async () => {
    const q = questions[0]!;
    for (const who of [both, loner]) {
      const before = await xpOf(who);
      const answer = await selfMark(who, q, LONG_ANSWER);
      expect(answer).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'unconfirmed' });
      expect(await xpOf(who)).toBe(before);
    }
    const pending = SelfMarkListSchema.parse(
      (await send(teacher, 'GET', `/api/teacher/classes/${confirmClass}/self-marks`)).json(),
    );
    expect(pending.map((p) => p.learnerId)).toEqual([both.id]);
  });

  it('back to 須老師確認: the next self-mark waits again', async () => {
    const set = await send(teacher, 'PUT', ruleUrl(directClass), { rule: 'confirm' });
    expect(set.json()).toEqual({ rule: 'confirm' });
    const answer = await selfMark(direct, questions[2] ?? questions[1]!, LONG_ANSWER);
    expect(answer).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'unconfirmed' });
  });
});
