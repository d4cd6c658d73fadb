/** What the review routes share: the plan in force for a learner, its settings reply, and their checks. */
import type { ReviewSettings } from '@wenyan/contracts';
import { type ExamPlanRecord, type LearnerState, planInForce, reviewLedgerOf } from '@wenyan/domain';
import { findUserById, readReviewSettings } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { recordedPlan } from '../../learner/reviews.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { lessonTitles } from '../../replay/queries.ts';

/** A 400 naming the field, for a value only the server's clock or data can judge. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

/** The admin's exam dates, from the decider's cached facts. */
export const adminDates = async (app: FastifyInstance) => (await app.learnerContext()).adminExamDates;

/** A learner another user asks about must exist (self always does): 404 otherwise. */
export async function requireLearner(
  app: FastifyInstance,
  requesterId: string,
  learnerId: string,
): Promise<void> {
  if (requesterId === learnerId) return;
  if (!(await findUserById(app.deps.db, learnerId))) throw notFound('user');
}

/** The lessons' titles, cached like the other content reads (a minute; an import forgets them). */
export const titlesOfLessons = (app: FastifyInstance) =>
  app.cachedContent('lesson-titles', () => lessonTitles(app.deps.db));

/** The learner's settings read model and the plan in force now. */
export async function planOf(app: FastifyInstance, learnerId: string, now: string) {
  const [settings, dates] = await Promise.all([readReviewSettings(app.deps.db, learnerId), adminDates(app)]);
  return { settings, plan: planInForce(recordedPlan(settings), dates, now) };
}

/** The settings reply: the plan in force and the learner's own goal and guide. */
export function settingsReply(
  learnerId: string,
  plan: ExamPlanRecord,
  own: { dailyGoal: number; guideCompleted: boolean },
): ReviewSettings {
  return {
    learnerId,
    examDate: plan.examDate,
    examDateSource: plan.source,
    examYear: plan.examYear,
    targetRecall: plan.targetRecall,
    dailyGoal: own.dailyGoal,
    guideCompleted: own.guideCompleted,
  };
}

/** The settings reply from the decider's state right after a command (fresh, not the read model). */
export function settingsOfState(
  learnerId: string,
  state: LearnerState,
  dates: Readonly<Record<number, string>> | undefined,
  now: string,
): ReviewSettings {
  const book = reviewLedgerOf(state);
  return settingsReply(learnerId, planInForce(book.plan, dates, now), book);
}
