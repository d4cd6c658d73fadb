/**
 * Teachers running their classes (issue 25): invitations make teachers (at once, on every instance),
 * accounts made for a class set their own password first, a teacher's question is served only to their
 * classes (and counted only there) until an admin publishes it, and worksheets print without keys for
 * learners and with marking schemes for teachers.
 */
import { parseStudentNames, QUESTIONS_PER_HOUR } from '@wenyan/contracts';
import { lessonQuestions } from '@wenyan/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, signUpAdmin, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { startOtherInstance, type TestApp, useTestApp, waitForProjection } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const setCookie = res.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
}

describe('teachers running their classes', () => {
  let admin: TestAccount;
  let teacher: TestAccount;
  const t = useTestApp('embedded', { SESSION_CACHE_MS: '60000' });
  const call = (who: TestAccount | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    admin = await signUpAdmin(t.app, 'cls_admin');
    teacher = await signUpTeacher(t.app, 'cls_teacher');
  });

  describe('teacher invitations', () => {
    async function invite(note = '陳老師') {
      const res = await call(admin, 'POST', '/api/admin/teacher-invitations', { note });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; code: string; link: string; status: string; expiresAt: string };
    }

    it('makes a signed-in student a teacher at once, once, and lists the invitation as used', async () => {
      const created = await invite();
      expect(created.status).toBe('open');
      expect(created.link).toBe(`/api/login?invite=${created.code}`);
      expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
      // Only the digest is stored.
      const stored = await t.runtime.deps.db.selectFrom('teacher_invitations').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(created.code);

      const student = await signUp(t.app, 'cls_invited');
      expect((await call(student, 'GET', '/api/teacher/classes')).statusCode).toBe(403);
      const redeemed = await call(student, 'POST', '/api/auth/teacher-invitation', {
        code: created.code.toLowerCase().replace(/-/g, ' '),
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(redeemed.json().roles).toContain('teacher');
      // The cached session sees the role at its next request.
      expect((await call(student, 'GET', '/api/teacher/classes')).statusCode).toBe(200);

      const again = await call(await signUp(t.app, 'cls_late'), 'POST', '/api/auth/teacher-invitation', {
        code: created.code,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.details[0].field).toBe('body.code');

      const list = (await call(admin, 'GET', '/api/admin/teacher-invitations')).json() as Array<{
        id: string;
        status: string;
        redeemedBy: string | null;
      }>;
      const row = list.find((i) => i.id === created.id);
      expect(row).toMatchObject({ status: 'redeemed', redeemedBy: student.username });
      expect(JSON.stringify(list)).not.toContain(created.code);
    });

    it('makes a teacher at sign-up, and refuses a sign-up with a wrong code leaving no account', async () => {
      const created = await invite();
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'cls_wrong_code', password: PASSWORD, invitationCode: 'AAAA-BBBB-CCCC' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details[0].field).toBe('body.invitationCode');
      const none = await t.runtime.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'cls_wrong_code')
        .execute();
      expect(none).toEqual([]);

      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'cls_signup_teacher', password: PASSWORD, invitationCode: created.code },
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().roles).toEqual(['student', 'teacher']);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/teacher/classes',
        headers: { cookie: cookieOf(ok) },
      });
      expect(res.statusCode).toBe(200);
    });

    it("opens the sign-up form from the invitation's link, or 設定 for a signed-in user", async () => {
      const created = await invite();
      const page = await t.app.inject({ method: 'GET', url: created.link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="invitationCode"');
      const student = await signUp(t.app, 'cls_link');
      const signedIn = await call(student, 'GET', created.link);
      expect(signedIn.statusCode).toBe(302);
      expect(signedIn.headers.location).toBe(`/settings?invite=${encodeURIComponent(created.code)}`);
    });

    it('revokes an open invitation once; a revoked code makes nobody a teacher', async () => {
      const created = await invite();
      const revoked = await call(admin, 'POST', `/api/admin/teacher-invitations/${created.id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().status).toBe('revoked');
      expect(
        (await call(admin, 'POST', `/api/admin/teacher-invitations/${created.id}/revoke`)).statusCode,
      ).toBe(409);
      expect((await call(admin, 'POST', '/api/admin/teacher-invitations/999999999/revoke')).statusCode).toBe(
        404,
      );
      const student = await signUp(t.app, 'cls_revoked');
      const res = await call(student, 'POST', '/api/auth/teacher-invitation', { code: created.code });
      expect(res.statusCode).toBe(400);
    });

    it('does not take an expired invitation', async () => {
      const created = await invite();
      await t.runtime.deps.db
        .updateTable('teacher_invitations')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', created.id)
        .execute();
      const student = await signUp(t.app, 'cls_expired');
      expect(
        (await call(student, 'POST', '/api/auth/teacher-invitation', { code: created.code })).statusCode,
      ).toBe(400);
      const list = (await call(admin, 'GET', '/api/admin/teacher-invitations')).json() as Array<{
        id: string;
        status: string;
      }>;
      expect(list.find((i) => i.id === created.id)?.status).toBe('expired');
    });
  });

  describe('「我的班別」', () => {
    it("lists a student's classes with the teacher's name and lets them leave", async () => {
      const klass = (await call(teacher, 'POST', '/api/teacher/classes', { name: '中四乙班' })).json() as {
        id: string;
        joinCode: string;
      };
      const student = await signUp(t.app, 'cls_mine');
      expect(
        (await call(student, 'POST', '/api/classes/join', { joinCode: klass.joinCode })).statusCode,
      ).toBe(200);
      const mine = (await call(student, 'GET', '/api/classes/mine')).json() as Array<Record<string, string>>;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ id: klass.id, name: '中四乙班', teacherName: 'cls_teacher' });
      expect((await call(student, 'POST', `/api/classes/${klass.id}/leave`)).statusCode).toBe(200);
      expect((await call(student, 'GET', '/api/classes/mine')).json()).toEqual([]);
    });
  });

  describe('accounts for a class', () => {
    it('makes accounts from a pasted list; each sets its own password before anything else works', async () => {
      const klass = (await call(teacher, 'POST', '/api/teacher/classes', { name: '中五丙班' })).json() as {
        id: string;
      };
      const names = parseStudentNames('姓名,學號\n陳大文,1\n"李小明",2\n\n黃美玲,3\n');
      expect(names).toEqual(['陳大文', '李小明', '黃美玲']);
      const res = await call(teacher, 'POST', `/api/teacher/classes/${klass.id}/accounts`, { names });
      expect(res.statusCode, res.body).toBe(201);
      const { accounts } = res.json() as {
        accounts: Array<{ userId: string; name: string; username: string; password: string }>;
      };
      expect(accounts.map((a) => a.name)).toEqual(names);
      expect(new Set(accounts.map((a) => a.username)).size).toBe(3);
      const stored = await t.runtime.deps.db
        .selectFrom('users')
        .select('password_hash')
        .where(
          'id',
          'in',
          accounts.map((a) => a.userId),
        )
        .execute();
      for (const row of stored) expect(row.password_hash).toMatch(/^\$argon2id\$/);

      const learners = (
        await call(teacher, 'GET', `/api/teacher/classes/${klass.id}/learners`)
      ).json() as unknown[];
      expect(learners).toHaveLength(3);

      const first = accounts[0]!;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: first.username, password: first.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().mustChangePassword).toBe(true);
      const student = {
        id: first.userId,
        username: first.username,
        cookie: cookieOf(login),
        headers: { cookie: cookieOf(login) },
      };
      const blocked = await call(student, 'GET', '/api/lessons');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
      // The password rules hold for the new one.
      const weak = await call(student, 'POST', '/api/auth/password', {
        currentPassword: first.password,
        newPassword: 'password',
      });
      expect(weak.statusCode).toBe(400);
      const changed = await call(student, 'POST', '/api/auth/password', {
        currentPassword: first.password,
        newPassword: 'a long unusual phrase 42',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await call(student, 'GET', '/api/lessons')).statusCode).toBe(200);
      expect((await call(student, 'GET', '/api/auth/user')).json().mustChangePassword).toBeUndefined();

      // A second batch continues the numbering.
      const more = await call(teacher, 'POST', `/api/teacher/classes/${klass.id}/accounts`, {
        names: ['張三'],
      });
      expect(more.json().accounts[0].username).toBe(`c${klass.id}-04`);
    });

    it('limits the batch, and only the class teacher (or an admin) makes accounts', async () => {
      const klass = (await call(teacher, 'POST', '/api/teacher/classes', { name: '中六甲班' })).json() as {
        id: string;
      };
      const url = `/api/teacher/classes/${klass.id}/accounts`;
      const tooMany = await call(teacher, 'POST', url, {
        names: Array.from({ length: 61 }, (_, i) => `學生${i}`),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.details[0].field).toBe('body.names');
      const other = await signUpTeacher(t.app, 'cls_other_teacher');
      expect((await call(other, 'POST', url, { names: ['甲'] })).statusCode).toBe(403);
      expect(
        (await call(await signUp(t.app, 'cls_student'), 'POST', url, { names: ['甲'] })).statusCode,
      ).toBe(403);
      expect((await call(null, 'POST', url, { names: ['甲'] })).statusCode).toBe(401);
      expect(
        (await call(teacher, 'POST', '/api/teacher/classes/999999999/accounts', { names: ['甲'] }))
          .statusCode,
      ).toBe(404);
      expect((await call(admin, 'POST', url, { names: ['乙'] })).statusCode).toBe(201);
    });
  });

  describe("a teacher's questions", () => {
    let classmate: TestAccount;
    let stranger: TestAccount;
    let author: TestAccount;
    let questionId: string;
    const LESSON = 2;
    const question = {
      lessonId: LESSON,
      content: '「師者」的「者」的意思是：',
      targetText: '師者',
      options: ['……的人', '語氣助詞'],
      correctAnswer: '……的人',
      explanation: '者：……的人。',
    };
    const ids = async (who: TestAccount) =>
      ((await call(who, 'GET', `/api/lessons/${LESSON}/questions`)).json() as Array<{ id: string }>).map(
        (q) => q.id,
      );

    beforeAll(async () => {
      author = await signUpTeacher(t.app, 'cls_author');
      const klass = (await call(author, 'POST', '/api/teacher/classes', { name: '中五丁班' })).json() as {
        joinCode: string;
      };
      classmate = await signUp(t.app, 'cls_classmate');
      stranger = await signUp(t.app, 'cls_stranger');
      await call(classmate, 'POST', '/api/classes/join', { joinCode: klass.joinCode });
      const added = await call(author, 'POST', '/api/questions', question);
      expect(added.statusCode, added.body).toBe(201);
      questionId = added.json().id;
    });

    it('serves it to the class only; another school’s student neither sees, answers nor needs it', async () => {
      const everyone = (await lessonQuestions(t.runtime.deps.db, LESSON)).length;
      expect(await ids(classmate)).toContain(questionId);
      expect(await ids(stranger)).not.toContain(questionId);
      const refused = await call(stranger, 'POST', '/api/users/answers', {
        userId: stranger.id,
        questionId,
        selectedAnswer: question.correctAnswer,
        timeSpent: 3,
      });
      expect(refused.statusCode).toBe(404);

      // Each answers one bank question: the denominator of their lesson progress differs by this question.
      const bank = (await lessonQuestions(t.runtime.deps.db, LESSON)).find((q) => q.options)!;
      for (const who of [classmate, stranger]) {
        const res = await postAnswer(t.app, who, bank.id, bank.correct_answer, { timeSpent: 3 });
        expect(res.statusCode).toBe(200);
        await waitForProjection(t, who.id);
      }
      const totalOf = async (who: TestAccount) =>
        (
          (await call(who, 'GET', `/api/users/${who.id}/stats`)).json() as Array<{
            lessonId: number;
            totalQuestions: number;
          }>
        ).find((s) => s.lessonId === LESSON)?.totalQuestions;
      expect(await totalOf(stranger)).toBe(everyone);
      expect(await totalOf(classmate)).toBe(everyone + 1);
      const availability = async (who: TestAccount) =>
        (
          (
            await call(who, 'GET', `/api/lessons/${LESSON}/nodes/availability?characterThreshold=900`)
          ).json() as Array<{
            type: string;
            availableQuestions: number;
          }>
        ).find((n) => n.type === 'word_interpretation')?.availableQuestions;
      expect(await availability(classmate)).toBe((await availability(stranger))! + 1);
    });

    it('lists it in the review queue; publishing serves it to everyone, recorded with who and when', async () => {
      const queue = (await call(admin, 'GET', '/api/admin/questions/review')).json() as Array<{ id: string }>;
      expect(queue.map((q) => q.id)).toContain(questionId);
      expect((await call(author, 'GET', '/api/admin/questions/review')).statusCode).toBe(403);
      expect((await call(author, 'POST', `/api/admin/questions/${questionId}/publish`)).statusCode).toBe(403);

      const published = await call(admin, 'POST', `/api/admin/questions/${questionId}/publish`);
      expect(published.statusCode).toBe(200);
      expect(published.json().status).toBe('published');
      expect(
        published.json().history.map((h: { change: string; actorId: string }) => [h.change, h.actorId]),
      ).toEqual([
        ['added', author.id],
        ['published', admin.id],
      ]);
      expect((await call(admin, 'POST', `/api/admin/questions/${questionId}/publish`)).statusCode).toBe(409);
      expect(await ids(stranger)).toContain(questionId);
      const queueAfter = (await call(admin, 'GET', '/api/admin/questions/review')).json() as Array<{
        id: string;
      }>;
      expect(queueAfter.map((q) => q.id)).not.toContain(questionId);
    });

    it("lets only its author (or an admin) edit and withdraw it; a teacher's edit returns it to review", async () => {
      const other = await signUpTeacher(t.app, 'cls_other_author');
      const edit = { ...question, explanation: '者：代詞，……的人。' };
      expect((await call(other, 'PUT', `/api/questions/${questionId}`, edit)).statusCode).toBe(403);
      expect((await call(classmate, 'PUT', `/api/questions/${questionId}`, edit)).statusCode).toBe(403);
      expect((await call(author, 'PUT', '/api/questions/l01-wi-01', edit)).statusCode).toBe(404);
      const edited = await call(author, 'PUT', `/api/questions/${questionId}`, edit);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'class', explanation: '者：代詞，……的人。' });
      expect(await ids(stranger)).not.toContain(questionId);

      expect((await call(other, 'POST', `/api/questions/${questionId}/withdraw`)).statusCode).toBe(403);
      const withdrawn = await call(author, 'POST', `/api/questions/${questionId}/withdraw`);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json().history.map((h: { change: string }) => h.change)).toEqual([
        'added',
        'published',
        'edited',
        'withdrawn',
      ]);
      expect(await ids(classmate)).not.toContain(questionId);
      expect((await call(author, 'POST', `/api/questions/${questionId}/withdraw`)).statusCode).toBe(409);
      const mine = (await call(author, 'GET', '/api/teacher/questions?status=withdrawn')).json() as Array<{
        id: string;
      }>;
      expect(mine.map((q) => q.id)).toEqual([questionId]);
    });

    it(`limits a teacher to ${QUESTIONS_PER_HOUR} questions an hour with a clear 429`, async () => {
      const busy = await signUpTeacher(t.app, 'cls_busy');
      for (let i = 0; i < QUESTIONS_PER_HOUR; i++) {
        const res = await call(busy, 'POST', '/api/questions', { ...question, content: `第 ${i} 題` });
        expect(res.statusCode).toBe(201);
      }
      const refused = await call(busy, 'POST', '/api/questions', question);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.json().error.message).toContain(`每小時最多新增 ${QUESTIONS_PER_HOUR} 題`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another teacher is counted apart.
      expect((await call(author, 'POST', '/api/questions', question)).statusCode).toBe(201);
    });
  });

  describe('worksheets', () => {
    it('gives a learner the questions without keys and a teacher the key with marking schemes', async () => {
      const student = await signUp(t.app, 'cls_sheet');
      const sheet = await call(student, 'GET', '/api/worksheets/1/sentence_translation');
      expect(sheet.statusCode).toBe(200);
      const body = sheet.json() as {
        lessonTitle: string;
        typeTitle: string;
        questions: Array<Record<string, unknown>>;
      };
      expect(body.typeTitle).toBe('句譯');
      expect(body.questions.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain('correctAnswer');
      expect(
        (await call(student, 'GET', '/api/teacher/worksheets/1/sentence_translation/key')).statusCode,
      ).toBe(403);
      expect((await call(null, 'GET', '/api/teacher/worksheets/1/sentence_translation/key')).statusCode).toBe(
        401,
      );
      const key = await call(teacher, 'GET', '/api/teacher/worksheets/1/sentence_translation/key');
      expect(key.statusCode).toBe(200);
      const keyed = key.json() as {
        questions: Array<{ correctAnswer: string; scheme: Array<{ accept: string[] }> }>;
      };
      expect(keyed.questions).toHaveLength(body.questions.length);
      expect(keyed.questions.some((q) => q.scheme.length > 0 && q.scheme[0]!.accept.length > 0)).toBe(true);
      expect(
        (await call(teacher, 'GET', '/api/teacher/worksheets/999/sentence_translation/key')).statusCode,
      ).toBe(404);
    });
  });
});

describe('a redeemed invitation across API instances (distributed mode)', () => {
  let other: TestApp;
  let admin: TestAccount;
  const t = useTestApp('distributed', { SESSION_CACHE_MS: '60000' });

  beforeAll(async () => {
    other = await startOtherInstance(t);
    admin = await signUpAdmin(t.app, 'cls_admin_across');
  });
  afterAll(async () => {
    await other?.close();
  });

  it('gives every session of the account the teacher role on the other instance too', async () => {
    const student = await signUp(t.app, 'cls_across');
    const onOther = () =>
      other.app.inject({ method: 'GET', url: '/api/teacher/classes', headers: student.headers });
    // The other instance has the session cached as a student's.
    expect((await onOther()).statusCode).toBe(403);
    const { code } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/teacher-invitations',
        headers: admin.headers,
        payload: {},
      })
    ).json() as { code: string };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/teacher-invitation',
      headers: student.headers,
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
    // The notice travels through Redis: ask for up to 5 s.
    const deadline = Date.now() + 5000;
    let status = (await onOther()).statusCode;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await onOther()).statusCode;
    }
    expect(status).toBe(200);
  });
});
