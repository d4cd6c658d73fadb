/**
 * Homework and class leagues through the API, in both modes: a teacher sets work for a class, two
 * students do it (or part of it), the table's statuses come from their own events, edits and
 * withdrawals are events in the assignment's history, the class league moves live over the
 * websocket, and a hidden global board is refused to the class's students. Authorization of every
 * new route by role is in authorization.int.test.ts; here, the class-level rules (another teacher's
 * class 403, an unknown one 404).
 */
import {
  AssignmentHistorySchema,
  AssignmentSchema,
  ClassHomeworkSchema,
  type ClassLeague,
  ClassLeagueSchema,
  MyHomeworkSchema,
} from '@wenyan/contracts';
import { decideClass } from '@wenyan/domain';
import { classModel, classStreamId, handleCommand, lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, postAnswer, signUp, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp, waitForProjection } from '../support/app-harness.ts';
import { subscribeSocket } from '../support/ws-client.ts';

const HOUR = 3_600_000;

describe.each(MODES)('homework and class leagues (%s mode)', (mode) => {
  let base: string;
  let teacher: TestAccount;
  let otherTeacher: TestAccount;
  let ann: TestAccount;
  let ben: TestAccount;
  let outsider: TestAccount;
  let classId: string;
  let reviewsId: string;
  const t = useTestApp(mode, { SESSION_CACHE_MS: '0' });
  const pastDueId = 'past-due-assignment';

  const get = (who: TestAccount | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const send = (
    who: TestAccount | null,
    method: 'POST' | 'PUT',
    url: string,
    payload?: object,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });

  /**
   * Reviews `count` choice questions of lesson 1 (word meaning first): each is first answered wrongly
   * three days ago (an offline answer, before any homework was set), so its card is due today, then
   * answered correctly now, a due review.
   */
  async function answer(who: TestAccount, count: number, skip = 0) {
    const questions = (await lessonQuestions(t.runtime.deps.db, 1)).filter(
      (q) => q.options && q.type === 'word_interpretation',
    );
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * HOUR + 60_000).toISOString();
    for (const q of questions.slice(skip, skip + count)) {
      const wrong = (q.options as string[]).find((o) => o !== q.correct_answer)!;
      const missed = await postAnswer(t.app, who, q.id, wrong, { answeredAt: threeDaysAgo });
      expect(missed.statusCode).toBe(200);
      const res = await postAnswer(t.app, who, q.id, q.correct_answer);
      expect(res.statusCode).toBe(200);
      expect(res.json().review?.wasDue).toBe(true);
    }
    await waitForProjection(t, who.id);
  }

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    teacher = await signUpTeacher(t.app, 'hwteacher');
    otherTeacher = await signUpTeacher(t.app, 'hwother');
    ann = await signUp(t.app, 'ann');
    ben = await signUp(t.app, 'ben');
    outsider = await signUp(t.app, 'outsider');
    classId = (await openClass(t.app, teacher, '中五甲班', [ann, ben])).id;
  }, 120_000);

  it('sets homework once per Idempotency-Key, and refuses a due time that has passed or a lesson that does not exist', async () => {
    const body = {
      title: '答十題',
      task: { kind: 'reviews', count: 2 },
      dueAt: new Date(Date.now() + 48 * HOUR).toISOString().replace('Z', '+00:00'),
    };
    // Sent twice under one Idempotency-Key: the second reply is the first's.
    const setReviews = () =>
      send(teacher, 'POST', `/api/teacher/classes/${classId}/assignments`, body, 'set-reviews-1');
    const first = await setReviews();
    expect(first.statusCode).toBe(201);
    const again = await setReviews();
    expect(again.statusCode).toBe(201);
    reviewsId = AssignmentSchema.parse(first.json()).id;
    expect(AssignmentSchema.parse(again.json()).id).toBe(reviewsId);
    expect(first.json().description).toBe('完成 2 次到期複習');

    const past = await send(teacher, 'POST', `/api/teacher/classes/${classId}/assignments`, {
      ...body,
      dueAt: '2020-01-01T00:00:00+08:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('DUE_IN_THE_PAST');
    const noLesson = await send(teacher, 'POST', `/api/teacher/classes/${classId}/assignments`, {
      ...body,
      task: { kind: 'practice', lessonId: 999, nodeType: 'word_interpretation' },
    });
    expect(noLesson.statusCode).toBe(400);
    expect(noLesson.json().error.details[0].field).toBe('body.task.lessonId');

    // Work set yesterday and due an hour ago: decided by the domain with a chosen `now` and appended
    // through the store, exactly as the API does (the API stamps with the server's clock).
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString();
    const outcome = await handleCommand(
      t.runtime.deps.db,
      classStreamId(classId),
      classModel,
      (state) => {
        const decision = decideClass(
          {
            type: 'SetAssignment',
            assignmentId: pastDueId,
            draft: {
              title: '師說 詞解',
              task: { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' },
              dueAt: new Date(Date.now() - HOUR).toISOString(),
            },
          },
          state,
          { now: yesterday, actor: teacher.id },
        );
        if (!decision.ok) return { ok: false, refusal: decision.error };
        return { ok: true, events: [...decision.events], reply: () => null };
      },
      { metadata: { actor: teacher.id } },
    );
    expect(outcome.ok).toBe(true);
  });

  it('shows each student’s status, decided from their own answers', async () => {
    await answer(ann, 2);
    await answer(ben, 1);
    const table = ClassHomeworkSchema.parse(
      (await get(teacher, `/api/teacher/classes/${classId}/assignments`)).json(),
    );
    expect(table.assignments.map((a) => a.id)).toEqual([reviewsId, pastDueId]);
    const of = (who: TestAccount) => table.learners.find((l) => l.learnerId === who.id)!.progress;
    expect(of(ann)[reviewsId]).toMatchObject({ status: 'done', done: 2, needed: 2 });
    expect(of(ben)[reviewsId]).toMatchObject({ status: 'in_progress', done: 1, needed: 2 });
    // Answering the practice type after its due time started it; it is not finished until the node is.
    expect(of(ann)[pastDueId]).toMatchObject({ status: 'in_progress' });
    expect(of(ben)[pastDueId]).toMatchObject({ status: 'in_progress' });

    const mine = MyHomeworkSchema.parse((await get(ben, '/api/users/me/homework')).json());
    // What is due first at the top.
    expect(mine.map((a) => a.id)).toEqual([pastDueId, reviewsId]);
    expect(mine[1]!.progress.status).toBe('in_progress');
    expect(mine[0]!.className).toBe('中五甲班');
    expect(MyHomeworkSchema.parse((await get(outsider, '/api/users/me/homework')).json())).toEqual([]);

    await answer(ben, 1, 1);
    const after = ClassHomeworkSchema.parse(
      (await get(teacher, `/api/teacher/classes/${classId}/assignments`)).json(),
    );
    expect(after.learners.find((l) => l.learnerId === ben.id)!.progress[reviewsId]!.status).toBe('done');
  });

  it('records edits and the withdrawal as events in the assignment’s history', async () => {
    const url = `/api/teacher/classes/${classId}/assignments/${reviewsId}`;
    const dueAt = new Date(Date.now() + 72 * HOUR).toISOString();
    const edited = await send(teacher, 'PUT', url, {
      title: '答兩題',
      task: { kind: 'reviews', count: 2 },
      dueAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe('答兩題');
    const unchanged = await send(teacher, 'PUT', url, {
      title: '答兩題',
      task: { kind: 'reviews', count: 2 },
      dueAt,
    });
    expect(unchanged.statusCode).toBe(409);
    expect((await send(teacher, 'POST', `${url}/withdraw`)).statusCode).toBe(200);
    expect((await send(teacher, 'POST', `${url}/withdraw`)).statusCode).toBe(409);
    expect(
      (await send(teacher, 'PUT', url, { title: 'x', task: { kind: 'reviews', count: 2 }, dueAt }))
        .statusCode,
    ).toBe(409);
    const history = AssignmentHistorySchema.parse((await get(teacher, `${url}/history`)).json());
    expect(history.map((h) => [h.type, h.title, h.by])).toEqual([
      ['AssignmentSet', '答十題', teacher.id],
      ['AssignmentEdited', '答兩題', teacher.id],
      ['AssignmentWithdrawn', '答兩題', teacher.id],
    ]);
    const table = ClassHomeworkSchema.parse(
      (await get(teacher, `/api/teacher/classes/${classId}/assignments`)).json(),
    );
    expect(table.assignments.map((a) => a.id)).toEqual([pastDueId]);
    expect(
      (await send(teacher, 'POST', `/api/teacher/classes/${classId}/assignments/nope/withdraw`)).statusCode,
    ).toBe(404);
    expect((await get(teacher, `/api/teacher/classes/${classId}/assignments/nope/history`)).statusCode).toBe(
      404,
    );
  });

  it('keeps a class’s homework, league and settings to its teacher (403) and answers 404 for an unknown class', async () => {
    const dueAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const body = { title: 'x', task: { kind: 'reviews', count: 1 }, dueAt };
    const own = `/api/teacher/classes/${classId}`;
    const calls: Array<[string, 'GET' | 'POST' | 'PUT', string, object?]> = [
      ['list', 'GET', `${own}/assignments`],
      ['set', 'POST', `${own}/assignments`, body],
      ['edit', 'PUT', `${own}/assignments/${pastDueId}`, body],
      ['withdraw', 'POST', `${own}/assignments/${pastDueId}/withdraw`],
      ['history', 'GET', `${own}/assignments/${pastDueId}/history`],
      ['settings', 'PUT', `${own}/settings`, { hideGlobalLeaderboard: true }],
    ];
    for (const [what, method, url, payload] of calls) {
      const call = (who: TestAccount | null, u: string) =>
        method === 'GET' ? get(who, u) : send(who, method, u, payload);
      expect((await call(otherTeacher, url)).statusCode, `${what}: another teacher`).toBe(403);
      expect((await call(ann, url)).statusCode, `${what}: a student`).toBe(403);
      expect((await call(null, url)).statusCode, `${what}: anonymous`).toBe(401);
      expect(
        (await call(teacher, url.replace(own, '/api/teacher/classes/999999'))).statusCode,
        `${what}: unknown`,
      ).toBe(404);
    }
    expect((await get(outsider, `/api/classes/${classId}/league`)).statusCode).toBe(403);
    expect((await get(otherTeacher, `/api/classes/${classId}/league`)).statusCode).toBe(403);
    expect((await get(ann, '/api/classes/999999/league')).statusCode).toBe(404);
    expect((await get(null, `/api/classes/${classId}/league`)).statusCode).toBe(401);
  });

  it('shows the league by league names to students and full names to the teacher, never a username', async () => {
    const seen = ClassLeagueSchema.parse((await get(ann, `/api/classes/${classId}/league`)).json());
    expect(seen.entries.map((e) => e.isMe)).toContain(true);
    for (const e of seen.entries) {
      expect([ann.username, ben.username]).not.toContain(e.name);
    }
    // Ann answered two questions, Ben two: both have XP this week.
    expect(seen.entries.every((e) => e.weeklyXp > 0)).toBe(true);
    expect(Date.parse(seen.resetsAt) - Date.parse(seen.weekStart)).toBe(7 * 24 * HOUR);
    const mine = (await get(ann, '/api/users/me/leagues')).json() as ClassLeague[];
    expect(mine.map((l) => l.classId)).toEqual([classId]);
  });

  it('sends a league update over the websocket when a classmate earns XP', async () => {
    const socket = await subscribeSocket(
      base,
      ben.headers,
      { type: 'subscribe', channel: 'league', classId },
      'league',
    );
    const waitFor = async (test: (l: ClassLeague) => boolean) =>
      (await socket.next((m) => test(m.league))).league;
    const first = await waitFor(() => true);
    const annBefore = first.entries.find((e) => !e.isMe)!.weeklyXp;
    await answer(ann, 1, 2);
    const moved = await waitFor((l) => l.entries.find((e) => !e.isMe)!.weeklyXp > annBefore);
    expect(moved.classId).toBe(classId);

    // A burst of answers moves the league many times; the socket still gets at most one message a
    // second (counted over the burst and the second after it, whatever the burst took).
    const before = socket.messages.length;
    const started = performance.now();
    await answer(ann, 4, 3);
    const last = await waitFor(
      (l) => l.entries.find((e) => !e.isMe)!.weeklyXp > moved.entries.find((e) => !e.isMe)!.weeklyXp,
    );
    const seconds = (performance.now() - started) / 1000;
    const sent = socket.messages.length - before;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(last.classId).toBe(classId);
    socket.close();
  });

  it('hides the global leaderboard from the class’s students, who keep their league', async () => {
    expect((await get(ann, '/api/leaderboard')).statusCode).toBe(200);
    const set = await send(teacher, 'PUT', `/api/teacher/classes/${classId}/settings`, {
      hideGlobalLeaderboard: true,
    });
    expect(set.json()).toEqual({ hideGlobalLeaderboard: true });
    expect((await get(ann, '/api/leaderboard')).statusCode).toBe(403);
    expect((await get(ann, '/api/users/me/leaderboard-visibility')).json()).toEqual({ globalHidden: true });
    expect((await get(outsider, '/api/leaderboard')).statusCode).toBe(200);
    expect((await get(teacher, '/api/leaderboard')).statusCode).toBe(200);
    expect((await get(ann, `/api/classes/${classId}/league`)).statusCode).toBe(200);
    await send(teacher, 'PUT', `/api/teacher/classes/${classId}/settings`, { hideGlobalLeaderboard: false });
    expect((await get(ann, '/api/leaderboard')).statusCode).toBe(200);
  });
});
