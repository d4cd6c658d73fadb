/**
 * One learner, three screens: the lobby and library (per-lesson progress from the stats list), the
 * profile and streak page (the user's completed lessons and accuracy) and the teacher's class table and
 * replay must show the same figures, because each figure has one definition (domain progress.ts) and
 * the server computes it into every read contract.
 */
import {
  ClassLearnerListSchema,
  ErrorQuestionListSchema,
  ErrorStatsSchema,
  LearnerStateSchema,
  UserSchema,
  UserStatsListSchema,
} from '@wenyan/contracts';
import { errorBookStats, learnerAccuracy, lessonProgressPercent } from '@wenyan/domain';
import { lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUp, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

describe('the figures every screen shows for one learner', () => {
  let learner: TestAccount;
  let teacher: TestAccount;
  let classId: string;
  const t = useTestApp('embedded', { SESSION_CACHE_MS: '0' });
  const get = async (who: TestAccount, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode, url).toBe(200);
    return res.json() as unknown;
  };
  const send = (who: TestAccount, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });

  /** Answers `right` questions of the lesson correctly, then `wrong` more wrongly. */
  async function answer(lessonId: number, right: number, wrong: number) {
    const questions = (await lessonQuestions(t.runtime.deps.db, lessonId)).filter((q) => q.options);
    expect(questions.length).toBeGreaterThanOrEqual(right + wrong);
    for (const [i, q] of questions.slice(0, right + wrong).entries()) {
      const selectedAnswer =
        i < right ? q.correct_answer : (q.options ?? []).find((o) => o !== q.correct_answer);
      const res = await send(learner, 'POST', '/api/users/answers', {
        userId: learner.id,
        questionId: q.id,
        selectedAnswer,
        timeSpent: 5,
      });
      expect(res.statusCode).toBe(200);
    }
    return (await lessonQuestions(t.runtime.deps.db, lessonId)).length;
  }

  beforeAll(async () => {
    // No session cache: the teacher role granted in the database below holds at once.
    teacher = await signUpTeacher(t.app, 'teacher');
    learner = await signUp(t.app, 'learner');
    classId = (await openClass(t.app, teacher, '中五甲班', [learner])).id;
  });

  it('agree on lesson progress, completed lessons, accuracy and the error book', async () => {
    const total1 = await answer(1, 5, 3);
    const total2 = await answer(2, 1, 2);
    // A lesson bank other than 20 questions is where the screens used to part (40 % / 22 % / 8/37).
    expect(total1).not.toBe(20);
    await waitForProjection(t, learner.id);

    // The lobby and the library, and the profile's study records: the stats list.
    const stats = UserStatsListSchema.parse(await get(learner, `/api/users/${learner.id}/stats`));
    const lesson1 = stats.find((s) => s.lessonId === 1)!;
    expect(lesson1).toMatchObject({ questionsCompleted: 8, totalQuestions: total1, accuracy: 62.5 });
    expect(lesson1.progressPercent).toBe(lessonProgressPercent(8, total1));
    expect(stats.find((s) => s.lessonId === 2)?.progressPercent).toBe(lessonProgressPercent(3, total2));

    // The profile and the streak page: the user.
    const user = UserSchema.parse(await get(learner, '/api/auth/user'));
    const accuracy = learnerAccuracy(stats);
    expect(accuracy).toBe(47.9); // (62.5 + 33.3) ÷ 2
    expect(user).toMatchObject({ averageAccuracy: accuracy, completedLessons: 0 });

    // The teacher's class table and the replay.
    const table = ClassLearnerListSchema.parse(
      await get(teacher, `/api/teacher/classes/${classId}/learners`),
    );
    expect(table.find((row) => row.id === learner.id)).toMatchObject({
      accuracy,
      completedLessons: user.completedLessons,
      totalXP: user.totalXP,
    });
    const replay = LearnerStateSchema.parse(await get(teacher, `/api/teacher/learners/${learner.id}/state`));
    expect(replay.totals.accuracy).toBe(accuracy);
    expect(Object.fromEntries(replay.lessons.map((l) => [l.lessonId, l.progressPercent]))).toEqual(
      Object.fromEntries(stats.map((s) => [s.lessonId, s.progressPercent])),
    );

    // The error book: its stats cards follow from its records by the one rule.
    const records = ErrorQuestionListSchema.parse(
      await get(learner, `/api/users/${learner.id}/error-questions`),
    );
    const errorStats = ErrorStatsSchema.parse(
      await get(learner, `/api/users/${learner.id}/error-questions/stats`),
    );
    expect(errorStats).toEqual({
      ...errorBookStats(records),
      // The scheduler's count agrees with the records' own flag.
      schedulerMasteredCount: records.filter((r) => r.isActive && r.schedulerMastered).length,
    });
    expect(errorStats).toMatchObject({ activeCount: 5, totalErrors: 5 });
  });
});
