import {
  KNOWLEDGE_TAG_LABELS,
  KNOWLEDGE_TAGS,
  type KnowledgeTag,
  type ReviewSettings,
} from '@wenyan/contracts';
import {
  DEFAULT_DAILY_GOAL,
  drawReviewSession,
  endOfHongKongDayMs,
  examDateForYear,
  examDateProblem,
  examRecall,
  examYearProblem,
  hongKongDate,
  knowledgeTagFigures,
  type LearnerState,
  planInForce,
  reviewForecast,
  reviewLedgerOf,
} from '@wenyan/domain';
import {
  classMembers,
  findClass,
  findQuestions,
  findUserById,
  readCards,
  readCardsOf,
  readDueCards,
  readExamDates,
  readReviewSettings,
  readReviewSettingsOf,
  setExamDate,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { toQuestion } from '../../learner/mappers.ts';
import { knownTags, recordedPlan, toReviewCard } from '../../learner/reviews.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { lessonTitles } from '../../replay/queries.ts';

/** A 400 naming the field, for a value only the server's clock or data can judge. */
function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

/** The settings reply from the decider's state right after a command (fresh, not the read model). */
function settingsOfState(
  learnerId: string,
  state: LearnerState,
  adminDates: Readonly<Record<number, string>> | undefined,
  now: string,
): ReviewSettings {
  const book = reviewLedgerOf(state);
  const plan = planInForce(book.plan, adminDates, now);
  return {
    learnerId,
    examDate: plan.examDate,
    examDateSource: plan.source,
    examYear: plan.examYear,
    targetRecall: plan.targetRecall,
    dailyGoal: book.dailyGoal,
    guideCompleted: book.guideCompleted,
  };
}

/** The review calls: due list, session, forecast, settings, accuracy by tag, class forecast, exam dates. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  const adminDates = async () => (await app.learnerContext()).adminExamDates;

  /** A learner another user asks about must exist (self always does): 404 otherwise. */
  async function requireLearner(requesterId: string, learnerId: string): Promise<void> {
    if (requesterId === learnerId) return;
    if (!(await findUserById(db, learnerId))) throw notFound('user');
  }

  /** The lessons' titles, cached like the other content reads (a minute; an import forgets them). */
  const titlesOfLessons = () => app.cachedContent('lesson-titles', () => lessonTitles(db));

  /** The learner's settings read model and the plan in force now. */
  async function planOf(learnerId: string, now: string) {
    const [settings, dates] = await Promise.all([readReviewSettings(db, learnerId), adminDates()]);
    return { settings, plan: planInForce(recordedPlan(settings), dates, now) };
  }

  defineRoute(app, 'listDueReviews', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(user.id, learnerId);
    const now = new Date();
    const nowMs = now.getTime();
    const dueBy = new Date(endOfHongKongDayMs(nowMs));
    const [{ settings, plan }, due] = await Promise.all([
      planOf(learnerId, now.toISOString()),
      readDueCards(db, learnerId, dueBy, input.query.limit),
    ]);
    return {
      learnerId,
      dueBy: dueBy.toISOString(),
      dueCount: due.count,
      reviewedToday: settings?.reviewedDay === hongKongDate(nowMs) ? settings.reviewedCount : 0,
      dailyGoal: settings?.dailyGoal ?? DEFAULT_DAILY_GOAL,
      examDate: plan.examDate,
      cards: due.cards.map((card) => toReviewCard(card, plan, nowMs)),
    };
  });

  defineRoute(app, 'getReviewForecast', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(user.id, learnerId);
    const now = new Date();
    const nowMs = now.getTime();
    const [{ plan }, titles] = await Promise.all([planOf(learnerId, now.toISOString()), titlesOfLessons()]);
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

  defineRoute(app, 'getReviewSession', async ({ input, user }) => {
    const now = new Date();
    const nowMs = now.getTime();
    const cards = await readCards(db, user.id);
    const { mode, limit } = input.query;
    let tag: KnowledgeTag | null = input.query.tag ?? null;
    if (mode === 'tag' && tag === null) {
      tag = knowledgeTagFigures(cards, KNOWLEDGE_TAGS, nowMs).weakest as KnowledgeTag | null;
    }
    const drawn = drawReviewSession(cards, mode, mode === 'tag' ? tag : null, limit, nowMs);
    const rows = new Map(
      (
        await findQuestions(
          db,
          drawn.map((c) => c.questionId),
        )
      ).map((q) => [q.id, q]),
    );
    const dueBy = endOfHongKongDayMs(nowMs);
    return {
      mode,
      tag: mode === 'tag' ? tag : null,
      dueCount: cards.filter((c) => Date.parse(c.due) < dueBy).length,
      items: drawn.flatMap((card) => {
        const row = rows.get(card.questionId);
        if (!row) return [];
        return [
          {
            question: toQuestion(row, user.id),
            tags: knownTags(card.tags),
            due: card.due,
            isDue: Date.parse(card.due) < dueBy,
            inErrorBook: card.inErrorBook,
          },
        ];
      }),
    };
  });

  defineRoute(app, 'getReviewSettings', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(user.id, learnerId);
    const { settings, plan } = await planOf(learnerId, new Date().toISOString());
    return {
      learnerId,
      examDate: plan.examDate,
      examDateSource: plan.source,
      examYear: plan.examYear,
      targetRecall: plan.targetRecall,
      dailyGoal: settings?.dailyGoal ?? DEFAULT_DAILY_GOAL,
      guideCompleted: settings?.guideCompleted ?? false,
    };
  });

  defineRoute(app, 'setExamDate', async (ctx) => {
    const { input, user } = ctx;
    const now = new Date().toISOString();
    const problem = examDateProblem(input.body.examDate, now);
    if (problem !== null) throw invalidField('body.examDate', problem);
    const dates = await adminDates();
    return runLearnerCommand(
      app,
      ctx,
      {
        type: 'SetExamDate',
        data: {
          examDate: input.body.examDate,
          ...(input.body.targetRecall === undefined ? {} : { targetRecall: input.body.targetRecall }),
        },
      },
      (state) => settingsOfState(user.id, state, dates, now),
    );
  });

  defineRoute(app, 'updateReviewSettings', async (ctx) => {
    const { input, user } = ctx;
    const now = new Date().toISOString();
    const dates = await adminDates();
    const { examYear, dailyGoal, guideCompleted } = input.body;
    if (examYear !== undefined) {
      const problem = examYearProblem(examYear, now, dates);
      if (problem !== null) throw invalidField('body.examYear', problem);
    }
    return runLearnerCommand(
      app,
      ctx,
      {
        type: 'ChangeReviewSettings',
        data: {
          ...(examYear === undefined ? {} : { examYear }),
          ...(dailyGoal === undefined ? {} : { dailyGoal }),
          ...(guideCompleted === undefined ? {} : { guideCompleted }),
        },
      },
      (state) => settingsOfState(user.id, state, dates, now),
    );
  });

  defineRoute(app, 'getKnowledgeTagStats', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(user.id, learnerId);
    const cards = await readCards(db, learnerId);
    const { figures, weakest } = knowledgeTagFigures(cards, KNOWLEDGE_TAGS, Date.now());
    return {
      learnerId,
      tags: figures.flatMap((f) => {
        const tag = f.tag === null ? null : knownTags([f.tag])[0];
        if (tag === undefined) return [];
        return [
          {
            tag,
            label: tag === null ? '未分類' : KNOWLEDGE_TAG_LABELS[tag],
            answers: f.answers,
            correct: f.correct,
            accuracy: f.accuracy,
            openErrors: f.openErrors,
            cardCount: f.cardCount,
            dueToday: f.dueToday,
          },
        ];
      }),
      weakest: weakest === null ? null : (knownTags([weakest])[0] ?? null),
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
      titlesOfLessons(),
      adminDates(),
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

  defineRoute(app, 'listDefaultExamDates', async () => {
    const now = new Date().toISOString();
    const admin = await readExamDates(db);
    const byYear = new Map(admin.map((r) => [r.year, r]));
    const thisYear = Number(hongKongDate(now).slice(0, 4));
    const years = [
      ...new Set([...admin.map((r) => r.year), thisYear, thisYear + 1, thisYear + 2, thisYear + 3]),
    ]
      .sort((a, b) => a - b)
      .map((year) => {
        const set = byYear.get(year);
        return set
          ? { year, examDate: set.examDate, source: 'admin' as const, updatedAt: set.updatedAt.toISOString() }
          : { year, examDate: examDateForYear(year), source: 'built_in' as const, updatedAt: null };
      });
    const coming = planInForce(null, Object.fromEntries(admin.map((r) => [r.year, r.examDate])), now);
    const current = years.find((y) => y.examDate === coming.examDate) ?? years[0]!;
    return { current, years };
  });

  defineRoute(app, 'setDefaultExamDate', async ({ input, user }) => {
    const { year } = input.params;
    if (!input.body.examDate.startsWith(`${year}-`)) {
      throw invalidField('body.examDate', `考試日期須在 ${year} 年內`);
    }
    const saved = await setExamDate(db, year, input.body.examDate, user.id);
    // The decider's facts carry the exam dates: this instance forgets them now, others within a minute.
    app.invalidateContent();
    return {
      year: saved.year,
      examDate: saved.examDate,
      source: 'admin' as const,
      updatedAt: saved.updatedAt.toISOString(),
    };
  });
}
