/**
 * Two students of the same name in a teacher's queues (issue 40): the 待老師批閱 and appeals replies
 * name each learner with their username beside a shared name (「陳大文（c7-01）」, the domain's
 * `tellNamesakesApart`, as on the class table and the league), also when the namesake has nothing in
 * the queue; a name no one shares, and a learner's own list, show the name alone.
 *
 * The pending queue needs an answer the marker is unsure of: as in teacher-marking.int.test.ts, the app
 * is built with the test hook `AppDeps.grade`, unsure of one answer's marks only. One mode: the labels
 * are made by the same code in both.
 */
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime } from '@wenyan/api/src/runtime.ts';
import {
  AnswerResultSchema,
  AppealListSchema,
  AppealSchema,
  PendingAnswerListSchema,
  PendingAnswerSchema,
  TeacherAppealListSchema,
} from '@wenyan/contracts';
import { type GradableQuestion, gradeAnswer } from '@wenyan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRoles, signUp, signUpAdmin, type TestAccount } from '../support/accounts.ts';
import { type TestApp, waitForProjection } from '../support/app-harness.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';

const QUESTION = 'l01-st-01';
const SCHEME = {
  points: [
    { id: 'p1', kind: 'word', source: '不仁者', label: '「不仁者」：沒有仁德的人', accept: ['沒有仁德'] },
    { id: 'p2', kind: 'word', source: '約', label: '「約」解作窮困', accept: ['窮困'] },
    { id: 'p3', kind: 'word', source: '樂', label: '「樂」解作安樂', accept: ['安樂'] },
    { id: 'p4', kind: 'negation', source: '不可以', label: '保留否定「不可以」：不能', accept: ['不能'] },
  ],
};
/** The answer the test grader is unsure of: it waits for a teacher. */
const UNSURE = '沒有仁德的人，不能長久處在窮困，也不能長久處在安樂。';
/** Marked 3/4 for certain (「潦倒」 is no accepted rendering of 約): an answer to appeal. */
const PARTIAL = '沒有仁德的人，不能長期處於潦倒，也不能長期處於安樂。';

function unsureGrader(question: GradableQuestion & { id?: string }, answer: string) {
  const grading = gradeAnswer(question, answer);
  if (question.id !== QUESTION || answer !== UNSURE || !grading.marking) return grading;
  return { ...grading, isCorrect: false, marking: { ...grading.marking, isCorrect: false, uncertain: true } };
}

async function startApp(): Promise<TestApp> {
  const runtime = await createRuntime(readApiEnv({ LOG_LEVEL: 'silent' }), {
    serveWeb: false,
    pgliteDataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
  });
  const app = await buildApp({ ...runtime.deps, grade: unsureGrader, logger: false });
  await app.ready();
  return {
    mode: 'embedded',
    app,
    runtime,
    worker: null,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

describe("namesakes in the teacher's marking and appeals queues", () => {
  let t: TestApp;
  let admin: TestAccount;
  let teacher: TestAccount;
  let first: TestAccount;
  let second: TestAccount;
  let other: TestAccount;
  const versions = new Map<string, { unsure: number; partial: number }>();

  const get = (who: TestAccount, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (who: TestAccount, url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const name = (who: TestAccount, firstName: string, lastName: string) =>
    t.runtime.deps.db
      .updateTable('users')
      .set({ first_name: firstName, last_name: lastName })
      .where('id', '=', who.id)
      .execute();
  const answer = async (who: TestAccount, selectedAnswer: string) => {
    const res = await post(who, '/api/users/answers', {
      userId: who.id,
      questionId: QUESTION,
      selectedAnswer,
      timeSpent: 30,
    });
    expect(res.statusCode).toBe(200);
    return AnswerResultSchema.parse(res.json()).answerVersion;
  };
  const answerBoth = async (who: TestAccount) => {
    versions.set(who.id, { unsure: await answer(who, UNSURE), partial: await answer(who, PARTIAL) });
    await waitForProjection(t, who.id);
  };
  const pending = async (who: TestAccount) =>
    PendingAnswerListSchema.parse((await get(who, '/api/teacher/pending-answers?status=pending')).json());
  const appeals = async (who: TestAccount) =>
    TeacherAppealListSchema.parse((await get(who, '/api/teacher/appeals')).json());
  const labelOf = (list: readonly { learnerId: string; learnerLabel: string }[], who: TestAccount) =>
    list.find((a) => a.learnerId === who.id)?.learnerLabel;

  beforeAll(async () => {
    t = await startApp();
    await t.runtime.deps.db
      .updateTable('questions')
      .set({ marking: JSON.stringify(SCHEME) })
      .where('id', '=', QUESTION)
      .execute();
    t.app.invalidateContent();
    admin = await signUpAdmin(t.app);
    teacher = await signUp(t.app, 'teacher');
    await grantRoles(t.app, teacher.id, ['student', 'teacher']);
    first = await signUp(t.app, 'ns1');
    second = await signUp(t.app, 'ns2');
    other = await signUp(t.app, 'ns3');
    const created = await post(teacher, '/api/teacher/classes', { name: '中五甲班' });
    const { joinCode } = created.json() as { joinCode: string };
    for (const who of [first, second, other]) {
      expect((await post(who, '/api/classes/join', { joinCode })).statusCode).toBe(200);
    }
    await name(first, '大文', '陳');
    // The same name in Simplified characters is the same name to a reader.
    await name(second, '大文', '陈');
    await name(other, '小明', '李');
    await answerBoth(first);
    await answerBoth(other);
    for (const who of [first, other]) {
      const res = await post(who, `/api/users/${who.id}/appeals`, {
        answerVersion: versions.get(who.id)!.partial,
      });
      expect(res.statusCode).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('marks a learner whose namesake in the class has nothing in the queue, and no one else', async () => {
    const queue = await pending(teacher);
    expect(queue.map((a) => a.learnerId).sort()).toEqual([first.id, other.id].sort());
    expect(labelOf(queue, first)).toBe(`陳大文（${first.username}）`);
    expect(labelOf(queue, other)).toBe('李小明');
    expect(queue.find((a) => a.learnerId === first.id)?.learnerName).toBe('陳大文');
    const list = await appeals(teacher);
    expect(labelOf(list, first)).toBe(`陳大文（${first.username}）`);
    expect(labelOf(list, other)).toBe('李小明');
  });

  it('tells two namesakes in the queues apart by their usernames', async () => {
    await answerBoth(second);
    const res = await post(second, `/api/users/${second.id}/appeals`, {
      answerVersion: versions.get(second.id)!.partial,
    });
    expect(res.statusCode).toBe(201);
    // The learner's own reply and list name them alone: there is no one to tell them from.
    expect(AppealSchema.parse(res.json()).learnerLabel).toBe('陈大文');
    const own = AppealListSchema.parse((await get(second, `/api/users/${second.id}/appeals`)).json());
    expect(own.map((a) => a.learnerLabel)).toEqual(['陈大文']);

    for (const list of [await pending(teacher), await appeals(teacher)]) {
      const a = labelOf(list, first);
      const b = labelOf(list, second);
      expect(a).toBe(`陳大文（${first.username}）`);
      expect(b).toBe(`陈大文（${second.username}）`);
    }
    // An admin's queue is everyone's: the namesakes in it are told apart the same way.
    for (const list of [await pending(admin), await appeals(admin)]) {
      expect(labelOf(list, first)).toBe(`陳大文（${first.username}）`);
      expect(labelOf(list, second)).toBe(`陈大文（${second.username}）`);
      expect(labelOf(list, other)).toBe('李小明');
    }
  });

  it("the replies to a mark and to a refusal name the learner as the teacher's queue does", async () => {
    const marked = await post(
      teacher,
      `/api/teacher/learners/${second.id}/pending-answers/${versions.get(second.id)!.unsure}/mark`,
      { earnedPointIds: ['p1'] },
      'ns-mark-0001',
    );
    expect(marked.statusCode).toBe(200);
    expect(PendingAnswerSchema.parse(marked.json()).learnerLabel).toBe(`陈大文（${second.username}）`);
    const declined = await post(
      teacher,
      `/api/teacher/learners/${first.id}/appeals/${versions.get(first.id)!.partial}/decline`,
      { note: '「潦倒」不是「約」的意思' },
      'ns-decline-0001',
    );
    expect(declined.statusCode).toBe(200);
    expect(AppealSchema.parse(declined.json()).learnerLabel).toBe(`陳大文（${first.username}）`);
  });
});
