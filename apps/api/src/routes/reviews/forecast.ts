/** Forecasts to exam day: a learner's (their cards' outlooks from the process's cache) and a class's. */
import {
  DEFAULT_DAILY_GOAL,
  endOfHongKongDayMs,
  examRecall,
  hongKongDate,
  planInForce,
  reviewForecast,
} from '@wenyan/domain';
import { classMembers, findClass, readCardsOf, readReviewSettingsOf } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { recordedPlan } from '../../learner/reviews.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { adminDates, planOf, requireLearner, titlesOfLessons } from './plan.ts';

/** A learner's forecast and their teacher's view of the class's. */
export async function reviewForecastRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getReviewForecast', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(app, user.id, learnerId);
    const now = new Date();
    const nowMs = now.getTime();
    const [{ plan }, titles] = await Promise.all([
      planOf(app, learnerId, now.toISOString()),
      titlesOfLessons(app),
    ]);
    const { figures: f } = await app.forecasts.forecast(learnerId, plan, nowMs);
    return {
      learnerId,
      examDate: plan.examDate,
      examDateSource: plan.source,
      targetRecall: plan.targetRecall,
      daysToExam: f.daysToExam,
      cardCount: f.cardCount,
      dueToday: f.dueToday,
      predictedRecall: f.predictedRecall,
      plannedRecall: f.plannedRecall,
      reviewsPerDay: f.reviewsPerDay,
      lessons: f.lessons.map((l) => ({
        lessonId: l.lessonId,
        title: titles.get(l.lessonId) ?? `第 ${l.lessonId} 課`,
        cardCount: l.cardCount,
        predictedRecall: l.predictedRecall,
        plannedRecall: l.plannedRecall,
        dueToday: l.dueToday,
      })),
      days: f.days.map((d) => ({ date: d.date, reviews: d.reviews })),
    };
  });

  defineRoute(app, 'getClassReviewForecast', async ({ input, user }) => {
    const found = await findClass(db, input.params.id);
    if (!found) throw notFound('class');
    if (found.teacherId !== user.id && !user.roles.includes('admin')) {
      throw forbidden('this is not one of your classes');
    }
    const now = new Date();
    const nowMs = now.getTime();
    const members = await classMembers(db, found.id);
    const ids = members.map((m) => m.userId);
    const [cardsOf, settingsOf, titles, dates] = await Promise.all([
      readCardsOf(db, ids),
      readReviewSettingsOf(db, ids),
      titlesOfLessons(app),
      adminDates(app),
    ]);
    const lessons = new Map<
      number,
      { learners: Set<string>; cards: number; recall: number; overdue: number }
    >();
    const today = hongKongDate(nowMs);
    const learners = members.map((m) => {
      const settings = settingsOf.get(m.userId) ?? null;
      const plan = planInForce(recordedPlan(settings), dates, now.toISOString());
      const cards = cardsOf.get(m.userId) ?? [];
      const f = reviewForecast(cards, plan, nowMs);
      const startOfToday = endOfHongKongDayMs(nowMs) - 24 * 60 * 60 * 1000;
      for (const card of cards) {
        const l = lessons.get(card.lessonId) ?? { learners: new Set(), cards: 0, recall: 0, overdue: 0 };
        lessons.set(card.lessonId, l);
        l.learners.add(m.userId);
        l.cards += 1;
        l.recall += examRecall(card, plan, nowMs);
        if (Date.parse(card.due) < startOfToday) l.overdue += 1;
      }
      const dailyGoal = settings?.dailyGoal ?? DEFAULT_DAILY_GOAL;
      return {
        id: m.userId,
        username: m.username,
        firstName: m.firstName,
        lastName: m.lastName,
        examDate: plan.examDate,
        targetRecall: plan.targetRecall,
        cardCount: f.cardCount,
        dueToday: f.dueToday,
        overdue: f.overdue,
        reviewedToday: settings?.reviewedDay === today ? settings.reviewedCount : 0,
        dailyGoal,
        predictedRecall: f.predictedRecall,
        reviewsPerDay: f.reviewsPerDay,
        behind: f.overdue >= dailyGoal,
      };
    });
    return {
      classId: found.id,
      learners,
      lessons: [...lessons.entries()]
        .sort(([a], [b]) => a - b)
        .map(([lessonId, l]) => ({
          lessonId,
          title: titles.get(lessonId) ?? `第 ${lessonId} 課`,
          learnerCount: l.learners.size,
          cardCount: l.cards,
          predictedRecall: l.cards === 0 ? 0 : l.recall / l.cards,
          overdue: l.overdue,
        })),
    };
  });
}
