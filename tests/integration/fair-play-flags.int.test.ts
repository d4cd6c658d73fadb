/**
 * Fair-play flags beyond the pace (issue 37): a learner whose accuracy this week jumps far above their
 * own history (here 50 % in the weeks before, 100 % now: a replay of harvested keys) is flagged on the
 * teacher's class table and the admin panel and left out of the class league; the class's teacher
 * reviews and clears the flag, recorded as FairPlayFlagCleared, and the league entry then counts. A
 * stranger cannot clear it; a second clear finds nothing to clear.
 */
import { AdminStatusSchema, ClassLeagueSchema, ClassLearnerListSchema } from '@wenyan/contracts';
import { ACCURACY_JUMP } from '@wenyan/domain';
import { learnerStreamId, lessonQuestions } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  openClass,
  postAnswer,
  signUpAdmin,
  signUpTeacher,
  type TestAccount,
  useAccounts,
} from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

describe('the accuracy-jump flag and its review', () => {
  let classId: string;
  const t = useTestApp('embedded');
  const { teacher, learner, classmate, admin } = useAccounts(t, {
    teacher: (app) => signUpTeacher(app, 'jumpteacher'),
    learner: 'jumper',
    classmate: 'steady',
    admin: (app) => signUpAdmin(app, 'jumpadmin'),
  });

  const send = (who: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const row = async (id: string) =>
    ClassLearnerListSchema.parse(
      (await send(teacher, 'GET', `/api/teacher/classes/${classId}/learners`)).json(),
    ).find((r) => r.id === id);
  const inLeague = async () =>
    ClassLeagueSchema.parse(
      (await send(learner, 'GET', `/api/classes/${classId}/league`)).json(),
    ).entries.some((e) => e.isMe);

  beforeAll(async () => {
    classId = (await openClass(t.app, teacher, '中四丁班', [learner, classmate])).id;
    const questions = [];
    for (
      let lessonId = 1;
      questions.length < 2 * ACCURACY_JUMP.weekAnswers + 4 && lessonId <= 20;
      lessonId++
    ) {
      questions.push(...(await lessonQuestions(t.runtime.deps.db, lessonId)).filter((q) => q.options));
    }
    const history = questions.slice(0, ACCURACY_JUMP.historyAnswers + 4);
    const week = questions.slice(history.length, history.length + ACCURACY_JUMP.weekAnswers);
    expect(week).toHaveLength(ACCURACY_JUMP.weekAnswers);
    // The weeks before: half right.
    for (const [i, q] of history.entries()) {
      const selectedAnswer = i % 2 === 0 ? q.correct_answer : '（亂答）';
      await send(learner, 'POST', '/api/users/answers', {
        userId: learner.id,
        questionId: q.id,
        selectedAnswer,
        timeSpent: 20,
      });
    }
    // Move those answers into the weeks before (the log refuses updates: its trigger is set aside here).
    const { db } = t.runtime.deps;
    await sql`alter table events disable trigger user`.execute(db);
    await db
      .updateTable('events')
      .set({ recorded_at: sql`recorded_at - interval '10 days'` })
      .where('stream_id', '=', learnerStreamId(learner.id))
      .execute();
    await sql`alter table events enable trigger user`.execute(db);
    // This week: every answer right.
    for (const q of week) {
      const res = await postAnswer(t.app, learner, q.id, q.correct_answer, { timeSpent: 20 });
      expect(res.statusCode).toBe(200);
    }
    await postAnswer(t.app, classmate, week[0]!.id, week[0]!.correct_answer, { timeSpent: 20 });
    await waitForProjection(t, learner.id);
  }, 180_000);

  it('flags the learner on the class table and the admin panel, and keeps them off the league', async () => {
    expect(await row(learner.id)).toMatchObject({
      flagged: true,
      flags: ['accuracy_jump'],
      answersBeyondPace: 0,
    });
    expect(await row(classmate.id)).toMatchObject({ flagged: false, flags: [] });
    const status = AdminStatusSchema.parse((await send(admin, 'GET', '/api/admin/status')).json());
    expect(status.paceFlagged.find((f) => f.id === learner.id)?.flags).toEqual(['accuracy_jump']);
    expect(await inLeague()).toBe(false);
  });

  it('lets no one but a teacher of the class or an admin clear it', async () => {
    const res = await send(classmate, 'POST', `/api/teacher/learners/${learner.id}/fair-play/clear`);
    expect(res.statusCode).toBe(403);
    expect((await row(learner.id))?.flagged).toBe(true);
  });

  it('clears it on the teacher’s review, recorded as an event: the league entry counts', async () => {
    const res = await send(teacher, 'POST', `/api/teacher/learners/${learner.id}/fair-play/clear`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cleared: ['accuracy_jump'] });
    const events = await t.runtime.deps.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', learnerStreamId(learner.id))
      .where('type', '=', 'FairPlayFlagCleared')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reviewerId: teacher.id, flags: ['accuracy_jump'] });
    expect(await row(learner.id)).toMatchObject({ flagged: false, flags: [] });
    expect(await inLeague()).toBe(true);
    const status = AdminStatusSchema.parse((await send(admin, 'GET', '/api/admin/status')).json());
    expect(status.paceFlagged.some((f) => f.id === learner.id)).toBe(false);
    // Nothing left to clear.
    const again = await send(admin, 'POST', `/api/teacher/learners/${learner.id}/fair-play/clear`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOT_FLAGGED');
  });
});
