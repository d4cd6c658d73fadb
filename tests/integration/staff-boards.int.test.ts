/**
 * Boards for students (issue 37), on the distributed mode (the Redis ranking): a teacher or admin is
 * off the global board and the class leagues, unless they choose to join (the leaderboard setting).
 */
import { ClassLeagueSchema, LeaderboardSchema } from '@wenyan/contracts';
import { lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  grantRoles,
  openClass,
  postAnswer,
  signUp,
  signUpAdmin,
  type TestAccount,
} from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

describe('teachers and admins on the students’ boards', () => {
  let learner: TestAccount;
  let teacher: TestAccount;
  let admin: TestAccount;
  let classId: string;
  const t = useTestApp('distributed');

  const send = (who: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const answerRight = async (who: TestAccount) => {
    const [q] = (await lessonQuestions(t.runtime.deps.db, 1)).filter((row) => row.options);
    if (!q) throw new Error('no question');
    const res = await postAnswer(t.app, who, q.id, q.correct_answer, { timeSpent: 10 });
    expect(res.statusCode).toBe(200);
    await waitForProjection(t, who.id);
  };
  const boardIds = async (who: TestAccount) => {
    const board = LeaderboardSchema.parse((await send(who, 'GET', '/api/leaderboard')).json());
    return board.top.map((e) => e.id);
  };
  const leagueSize = async () =>
    ClassLeagueSchema.parse((await send(learner, 'GET', `/api/classes/${classId}/league`)).json()).entries
      .length;

  beforeAll(async () => {
    learner = await signUp(t.app, 'boardlearner');
    teacher = await signUp(t.app, 'boardteacher');
    admin = await signUpAdmin(t.app, 'boardadm');
    // The teacher answered as a learner before being made a teacher: on the board then.
    await answerRight(teacher);
    expect(await boardIds(teacher)).toContain(teacher.id);
    await grantRoles(t.app, teacher.id, ['student', 'teacher']);
    for (const who of [learner, admin]) await answerRight(who);
    classId = (await openClass(t.app, teacher, '中四丁班', [learner, teacher])).id;
  }, 120_000);

  it('leaves teachers and admins off the global board and the class league', async () => {
    // The teacher's next projection takes them off the Redis ranking too.
    await answerRight(teacher);
    const ids = await boardIds(learner);
    expect(ids).toContain(learner.id);
    expect(ids).not.toContain(teacher.id);
    expect(ids).not.toContain(admin.id);
    expect(await leagueSize()).toBe(1);
  });

  it('puts a teacher who chooses to join back on both', async () => {
    const res = await send(teacher, 'PUT', '/api/users/me/leaderboard', { nickname: null, optOut: false });
    expect(res.statusCode).toBe(200);
    await answerRight(teacher);
    expect(await boardIds(learner)).toContain(teacher.id);
    expect(await leagueSize()).toBe(2);
  });
});
