/**
 * Data care for minors: a learner downloads everything kept about them, sets a leaderboard nickname or
 * keeps off the board, and erases their personal data; afterwards no table of the database, the event
 * log included, holds their username, names, school, e-mail or nickname.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp, waitForProjection } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';

describe.each(MODES)('a learner’s own data (%s)', (mode) => {
  let teacher: TestAccount;
  let other: TestAccount;
  const t = useTestApp(mode, { LOGIN_RATE_LIMIT: '100000' });
  const suffix = Math.random().toString(36).slice(2, 8);
  const personal = {
    username: `privacy_${suffix}`,
    firstName: `陳大文${suffix}`,
    lastName: `姓氏${suffix}`,
    email: `privacy.${suffix}@example.edu.hk`,
    school: `私隱測試書院${suffix}`,
    nickname: `小書蟲${suffix}`,
  };
  let learner: TestAccount;
  let classId: string;

  const send = (who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as never }),
    });

  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: personal.username,
        password: PASSWORD,
        firstName: personal.firstName,
        lastName: personal.lastName,
        email: personal.email,
      },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    learner = { id: res.json().id, username: personal.username, cookie, headers: { cookie } };
    other = await signUp(t.app, 'classmate');

    // A teacher with a class the learner joins.
    const made = await signUp(t.app, 'privacyteacher');
    await t.runtime.deps.db
      .updateTable('users')
      .set({ roles: ['student', 'teacher'] })
      .where('id', '=', made.id)
      .execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: made.username, password: PASSWORD },
    });
    const teacherCookie = String(login.headers['set-cookie']).split(';')[0]!;
    teacher = { ...made, cookie: teacherCookie, headers: { cookie: teacherCookie } };
    const created = await send(teacher, 'POST', '/api/teacher/classes', { name: '5A 中文' });
    classId = created.json().id;
    const joined = await send(learner, 'POST', '/api/classes/join', { joinCode: created.json().joinCode });
    expect(joined.statusCode).toBe(200);

    // Some history: a school, answers (one wrong, so the error book has a row).
    expect(
      (await send(learner, 'PATCH', `/api/users/${learner.id}/school`, { schoolName: personal.school }))
        .statusCode,
    ).toBe(200);
    for (const [questionId, selectedAnswer] of [
      ['l01-wi-01', '約'],
      ['l01-wi-02', '錯的答案'],
    ]) {
      const answer = await send(learner, 'POST', '/api/users/answers', {
        userId: learner.id,
        questionId,
        selectedAnswer,
        timeSpent: 3,
      });
      expect(answer.statusCode).toBe(200);
    }
    await postAnswer(t.app, other, 'l01-wi-01', '約', { timeSpent: 3 });
    await waitForProjection(t, learner.id);
    await waitForProjection(t, other.id);
  }, 120_000);

  it('keeps the school name out of the event log, in the account only', async () => {
    const me = await send(learner, 'GET', '/api/auth/user');
    expect(me.json().schoolName).toBe(personal.school);
    const events = await t.runtime.deps.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', `learner-${learner.id}`)
      .execute();
    expect(events.map((e) => e.type)).toContain('SchoolChanged');
    expect(JSON.stringify(events)).not.toContain(personal.school);
  });

  it('exports the whole history and the read models, as JSON and as CSV', async () => {
    const res = await send(learner, 'GET', '/api/users/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.account).toMatchObject({
      username: personal.username,
      first_name: personal.firstName,
      email: personal.email,
      school_name: personal.school,
    });
    const stored = await t.runtime.deps.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `learner-${learner.id}`)
      .orderBy('version')
      .execute();
    expect(data.tables.events.map((e: { type: string }) => e.type)).toEqual(stored.map((e) => e.type));
    expect(data.tables.events.filter((e: { type: string }) => e.type === 'AnswerSubmitted')).toHaveLength(2);
    expect(data.tables.error_questions.map((r: { question_id: string }) => r.question_id)).toContain(
      'l01-wi-02',
    );
    expect(data.tables.lesson_stats[0]).toMatchObject({ lesson_id: 1 });
    expect(data.tables.classes[0]).toMatchObject({ class_name: '5A 中文' });
    expect(data.totals).toMatchObject({ user_id: learner.id });

    const csv = await send(learner, 'GET', '/api/users/me/export.csv?table=events');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFversion,type,schema_version,data,recorded_at\r\n')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(stored.length + 1);
    expect((await send(learner, 'GET', '/api/users/me/export.csv?table=passwords')).statusCode).toBe(400);
    // Another's export does not exist: the call acts for the signed-in user only.
    const theirs = await send(other, 'GET', '/api/users/me/export');
    expect(JSON.stringify(theirs.json())).not.toContain(personal.username);
  });

  it('shows a nickname instead of the name, and keeps a learner who opts out off the board', async () => {
    const before = (await send(other, 'GET', '/api/leaderboard')).json();
    const set = await send(learner, 'PUT', '/api/users/me/leaderboard', {
      nickname: ` ${personal.nickname} `,
      optOut: false,
    });
    expect(set.json()).toEqual({ nickname: personal.nickname, optOut: false });
    const board = (await send(other, 'GET', '/api/leaderboard')).json();
    const entry = board.top.find((e: { id: string }) => e.id === learner.id);
    expect(entry).toMatchObject({ firstName: personal.nickname, lastName: null, schoolName: null });
    expect(JSON.stringify(board)).not.toContain(personal.firstName);

    const bad = await send(learner, 'PUT', '/api/users/me/leaderboard', {
      nickname: 'a\u202eb',
      optOut: false,
    });
    expect(bad.statusCode).toBe(400);

    await send(learner, 'PUT', '/api/users/me/leaderboard', { nickname: personal.nickname, optOut: true });
    const off = (await send(other, 'GET', '/api/leaderboard')).json();
    expect(off.total).toBe(before.total - 1);
    expect(off.top.map((e: { id: string }) => e.id)).not.toContain(learner.id);
    expect((await send(learner, 'GET', '/api/leaderboard')).json().me).toBeNull();
    expect((await send(learner, 'GET', '/api/users/me/leaderboard')).json()).toEqual({
      nickname: personal.nickname,
      optOut: true,
    });
    // A new answer projects the learner without putting them back on the board.
    await postAnswer(t.app, learner, 'l01-wi-03', 'x', { timeSpent: 3 });
    await waitForProjection(t, learner.id);
    expect((await send(other, 'GET', '/api/leaderboard')).json().total).toBe(before.total - 1);

    await send(learner, 'PUT', '/api/users/me/leaderboard', { nickname: personal.nickname, optOut: false });
    const back = (await send(learner, 'GET', '/api/leaderboard')).json();
    expect(back.total).toBe(before.total);
    expect(back.me?.entry.id).toBe(learner.id);
  });

  it('erases the personal data everywhere after the password, leaving an anonymous learner', async () => {
    const board = (await send(other, 'GET', '/api/leaderboard')).json();
    const unconfirmed = await send(learner, 'POST', '/api/users/me/delete-account', {
      confirm: '好',
      password: PASSWORD,
    });
    expect(unconfirmed.statusCode).toBe(400);
    const wrong = await send(learner, 'POST', '/api/users/me/delete-account', {
      confirm: '刪除帳戶',
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(403);
    expect((await send(learner, 'GET', '/api/auth/user')).statusCode).toBe(200);

    const erased = await send(learner, 'POST', '/api/users/me/delete-account', {
      confirm: '刪除帳戶',
      password: PASSWORD,
    });
    expect(erased.statusCode).toBe(200);
    expect((await send(learner, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: personal.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Off the leaderboard, out of the class table (and so its CSV), anonymous in the replay.
    const after = (await send(other, 'GET', '/api/leaderboard')).json();
    expect(after.total).toBe(board.total - 1);
    expect(after.top.map((e: { id: string }) => e.id)).not.toContain(learner.id);
    const learners = await send(teacher, 'GET', `/api/teacher/classes/${classId}/learners`);
    expect(learners.json().map((l: { id: string }) => l.id)).not.toContain(learner.id);
    const replay = await send(teacher, 'GET', `/api/teacher/learners/${learner.id}/state`);
    expect(replay.statusCode).toBe(200);
    const events = await send(teacher, 'GET', `/api/teacher/learners/${learner.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(JSON.stringify([replay.json(), events.json()])).not.toMatch(
      new RegExp(Object.values(personal).join('|')),
    );
    // A search of every table of the database, the event log included, finds none of it.
    const db = t.runtime.deps.db;
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['events', 'users', 'sessions']),
    );
    const traces: string[] = [];
    for (const { table_name } of tables.rows) {
      for (const [what, needle] of Object.entries(personal)) {
        const found = await sql<{ n: string }>`
          select count(*) as n from ${sql.table(table_name)} x where x::text ilike ${`%${needle}%`}
        `.execute(db);
        if (Number(found.rows[0]?.n) > 0) traces.push(`${table_name}: ${what}`);
      }
    }
    expect(traces).toEqual([]);
    // The anonymous learner's history stays: the log is immutable and nothing was deleted.
    const kept = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('stream_id', '=', `learner-${learner.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBeGreaterThan(3);
  });

  it('serves the privacy notice to anyone, linked from the sign-in page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('私隱聲明');
    expect(page.body).toContain('個人資料（私隱）條例');
    const login = await t.app.inject({ method: 'GET', url: '/api/login?local=1' });
    expect(login.body).toContain('href="/api/privacy"');
  });
});
