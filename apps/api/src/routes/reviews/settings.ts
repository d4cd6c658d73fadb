/** Review settings and exam dates: the learner's (commands), the admin's defaults. */
import {
  DEFAULT_DAILY_GOAL,
  examDateForYear,
  examDateProblem,
  examYearProblem,
  hongKongDate,
  planInForce,
} from '@wenyan/domain';
import { readExamDates, setExamDate } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { defineRoute } from '../../plugins/route.ts';
import { adminDates, invalidField, planOf, requireLearner, settingsOfState, settingsReply } from './plan.ts';

/** The learner's settings and exam date; the admin's default exam dates (forgets the decider's cached facts). */
export async function reviewSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getReviewSettings', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(app, user.id, learnerId);
    const { settings, plan } = await planOf(app, learnerId, new Date().toISOString());
    return settingsReply(learnerId, plan, {
      dailyGoal: settings?.dailyGoal ?? DEFAULT_DAILY_GOAL,
      guideCompleted: settings?.guideCompleted ?? false,
    });
  });

  defineRoute(app, 'setExamDate', async (ctx) => {
    const { input, user } = ctx;
    const now = new Date().toISOString();
    const problem = examDateProblem(input.body.examDate, now);
    if (problem !== null) throw invalidField('body.examDate', problem);
    const dates = await adminDates(app);
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
    const dates = await adminDates(app);
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
    // The decider's facts carry the exam dates: every API process forgets them now.
    app.invalidateContent();
    return {
      year: saved.year,
      examDate: saved.examDate,
      source: 'admin' as const,
      updatedAt: saved.updatedAt.toISOString(),
    };
  });
}
