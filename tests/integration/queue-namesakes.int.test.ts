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
import {
  AppealListSchema,
  AppealSchema,
  PendingAnswerListSchema,
  PendingAnswerSchema,
  TeacherAppealListSchema,
} from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  openClass,
  setNames,
  signUpAdmin,
  signUpTeacher,
  type TestAccount,
  useAccounts,
} from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';
import { answerQuestion, callsOf, graderUnsureOf, setScheme } from '../support/marking-fixture.ts';

/** The answer the test grader is unsure of: it waits for a teacher. */
const UNSURE = '沒有仁德的人，不能長久處在窮困，也不能長久處在安樂。';
/** Marked 3/4 for certain (「潦倒」 is no accepted rendering of 約): an answer to appeal. */
const PARTIAL = '沒有仁德的人，不能長期處於潦倒，也不能長期處於安樂。';

describe("namesakes in the teacher's marking and appeals queues", () => {
  const t = useTestApp('embedded', { XP_PACE: 'enforce' }, { grade: graderUnsureOf(UNSURE) });
  const { admin, teacher, first, second, other } = useAccounts(t, {
    admin: signUpAdmin,
    teacher: signUpTeacher,
    first: 'ns1',
    second: 'ns2',
    other: 'ns3',
  });
  const versions = new Map<string, { unsure: number; partial: number }>();

  const { get, post } = callsOf(() => t);
  const name = (who: TestAccount, firstName: string, lastName: string) =>
    setNames(t.app, who, firstName, lastName);
  const answer = async (who: TestAccount, selectedAnswer: string) =>
    (await answerQuestion(t, who, selectedAnswer)).answerVersion;
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
    // The test grader is unsure of UNSURE only; XP at the production pace.
    await setScheme(t, { accept: ['窮困'] });
    await openClass(t.app, teacher, '中五甲班', [first, second, other]);
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
