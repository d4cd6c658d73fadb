import {
  AnswerResultSchema,
  ErrorQuestionListSchema,
  LeaderboardSchema,
  UserStatsListSchema,
} from '@wenyan/contracts';
import { learnerStreamId } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, type TestApp, useTestApp, waitForProjection } from '../support/app-harness.ts';

/** A word question of lesson 1 with its stored answer, read from the bank. */
async function aChoiceQuestion(t: TestApp, offset = 0) {
  return t.runtime.deps.db
    .selectFrom('questions')
    .select(['id', 'correct_answer', 'options'])
    .where('lesson_id', '=', 1)
    .where('type', '=', 'theme_understanding')
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe.each(MODES)('the learner write path (%s mode)', (mode) => {
  let learner: TestAccount;
  const t = useTestApp(mode);
  const answer = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: { ...learner.headers, ...headers },
      payload,
    });
  const countEvents = async (userId: string, type?: string) => {
    let q = t.runtime.deps.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('stream_id', '=', learnerStreamId(userId));
    if (type) q = q.where('type', '=', type);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    learner = await signUp(t.app);
  });

  it('records the sign-up as the first sign-in of the day: 5 XP and a streak of 1', async () => {
    await waitForProjection(t, learner.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers });
    expect(res.json()).toMatchObject({ totalXP: 5, streakDays: 1, level: 1 });
  });

  it('grades an answer on the server and awards 10 XP for a correct one', async () => {
    const q = await aChoiceQuestion(t);
    const res = await answer({
      userId: learner.id,
      questionId: q.id,
      selectedAnswer: q.correct_answer,
      timeSpent: 12,
    });
    expect(res.statusCode).toBe(200);
    const body = AnswerResultSchema.parse(res.json());
    expect(body.isCorrect).toBe(true);
    expect(body.xpAwarded).toEqual([{ amount: 10, reason: 'correct_answer' }]);
    expect(body.totals.totalXP).toBe(15);
  });

  it('ignores the client’s isCorrect: a wrong answer claimed correct earns nothing and opens the error book', async () => {
    const q = await aChoiceQuestion(t, 1);
    const wrong = (q.options ?? []).find((o) => o !== q.correct_answer)!;
    const res = await answer({
      userId: learner.id,
      questionId: q.id,
      selectedAnswer: wrong,
      isCorrect: true,
      timeSpent: 5,
    });
    const body = AnswerResultSchema.parse(res.json());
    expect(body.isCorrect).toBe(false);
    expect(body.xpAwarded).toEqual([]);
    expect(body.correctAnswer).toBe(q.correct_answer);
    await waitForProjection(t, learner.id);
    const book = ErrorQuestionListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${learner.id}/error-questions`,
          headers: learner.headers,
        })
      ).json(),
    );
    expect(book.map((r) => r.questionId)).toContain(q.id);
    expect(book.find((r) => r.questionId === q.id)).toMatchObject({
      isActive: true,
      incorrectAnswer: wrong,
      attemptCount: 1,
    });
  });

  it('saves a trimmed personal note on an error-book question, then masters it once', async () => {
    const q = await aChoiceQuestion(t, 1);
    const note = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${learner.id}/error-questions/${q.id}`,
      headers: learner.headers,
      payload: { isCorrect: false, userExplanation: '  主旨在於安於仁  ' },
    });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({
      questionId: q.id,
      userExplanation: '主旨在於安於仁',
      isActive: true,
    });
    const master = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${learner.id}/error-questions/${q.id}/master`,
      headers: learner.headers,
    });
    expect(master.statusCode).toBe(200);
    expect(master.json()).toMatchObject({ questionId: q.id, isActive: false });
    expect(master.json().masteredAt).toBeTypeOf('string');
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${learner.id}/error-questions/${q.id}/master`,
      headers: learner.headers,
    });
    expect(again.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${learner.id}/error-questions/no-such-question/master`,
      headers: learner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('handles a repeated Idempotency-Key once: same answer back, one event', async () => {
    const q = await aChoiceQuestion(t, 2);
    const before = await countEvents(learner.id, 'AnswerSubmitted');
    const payload = { userId: learner.id, questionId: q.id, selectedAnswer: q.correct_answer, timeSpent: 3 };
    const first = await answer(payload, { 'idempotency-key': 'same-action-0001' });
    const second = await answer(payload, { 'idempotency-key': 'same-action-0001' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await countEvents(learner.id, 'AnswerSubmitted')).toBe(before + 1);

    // The same key on a different request is refused with 422 and appends nothing.
    const reused = await answer(
      { ...payload, selectedAnswer: `${q.correct_answer}?` },
      { 'idempotency-key': 'same-action-0001' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await countEvents(learner.id, 'AnswerSubmitted')).toBe(before + 1);
  });

  it('refuses a forged XP claim and changes nothing', async () => {
    await waitForProjection(t, learner.id);
    const before = await countEvents(learner.id);
    const totals = (
      await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })
    ).json();
    const claim = (payload: { xpGained: number; streakDays: number }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${learner.id}/stats`,
        headers: learner.headers,
        payload,
      });
    const huge = await claim({ xpGained: 1_000_000, streakDays: 999 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.details[0].field).toBe('body.xpGained');
    const claimed = await claim({ xpGained: 5000, streakDays: 999 });
    expect(claimed.statusCode).toBe(200);
    await waitForProjection(t, learner.id);
    expect(claimed.json().totalXP).toBeLessThan(100);
    expect(await countEvents(learner.id)).toBe(before);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })
    ).json();
    expect(after.totalXP).toBe(totals.totalXP);
  });

  it('lets two tabs answering at once both land, in order', async () => {
    const [a, b] = await Promise.all([aChoiceQuestion(t, 3), aChoiceQuestion(t, 4)]);
    const before = await countEvents(learner.id, 'AnswerSubmitted');
    const results = await Promise.all([
      answer({ userId: learner.id, questionId: a.id, selectedAnswer: a.correct_answer, timeSpent: 1 }),
      answer({ userId: learner.id, questionId: b.id, selectedAnswer: b.correct_answer, timeSpent: 1 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await countEvents(learner.id, 'AnswerSubmitted')).toBe(before + 2);
    const versions = await t.runtime.deps.db
      .selectFrom('events')
      .select('version')
      .where('stream_id', '=', learnerStreamId(learner.id))
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
  });

  it('projects stats and the leaderboard from the events', async () => {
    await waitForProjection(t, learner.id);
    const stats = UserStatsListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/users/${learner.id}/stats`, headers: learner.headers })
      ).json(),
    );
    const lesson1 = stats.find((s) => s.lessonId === 1)!;
    expect(lesson1.questionsCompleted).toBe(5);
    const board = LeaderboardSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/leaderboard', headers: learner.headers })).json(),
    );
    expect(board.me?.entry.id).toBe(learner.id);
    expect(board.me?.entry.totalXP).toBe(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })).json().totalXP,
    );
  });

  it('acts only for the signed-in learner: 401 signed out, 403 for another learner’s id', async () => {
    const other = await signUp(t.app, 'other');
    const q = await aChoiceQuestion(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      payload: { userId: learner.id, questionId: q.id, selectedAnswer: 'x', timeSpent: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const forOther = await answer({ userId: other.id, questionId: q.id, selectedAnswer: 'x', timeSpent: 1 });
    expect(forOther.statusCode).toBe(403);
    const readOther = await t.app.inject({
      method: 'GET',
      url: `/api/users/${other.id}/stats`,
      headers: learner.headers,
    });
    expect(readOther.statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = await countEvents(learner.id);
    const res = await answer({
      userId: learner.id,
      questionId: 'l01-tu-01',
      selectedAnswer: 42,
      timeSpent: -1,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.details as Array<{ field: string }>).map((d) => d.field);
    expect(fields).toContain('body.selectedAnswer');
    expect(await countEvents(learner.id)).toBe(before);
  });

  it('records when an answer given offline was given beside the server time, and refuses an unreadable one', async () => {
    const q = await aChoiceQuestion(t, 2);
    const before = await countEvents(learner.id);
    const bad = await answer({
      userId: learner.id,
      questionId: q.id,
      selectedAnswer: q.correct_answer,
      timeSpent: 5,
      answeredAt: 'on the MTR',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error.details as Array<{ field: string }>).map((d) => d.field);
    expect(fields).toContain('body.answeredAt');
    expect(await countEvents(learner.id)).toBe(before);

    const givenAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const res = await answer({
      userId: learner.id,
      questionId: q.id,
      selectedAnswer: q.correct_answer,
      timeSpent: 5,
      answeredAt: givenAt,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.runtime.deps.db
      .selectFrom('events')
      .select(['data'])
      .where('stream_id', '=', `learner-${learner.id}`)
      .where('type', '=', 'AnswerSubmitted')
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const data = row.data as { answeredAt: string; at: string };
    expect(data.answeredAt).toBe(givenAt);
    expect(Date.parse(data.at)).toBeGreaterThan(Date.parse(givenAt));
  });

  it('keeps the event log append-only: the database refuses updates and deletes', async () => {
    const db = t.runtime.deps.db;
    await expect(sql`update events set type = 'Forged'`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from events`.execute(db)).rejects.toThrow(/immutable/);
  });
});
