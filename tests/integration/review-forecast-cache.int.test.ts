/**
 * The review forecast kept per learner (issue 38) through the API: after an answer is projected (a new
 * card, a card answered again), an exam date that plans every card again, a rebuild of the read models
 * and a card gone, the forecast is the one computed from scratch from the cards as they are then; a
 * request with nothing changed is answered from the kept cards, one after a change from the cards
 * written since. Embedded only: the cache reads the read model the same way in both modes.
 */
import type { ForecastCache } from '@wenyan/api/src/routes/reviews/forecast-cache.ts';
import { AnswerResultSchema, type ReviewForecast, ReviewForecastSchema } from '@wenyan/contracts';
import {
  type ExamPlan,
  forecastCard,
  forecastOrder,
  hongKongDate,
  type ReviewForecastFigures,
  reviewForecast,
} from '@wenyan/domain';
import { readCards } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';
import { rebuildReadModels } from '../support/read-models.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The figures a reply and the domain's forecast share, to compare one with the other. */
function figures(f: ReviewForecast | ReviewForecastFigures) {
  return {
    daysToExam: f.daysToExam,
    cardCount: f.cardCount,
    dueToday: f.dueToday,
    predictedRecall: f.predictedRecall,
    plannedRecall: f.plannedRecall,
    reviewsPerDay: f.reviewsPerDay,
    lessons: f.lessons.map(({ lessonId, cardCount, dueToday, predictedRecall, plannedRecall }) => ({
      lessonId,
      cardCount,
      dueToday,
      predictedRecall,
      plannedRecall,
    })),
    days: f.days,
  };
}

describe('the review forecast kept per learner', () => {
  let learner: TestAccount;
  let keys: Map<string, string>;
  let ids: string[];
  const t = useTestApp('embedded');

  const forecastReply = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${learner.id}/reviews/forecast`,
      headers: learner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReviewForecastSchema.parse(res.json());
  };
  /** The forecast from scratch: every card read now, in the order the kept forecast sums them. */
  const fromScratch = async (plan: ExamPlan) => {
    const cards = (await readCards(t.runtime.deps.db, learner.id)).sort((a, b) =>
      forecastOrder(forecastCard(a), forecastCard(b)),
    );
    return reviewForecast(cards, plan, Date.now());
  };
  /** The route's forecast is the one from scratch, to the last bit (no card is due yet). */
  const expectFresh = async () => {
    const reply = await forecastReply();
    const plan = { examDate: reply.examDate, targetRecall: reply.targetRecall };
    expect(figures(reply)).toEqual(figures(await fromScratch(plan)));
    return reply;
  };
  const answer = async (questionId: string, right: boolean, answeredAt?: string) => {
    const selected = right ? keys.get(questionId)! : '不知道';
    const res = await postAnswer(t.app, learner, questionId, selected, { timeSpent: 10, answeredAt });
    expect(res.statusCode, res.body).toBe(200);
    AnswerResultSchema.parse(res.json());
    await waitForProjection(t, learner.id);
  };
  /** How the process's cache answers the learner's forecast now. */
  const outcome = async (reply: ReviewForecast) =>
    (
      await (t.app.forecasts as ForecastCache).forecast(
        learner.id,
        { examDate: reply.examDate, targetRecall: reply.targetRecall },
        Date.now(),
      )
    ).outcome;

  beforeAll(async () => {
    learner = await signUp(t.app, 'forecast');
    const rows = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'correct_answer', 'lesson_id'])
      .where('type', '=', 'word_interpretation')
      .where('paper_id', 'is', null)
      .orderBy('id')
      .execute();
    keys = new Map(rows.map((r) => [r.id, r.correct_answer]));
    // Questions of several lessons.
    const byLesson = new Map<number, string>();
    for (const r of rows) if (!byLesson.has(r.lesson_id)) byLesson.set(r.lesson_id, r.id);
    ids = [
      ...byLesson.values(),
      ...rows.map((r) => r.id).filter((id) => ![...byLesson.values()].includes(id)),
    ];
    expect(byLesson.size).toBeGreaterThanOrEqual(3);
  });

  it('shows each answer once it is projected: a new card, then the same card answered again', async () => {
    await answer(ids[0]!, true);
    const first = await expectFresh();
    expect(first.cardCount).toBe(1);

    await answer(ids[1]!, false);
    const second = await expectFresh();
    expect(second.cardCount).toBe(2);

    // The first card answered wrong this time: its lesson's figures move with it.
    await answer(ids[0]!, false);
    const third = await expectFresh();
    expect(third.cardCount).toBe(2);
    expect(third.predictedRecall).not.toBe(second.predictedRecall);
  });

  it('answers a repeated request from the kept cards, and one after an answer from the cards written since', async () => {
    const reply = await expectFresh();
    expect(await outcome(reply)).toBe('hit');
    await answer(ids[2]!, true);
    expect(await outcome(reply)).toBe('changed');
    const after = await expectFresh();
    expect(after.cardCount).toBe(3);
    expect(await outcome(after)).toBe('hit');
  });

  it('follows a plan in force that moved with no event (a default date an admin set): the same cards, figures made anew', async () => {
    const reply = await expectFresh();
    const cache = t.app.forecasts as ForecastCache;
    const other = { examDate: hongKongDate(Date.now() + 45 * DAY_MS), targetRecall: 0.85 };
    const moved = await cache.forecast(learner.id, other, Date.now());
    expect(moved.outcome).toBe('hit');
    expect(moved.figures).toEqual(await fromScratch(other));
    const back = await cache.forecast(
      learner.id,
      { examDate: reply.examDate, targetRecall: reply.targetRecall },
      Date.now(),
    );
    expect(back.figures).toEqual(
      await fromScratch({ examDate: reply.examDate, targetRecall: reply.targetRecall }),
    );
  });

  it('follows an exam date that plans every card again', async () => {
    const before = await expectFresh();
    const examDate = hongKongDate(Date.now() + 20 * DAY_MS);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${learner.id}/exam-date`,
      headers: learner.headers,
      payload: { examDate, targetRecall: 0.95 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForProjection(t, learner.id);
    const after = await expectFresh();
    expect(after.examDate).toBe(examDate);
    expect(after.daysToExam).toBeLessThan(before.daysToExam);
  });

  it('follows a rebuild of the read models and a card that is gone', async () => {
    const db = t.runtime.deps.db;
    await rebuildReadModels(db);
    expect((await expectFresh()).cardCount).toBe(3);
    // A card removed from the read model (no event does this today: the cache must still not keep it).
    await sql`delete from review_cards where user_id = ${learner.id}::bigint and question_id = ${ids[1]!}`.execute(
      db,
    );
    await sql`update learner_projections set projected_at = now() where user_id = ${learner.id}::bigint`.execute(
      db,
    );
    expect((await expectFresh()).cardCount).toBe(2);
  });

  it('simulates due cards at the moment of the request', async () => {
    // Answered wrong three days ago (offline, the longest an answer may wait): due now, its first
    // planned review is now.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS + 60_000).toISOString();
    await answer(ids[3]!, false, threeDaysAgo);
    await answer(ids[4]!, false, threeDaysAgo);
    for (let i = 0; i < 2; i++) {
      const reply = await forecastReply();
      const scratch = await fromScratch({ examDate: reply.examDate, targetRecall: reply.targetRecall });
      expect(reply.cardCount).toBe(4);
      expect(reply.dueToday).toBe(scratch.dueToday);
      expect(reply.dueToday).toBeGreaterThanOrEqual(2);
      expect(reply.days).toEqual(scratch.days);
      // Moments apart (milliseconds, up to a second on a loaded machine): the due cards' first reviews
      // are as much later, which moves the planned recall by about 5e-9 a second.
      expect(reply.plannedRecall).toBeCloseTo(scratch.plannedRecall, 7);
      expect(reply.predictedRecall).toBe(scratch.predictedRecall);
    }
  });
});
