/**
 * The per-question class report (issue 40): from the read models, which items of a lesson or an
 * assignment most of the class got wrong, their common wrong answers counted (no names or ids), and a
 * worksheet of those items; only the class's teacher (or an admin) sees it, and a bad query is a 400 in
 * the error shape.
 */
import { ClassReportSchema, WorksheetKeySchema, WorksheetSchema } from '@wenyan/contracts';
import { lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUp, signUpAdmin, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

type Row = Awaited<ReturnType<typeof lessonQuestions>>[number];

describe('the per-question class report', () => {
  let teacher: TestAccount;
  let otherTeacher: TestAccount;
  let admin: TestAccount;
  let learners: TestAccount[];
  let outsider: TestAccount;
  let classId: string;
  let words: Row[];
  const t = useTestApp('embedded', { SESSION_CACHE_MS: '0' });

  const get = (who: TestAccount, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (who: TestAccount, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  const answer = async (who: TestAccount, q: Row, selectedAnswer: string) => {
    const res = await post(who, '/api/users/answers', {
      userId: who.id,
      questionId: q.id,
      selectedAnswer,
      timeSpent: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const wrongOf = (q: Row, n = 0) => (q.options as string[]).filter((o) => o !== q.correct_answer)[n]!;

  beforeAll(async () => {
    teacher = await signUpTeacher(t.app, 'rpt_teacher');
    otherTeacher = await signUpTeacher(t.app, 'rpt_other');
    admin = await signUpAdmin(t.app, 'rpt_admin');
    learners = [await signUp(t.app, 'rpt_a'), await signUp(t.app, 'rpt_b'), await signUp(t.app, 'rpt_c')];
    outsider = await signUp(t.app, 'rpt_out');
    classId = (await openClass(t.app, teacher, '中四乙班', learners)).id;
    words = (await lessonQuestions(t.runtime.deps.db, 1)).filter(
      (q) => q.type === 'word_interpretation' && (q.options?.length ?? 0) >= 3,
    );
    const [q1, q2, q3] = words as [Row, Row, Row];
    const [a, b, c] = learners as [TestAccount, TestAccount, TestAccount];
    // q1: all three wrong, two with the same answer; q2: one of three wrong; q3: all right.
    await answer(a, q1, wrongOf(q1, 0));
    await answer(b, q1, ` ${wrongOf(q1, 0)} `);
    await answer(c, q1, wrongOf(q1, 1));
    await answer(a, q2, wrongOf(q2));
    await answer(b, q2, q2.correct_answer);
    await answer(c, q2, q2.correct_answer);
    for (const who of learners) await answer(who, q3, q3.correct_answer);
    // Someone outside the class gets q3 wrong: not counted.
    await answer(outsider, q3, wrongOf(q3));
    for (const who of [...learners, outsider]) await waitForProjection(t, who.id);
  }, 120_000);

  it('lists the items most got wrong first, with their wrong answers counted and no one named', async () => {
    const res = await get(teacher, `/api/teacher/classes/${classId}/question-report?lessonId=1`);
    expect(res.statusCode, res.body).toBe(200);
    const report = ClassReportSchema.parse(res.json());
    const [q1, q2, q3] = words as [Row, Row, Row];
    expect(report.learnerCount).toBe(3);
    expect(report.scope).toEqual({ kind: 'lesson', lessonId: 1, type: null });
    expect(report.items.map((i) => i.questionId)).toEqual([q1.id, q2.id, q3.id]);
    const [first, second, third] = report.items;
    expect(first).toMatchObject({ answered: 3, wrong: 3, stillOpen: 3, mostWrong: true, wrongShare: 1 });
    // Whitespace does not split one answer in two; the most given first.
    expect(first!.wrongAnswers).toEqual([
      { answer: wrongOf(q1, 0), count: 2 },
      { answer: wrongOf(q1, 1), count: 1 },
    ]);
    expect(second).toMatchObject({ answered: 3, wrong: 1, mostWrong: false });
    // The outsider's wrong answer to q3 is not the class's.
    expect(third).toMatchObject({ answered: 3, wrong: 0, wrongAnswers: [], mostWrong: false });
    for (const who of [...learners, outsider]) {
      expect(res.body).not.toContain(who.username);
      expect(res.body).not.toContain(`"${who.id}"`);
    }
    // The worksheet of the items most got wrong: q1 only, and the sheet prints just it.
    expect(report.worksheets).toEqual([{ lessonId: 1, type: 'word_interpretation', questionIds: [q1.id] }]);
    const sheet = await get(learners[0]!, `/api/worksheets/1/word_interpretation?questions=${q1.id}`);
    expect(WorksheetSchema.parse(sheet.json()).questions.map((q) => q.id)).toEqual([q1.id]);
    const key = await get(
      teacher,
      `/api/teacher/worksheets/1/word_interpretation/key?questions=${q1.id},${q2.id}`,
    );
    expect(
      WorksheetKeySchema.parse(key.json())
        .questions.map((q) => q.id)
        .sort(),
    ).toEqual([q1.id, q2.id].sort());
    const bad = await get(teacher, '/api/worksheets/1/word_interpretation?questions=a;b');
    expect(bad.statusCode).toBe(400);
  });

  it('reports an assignment: a practice type of a lesson', async () => {
    const set = await post(teacher, `/api/teacher/classes/${classId}/assignments`, {
      title: '詞語解釋',
      task: { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' },
      dueAt: new Date(Date.now() + 48 * 3_600_000).toISOString().replace('Z', '+00:00'),
    });
    expect(set.statusCode, set.body).toBe(201);
    const res = await get(
      teacher,
      `/api/teacher/classes/${classId}/question-report?assignmentId=${set.json().id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = ClassReportSchema.parse(res.json());
    expect(report.title).toBe('詞語解釋');
    expect(report.items.map((i) => i.questionId)).toEqual(words.slice(0, 3).map((q) => q.id));
    // A type of the lesson the class did not answer: nothing to report.
    const none = await get(
      teacher,
      `/api/teacher/classes/${classId}/question-report?lessonId=1&type=cultural_knowledge`,
    );
    expect(ClassReportSchema.parse(none.json()).items).toEqual([]);

    const reviews = await post(teacher, `/api/teacher/classes/${classId}/assignments`, {
      title: '複習',
      task: { kind: 'reviews', count: 3 },
      dueAt: new Date(Date.now() + 48 * 3_600_000).toISOString().replace('Z', '+00:00'),
    });
    const refused = await get(
      teacher,
      `/api/teacher/classes/${classId}/question-report?assignmentId=${reviews.json().id}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].field).toBe('query.assignmentId');
    const unknown = await get(teacher, `/api/teacher/classes/${classId}/question-report?assignmentId=nope`);
    expect(unknown.statusCode).toBe(404);
  });

  it("is the class's teacher's and an admin's only: 403 for another teacher, 403 for a student", async () => {
    const url = `/api/teacher/classes/${classId}/question-report?lessonId=1`;
    expect((await get(otherTeacher, url)).statusCode).toBe(403);
    expect((await get(learners[0]!, url)).statusCode).toBe(403);
    expect((await get(admin, url)).statusCode).toBe(200);
  });

  it("lists a teacher's classes on their leagues page (a teacher is no member), with full names", async () => {
    const mine = (await get(teacher, '/api/users/me/leagues')).json() as Array<{
      classId: string;
      entries: unknown[];
    }>;
    expect(mine.map((l) => l.classId)).toEqual([classId]);
    // Another teacher's class is not theirs; a student who teaches nothing sees only their own classes.
    expect((await get(otherTeacher, '/api/users/me/leagues')).json()).toEqual([]);
    expect(
      ((await get(learners[0]!, '/api/users/me/leagues')).json() as Array<{ classId: string }>).map(
        (l) => l.classId,
      ),
    ).toEqual([classId]);
  });

  it('refuses a query naming neither or both scopes, or a type without a lesson, in the error shape', async () => {
    const base = `/api/teacher/classes/${classId}/question-report`;
    for (const query of [
      '',
      '?lessonId=1&assignmentId=x',
      '?assignmentId=x&type=word_interpretation',
      '?lessonId=0',
      '?lessonId=1&type=nope',
      '?lessonId=1&extra=1',
    ]) {
      const res = await get(teacher, `${base}${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { error: { code: string; message: string; details: unknown[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(typeof body.error.message).toBe('string');
      expect(body.error.details.length).toBeGreaterThan(0);
    }
  });
});
