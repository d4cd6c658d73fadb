/**
 * Self-marks confirmed by a teacher (issue 37), through the API: a long paper question self-marked at
 * the top level pays nothing and counts in no accuracy; the teacher of the learner's class lists it,
 * confirms it (or adjusts it), and only then does it pay the question's XP and count; once per answer;
 * another teacher may not.
 */
import {
  AnswerResultSchema,
  ErrorQuestionListSchema,
  SelfMarkConfirmationSchema,
  SelfMarkListSchema,
} from '@wenyan/contracts';
import { xpEarnedSince } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUp, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';
import { expectMigration0024KeepsCauses } from '../support/error-book.ts';

const LONG_ANSWER =
  '藺相如完璧歸趙，見其機智勇敢；澠池之會，面斥秦王，不畏強權；其後避讓廉頗，以國家之急為先，顧全大局，終使將相和好，共保趙國。';

describe('self-marks confirmed by a teacher', () => {
  let teacher: TestAccount;
  let otherTeacher: TestAccount;
  let learner: TestAccount;
  let classId: string;
  let question: { id: string; topLevel: string; bottomLevel: string; points: number };
  const t = useTestApp('embedded');

  const send = (who: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const pending = async () =>
    SelfMarkListSchema.parse(
      (await send(teacher, 'GET', `/api/teacher/classes/${classId}/self-marks`)).json(),
    );
  /** The XP the learner's stream holds. */
  const totalXP = async () =>
    (await xpEarnedSince(t.runtime.deps.db, [learner.id], new Date(0))).get(learner.id) ?? 0;

  beforeAll(async () => {
    teacher = await signUpTeacher(t.app, 'smteacher');
    otherTeacher = await signUpTeacher(t.app, 'smother');
    learner = await signUp(t.app, 'smlearner');
    classId = (await openClass(t.app, teacher, '中六戊班', [learner])).id;
    const row = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'rubric', 'points'])
      .where('type', '=', 'long_question')
      .where('rubric', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rubric = row.rubric as { level: string; marks: string }[];
    question = {
      id: row.id,
      topLevel: rubric[0]!.level,
      bottomLevel: rubric[rubric.length - 1]!.level,
      points: row.points ?? 8,
    };
  }, 120_000);

  it('pays nothing until the teacher confirms, then the question’s XP, once', async () => {
    const res = await send(learner, 'POST', '/api/users/answers', {
      userId: learner.id,
      questionId: question.id,
      selectedAnswer: LONG_ANSWER,
      timeSpent: 600,
      selfAssessedLevel: question.topLevel,
    });
    const answer = AnswerResultSchema.parse(res.json());
    expect(answer).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'unconfirmed' });
    const before = await totalXP();

    const [waiting] = await pending();
    expect(waiting).toMatchObject({
      learnerId: learner.id,
      answerVersion: answer.answerVersion,
      questionId: question.id,
      pointsEarned: question.points,
    });
    const url = `/api/teacher/learners/${learner.id}/self-marks/${answer.answerVersion}/confirm`;
    // Only a teacher of the learner's class.
    expect((await send(otherTeacher, 'POST', url, { pointsEarned: question.points })).statusCode).toBe(403);
    const confirmed = await send(teacher, 'POST', url, { pointsEarned: question.points });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(SelfMarkConfirmationSchema.parse(confirmed.json())).toMatchObject({ isCorrect: true });
    expect(await totalXP()).toBe(before + 10);
    expect(await pending()).toEqual([]);
    // Once.
    expect((await send(teacher, 'POST', url, { pointsEarned: question.points })).statusCode).toBe(409);
  });

  it('a confirmed right self-mark masters the question’s error-book item as the teacher’s, not the learner’s tick', async () => {
    const answerAt = async (level: string) =>
      AnswerResultSchema.parse(
        (
          await send(learner, 'POST', '/api/users/answers', {
            userId: learner.id,
            questionId: question.id,
            selectedAnswer: LONG_ANSWER,
            timeSpent: 600,
            selfAssessedLevel: level,
          })
        ).json(),
      );
    const itemOf = async () => {
      await waitForProjection(t, learner.id);
      const book = ErrorQuestionListSchema.parse(
        (await send(learner, 'GET', `/api/users/${learner.id}/error-questions`)).json(),
      );
      return book.find((r) => r.questionId === question.id);
    };
    expect((await answerAt(question.bottomLevel)).isCorrect).toBe(false);
    expect(await itemOf()).toMatchObject({ isActive: true, masteredBy: null });
    const right = await answerAt(question.topLevel);
    const url = `/api/teacher/learners/${learner.id}/self-marks/${right.answerVersion}/confirm`;
    expect((await send(teacher, 'POST', url, { pointsEarned: question.points })).statusCode).toBe(200);
    expect(await itemOf()).toMatchObject({ isActive: false, masteredBy: 'teacher' });
  });

  it('migration 0024 gives the records closed before it the cause the fold gives', async () => {
    await expectMigration0024KeepsCauses(t.runtime.deps.db, learner.id, 'teacher');
  });
});
