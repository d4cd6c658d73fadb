/**
 * Review to exam day through the API (issue 21): a learner answers questions wrong and right (some
 * given "offline" days ago, so cards fall due now), sets an exam date, and the due list, review XP, the
 * forecast, the error book's scheduler mastery and the accuracy by tag follow the rules; a rebuild of
 * the read models gives the same schedule; a teacher's replay shows the cards at an earlier moment;
 * authorization as for the learner's other data. The rules do not depend on the mode: embedded only.
 */
import {
  AnswerResultSchema,
  ClassForecastSchema,
  DefaultExamDateListSchema,
  DueReviewListSchema,
  ErrorQuestionListSchema,
  ErrorStatsSchema,
  KnowledgeTagStatsSchema,
  LearnerStateSchema,
  ReviewForecastSchema,
  ReviewSessionSchema,
  ReviewSettingsSchema,
} from '@wenyan/contracts';
import { examStartMs, hongKongDate } from '@wenyan/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, signUpTeacher, type TestAccount, useAccounts } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';
import { rebuildReadModels } from '../support/read-models.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Hong Kong calendar date `days` from today. */
const dayFromToday = (days: number) => hongKongDate(Date.now() + days * DAY_MS);

describe('review to exam day through the API', () => {
  let keys: Map<string, { correct: string; lessonId: number; tags: string[] }>;
  let choice: string[];
  const t = useTestApp('embedded');
  const { learner, other, teacher, outsiderTeacher, admin } = useAccounts(t, {
    learner: 'review',
    other: 'other',
    teacher: signUpTeacher,
    outsiderTeacher: (app) => signUpTeacher(app, 'teacher2'),
    admin: signUpAdmin,
  });
  let versionAfterFirstAnswer = 0;

  const get = (who: TestAccount | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const send = (who: TestAccount, method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });
  const answer = async (who: TestAccount, questionId: string, right: boolean, answeredAt?: string) => {
    const key = keys.get(questionId);
    if (!key) throw new Error(`no key for ${questionId}`);
    const res = await send(who, 'POST', '/api/users/answers', {
      userId: who.id,
      questionId,
      selectedAnswer: right ? key.correct : '不知道',
      timeSpent: 10,
      ...(answeredAt ? { answeredAt } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return AnswerResultSchema.parse(res.json());
  };
  const settled = async (who: TestAccount) => waitForProjection(t, who.id);

  beforeAll(async () => {
    const created = await send(teacher, 'POST', '/api/teacher/classes', { name: '中六甲班' });
    const { joinCode } = created.json() as { joinCode: string };
    expect((await send(learner, 'POST', '/api/classes/join', { joinCode })).statusCode).toBe(200);
    // Choice questions of two lessons and a tagged word question of a mixed session.
    const rows = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'correct_answer', 'lesson_id', 'tags'])
      .where('type', '=', 'word_interpretation')
      .where('paper_id', 'is', null)
      .execute();
    keys = new Map(
      rows.map((r) => [r.id, { correct: r.correct_answer, lessonId: r.lesson_id, tags: r.tags }]),
    );
    const lessonOne = rows.filter((r) => r.lesson_id === 1 && r.id.startsWith('l01')).map((r) => r.id);
    const lessonTwo = rows.filter((r) => r.lesson_id === 2 && r.id.startsWith('l02')).map((r) => r.id);
    choice = [lessonOne[0]!, lessonOne[1]!, lessonTwo[0]!, 'v1-01'];
    expect(rows.find((r) => r.id === 'v1-01')?.tags).toEqual(['function_word']);
  });

  it('refuses an exam date in the past or more than three years ahead, naming the field', async () => {
    for (const examDate of [dayFromToday(-2), dayFromToday(3 * 366 + 2)]) {
      const res = await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, { examDate });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain('body.examDate');
    }
    const malformed = await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, {
      examDate: '2027-02-30',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().error.details)).toContain('examDate');
    const target = await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, {
      examDate: dayFromToday(60),
      targetRecall: 0.4,
    });
    expect(target.statusCode).toBe(400);
    expect(JSON.stringify(target.json().error.details)).toContain('targetRecall');
    const forOther = await send(other, 'PUT', `/api/users/${learner.id}/exam-date`, {
      examDate: dayFromToday(60),
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('sets the exam date and target; the settings read them back', async () => {
    const examDate = dayFromToday(60);
    const res = await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, {
      examDate,
      targetRecall: 0.9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ReviewSettingsSchema.parse(res.json())).toMatchObject({
      examDate,
      examDateSource: 'learner',
      targetRecall: 0.9,
      guideCompleted: false,
    });
    const patched = await send(learner, 'PATCH', `/api/users/${learner.id}/review-settings`, {
      dailyGoal: 30,
      guideCompleted: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await settled(learner);
    const read = ReviewSettingsSchema.parse(
      (await get(learner, `/api/users/${learner.id}/review-settings`)).json(),
    );
    expect(read).toMatchObject({ examDate, examDateSource: 'learner', dailyGoal: 30, guideCompleted: true });
    // A year already past is refused by the guide's question, naming the field.
    const past = await send(learner, 'PATCH', `/api/users/${learner.id}/review-settings`, { examYear: 2001 });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json().error.details)).toContain('body.examYear');
  });

  it('makes every answered question a card: wrong answers given days ago fall due today', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS + 60_000).toISOString();
    const first = await answer(learner, choice[0]!, false, threeDaysAgo);
    versionAfterFirstAnswer = first.answerVersion;
    expect(first.review?.wasDue).toBe(false);
    await answer(learner, choice[2]!, false, threeDaysAgo);
    await answer(learner, choice[3]!, false, threeDaysAgo);
    // Answered right just now: a card, due later (not today).
    const fresh = await answer(learner, choice[1]!, true);
    expect(fresh.review?.wasDue).toBe(false);
    expect(Date.parse(fresh.review?.nextDue ?? '')).toBeGreaterThan(Date.now() + 12 * 60 * 60 * 1000);
    await settled(learner);
    const due = DueReviewListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/reviews?due=today`)).json(),
    );
    expect(due.dueCount).toBe(3);
    expect(due.cards.map((c) => c.questionId).sort()).toEqual([choice[0], choice[2], choice[3]].sort());
    // Soonest first, all due before the end of the learner's Hong Kong day.
    const dues = due.cards.map((c) => Date.parse(c.due));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    for (const card of due.cards) expect(Date.parse(card.due)).toBeLessThan(Date.parse(due.dueBy));
    expect(hongKongDate(Date.parse(due.dueBy) - 1)).toBe(hongKongDate(Date.now()));
    const tagged = due.cards.find((c) => c.questionId === 'v1-01');
    expect(tagged?.tags).toEqual(['function_word']);
    expect(tagged?.lessonId).toBe(keys.get('v1-01')?.lessonId);
    expect(due.cards.every((c) => c.inErrorBook)).toBe(true);
    const counts = DueReviewListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/reviews?due=today&limit=0`)).json(),
    );
    expect(counts).toMatchObject({ dueCount: 3, cards: [] });
  });

  it('draws a review session without answer keys, error-book items interleaved across lessons', async () => {
    const res = await get(learner, `/api/users/${learner.id}/reviews/session?mode=due`);
    expect(res.statusCode, res.body).toBe(200);
    const session = ReviewSessionSchema.parse(res.json());
    expect(session.items).toHaveLength(3);
    expect(res.body).not.toContain('correctAnswer');
    expect(res.body).not.toContain('explanation');
    // No two neighbours from the same lesson while another lesson still has cards.
    const lessons = session.items.map((i) => i.question.lessonId);
    expect(lessons[0]).not.toBe(lessons[1]);
    expect(session.items.every((i) => i.isDue && i.inErrorBook)).toBe(true);
    // Only the learner draws their own session.
    expect((await get(teacher, `/api/users/${learner.id}/reviews/session`)).statusCode).toBe(403);
  });

  it('pays review XP for a due card answered right, and none for a card that is not due', async () => {
    const due = await answer(learner, choice[0]!, true);
    expect(due.review).toMatchObject({ wasDue: true, reviewXp: 5 });
    expect(due.xpAwarded).toContainEqual({ amount: 5, reason: 'review_correct' });
    const notDue = await answer(learner, choice[1]!, true);
    expect(notDue.review).toMatchObject({ wasDue: false, reviewXp: 0 });
    expect(notDue.xpAwarded.some((x) => x.reason === 'review_correct')).toBe(false);
    // A due card answered wrong: counts toward today's goal, no review XP.
    const wrong = await answer(learner, choice[2]!, false);
    expect(wrong.review).toMatchObject({ wasDue: true, reviewXp: 0 });
    await settled(learner);
    const list = DueReviewListSchema.parse((await get(learner, `/api/users/${learner.id}/reviews`)).json());
    expect(list.reviewedToday).toBe(2);
    expect(list.dailyGoal).toBe(30);
    expect(list.cards.map((c) => c.questionId)).toEqual(['v1-01']);
  });

  it('forecasts per lesson; no card below the target has an interval past the exam', async () => {
    const res = await get(learner, `/api/users/${learner.id}/reviews/forecast`);
    expect(res.statusCode, res.body).toBe(200);
    const f = ReviewForecastSchema.parse(res.json());
    expect(f.examDate).toBe(dayFromToday(60));
    expect(f.targetRecall).toBe(0.9);
    expect(f.cardCount).toBe(4);
    expect(f.lessons.map((l) => l.lessonId)).toEqual(
      [...new Set(choice.map((id) => keys.get(id)!.lessonId))].sort((a, b) => a - b),
    );
    expect(f.days.length).toBe(f.daysToExam);
    expect(f.days.reduce((s, d) => s + d.reviews, 0)).toBeGreaterThan(0);
    expect(f.reviewsPerDay).toBeCloseTo(f.days.reduce((s, d) => s + d.reviews, 0) / f.daysToExam, 6);
    // Doing the asked reviews brings every lesson up to the target; stopping now does not.
    for (const lesson of f.lessons) expect(lesson.plannedRecall).toBeGreaterThanOrEqual(0.9);
    expect(f.predictedRecall).toBeLessThan(0.9);
    // The rule, card by card (the replay lists every card with its due time and exam-day recall).
    const state = LearnerStateSchema.parse(
      (await get(admin, `/api/teacher/learners/${learner.id}/state`)).json(),
    );
    const exam = examStartMs(f.examDate);
    for (const card of state.reviews.cards) {
      if (card.predictedExamRecall < 0.9) expect(Date.parse(card.due)).toBeLessThan(exam);
    }
    expect(state.reviews.cards).toHaveLength(4);
  });

  it("the error book's 「已掌握」 follows the scheduler; the learner's own tick stays separate", async () => {
    const book = ErrorQuestionListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/error-questions`)).json(),
    );
    expect(book.length).toBe(3);
    for (const item of book) {
      expect(item.predictedExamRecall).not.toBeNull();
      // Mastered only when the last answer was right and exam-day recall reaches the target.
      if (item.schedulerMastered) expect(item.predictedExamRecall).toBeGreaterThanOrEqual(0.9);
    }
    const wrongLast = book.find((i) => i.questionId === choice[2]);
    expect(wrongLast).toMatchObject({ schedulerMastered: false, masteredBy: null });
    // The learner ticks it: their judgement, not the scheduler's.
    const ticked = await send(
      learner,
      'PATCH',
      `/api/users/${learner.id}/error-questions/${choice[2]}/master`,
      {},
    );
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ isActive: false, schedulerMastered: false, masteredBy: 'self' });
    // With the exam today, a question just answered right will be recalled on it.
    await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, { examDate: dayFromToday(0) });
    await answer(learner, choice[3]!, true);
    await settled(learner);
    const after = ErrorQuestionListSchema.parse(
      (await get(learner, `/api/users/${learner.id}/error-questions`)).json(),
    );
    expect(after.find((i) => i.questionId === choice[3])).toMatchObject({
      schedulerMastered: true,
      isActive: true,
      masteredBy: 'scheduler',
    });
    // The tick stays the learner's after a reload from the read model.
    expect(after.find((i) => i.questionId === choice[2])?.masteredBy).toBe('self');
    const stats = ErrorStatsSchema.parse(
      (await get(learner, `/api/users/${learner.id}/error-questions/stats`)).json(),
    );
    expect(stats.schedulerMasteredCount).toBeGreaterThanOrEqual(1);
    await send(learner, 'PUT', `/api/users/${learner.id}/exam-date`, { examDate: dayFromToday(60) });
    await settled(learner);
  });

  it('groups accuracy and open items by kind of knowledge; untagged questions under no tag', async () => {
    const res = await get(learner, `/api/users/${learner.id}/knowledge-tags`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = KnowledgeTagStatsSchema.parse(res.json());
    // Each of the four questions was answered twice; right: choice 0 once, 1 twice, 2 never, 3 once.
    const rightAnswers = [1, 2, 0, 1];
    const expected = (tag: string | null) => {
      const carrying = choice
        .map((id, i) => ({ tags: keys.get(id)?.tags ?? [], right: rightAnswers[i] ?? 0 }))
        .filter((q) => (tag === null ? q.tags.length === 0 : q.tags.includes(tag)));
      return {
        answers: carrying.length * 2,
        correct: carrying.reduce((sum, q) => sum + q.right, 0),
        cardCount: carrying.length,
      };
    };
    for (const row of stats.tags) expect(row, String(row.tag)).toMatchObject(expected(row.tag));
    expect(stats.tags.find((s) => s.tag === 'function_word')).toMatchObject({ label: '虛詞' });
    expect(stats.tags.filter((s) => s.tag !== null)).toHaveLength(9);
    // v1-01 (function_word only) was answered wrong, then right.
    expect(expected('function_word').answers).toBeGreaterThanOrEqual(2);
    const tagSession = ReviewSessionSchema.parse(
      (await get(learner, `/api/users/${learner.id}/reviews/session?mode=tag&tag=function_word`)).json(),
    );
    expect(tagSession.items.map((i) => i.question.id).sort()).toEqual(
      choice.filter((id) => keys.get(id)?.tags.includes('function_word')).sort(),
    );
    expect(tagSession.items.map((i) => i.question.id)).toContain('v1-01');
  });

  it('a rebuild of the read models gives the same schedule', async () => {
    const db = t.runtime.deps.db;
    const read = async () => ({
      cards: (await sql`select * from review_cards order by user_id, question_id`.execute(db)).rows,
      settings: (await sql`select * from review_settings order by user_id`.execute(db)).rows,
    });
    const before = await read();
    expect(before.cards.length).toBeGreaterThanOrEqual(4);
    await rebuildReadModels(db);
    expect(await read()).toEqual(before);
  });

  it("a teacher's replay shows the cards at an earlier moment", async () => {
    const res = await get(teacher, `/api/teacher/learners/${learner.id}/state?at=${versionAfterFirstAnswer}`);
    expect(res.statusCode, res.body).toBe(200);
    const then = LearnerStateSchema.parse(res.json());
    expect(then.reviews.cardCount).toBe(1);
    expect(then.reviews.cards[0]?.questionId).toBe(choice[0]);
    expect(then.reviews.cards[0]?.reps).toBe(1);
    const now = LearnerStateSchema.parse(
      (await get(teacher, `/api/teacher/learners/${learner.id}/state`)).json(),
    );
    expect(now.reviews.cardCount).toBe(4);
    expect(now.reviews.cards.find((c) => c.questionId === choice[0])?.reps).toBe(2);
    expect((await get(outsiderTeacher, `/api/teacher/learners/${learner.id}/state`)).statusCode).toBe(403);
  });

  it('reads like the learner’s other data: 401, 403, 404, and the class teacher', async () => {
    for (const path of ['reviews', 'reviews/forecast', 'review-settings', 'knowledge-tags']) {
      expect((await get(null, `/api/users/${learner.id}/${path}`)).statusCode).toBe(401);
      expect((await get(other, `/api/users/${learner.id}/${path}`)).statusCode).toBe(403);
      expect((await get(outsiderTeacher, `/api/users/${learner.id}/${path}`)).statusCode).toBe(403);
      expect((await get(teacher, `/api/users/${learner.id}/${path}`)).statusCode).toBe(200);
      expect((await get(admin, `/api/users/99999999/${path}`)).statusCode).toBe(404);
    }
  });

  it("shows the class's plans to its teacher, with who is behind", async () => {
    const classes = (await get(teacher, '/api/teacher/classes')).json() as Array<{ id: string }>;
    const res = await get(teacher, `/api/teacher/classes/${classes[0]!.id}/reviews/forecast`);
    expect(res.statusCode, res.body).toBe(200);
    const f = ClassForecastSchema.parse(res.json());
    const row = f.learners.find((l) => l.id === learner.id);
    expect(row).toMatchObject({ cardCount: 4, dailyGoal: 30 });
    expect(row?.behind).toBe((row?.overdue ?? 0) >= 30);
    expect(f.lessons.reduce((s, l) => s + l.cardCount, 0)).toBe(4);
    expect(
      (await get(outsiderTeacher, `/api/teacher/classes/${classes[0]!.id}/reviews/forecast`)).statusCode,
    ).toBe(403);
  });

  it("lets an admin set a school year's default exam date, which learners without their own follow", async () => {
    const year = Number(dayFromToday(0).slice(0, 4)) + 1;
    const wrongYear = await send(admin, 'PUT', `/api/admin/exam-dates/${year}`, {
      examDate: `${year + 1}-04-10`,
    });
    expect(wrongYear.statusCode).toBe(400);
    expect(JSON.stringify(wrongYear.json().error.details)).toContain('body.examDate');
    expect(
      (await send(teacher, 'PUT', `/api/admin/exam-dates/${year}`, { examDate: `${year}-04-10` })).statusCode,
    ).toBe(403);
    const set = await send(admin, 'PUT', `/api/admin/exam-dates/${year}`, { examDate: `${year}-04-10` });
    expect(set.statusCode, set.body).toBe(200);
    const list = DefaultExamDateListSchema.parse((await get(admin, '/api/admin/exam-dates')).json());
    expect(list.years.find((y) => y.year === year)).toMatchObject({
      examDate: `${year}-04-10`,
      source: 'admin',
    });
    // A learner who chose that year follows the admin's date; one with their own date keeps it.
    const chose = await send(other, 'PATCH', `/api/users/${other.id}/review-settings`, { examYear: year });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(ReviewSettingsSchema.parse(chose.json())).toMatchObject({
      examDate: `${year}-04-10`,
      examDateSource: 'school_year_default',
      examYear: year,
    });
    const own = ReviewSettingsSchema.parse(
      (await get(learner, `/api/users/${learner.id}/review-settings`)).json(),
    );
    expect(own.examDate).toBe(dayFromToday(60));
  });
});
