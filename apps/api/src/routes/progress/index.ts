import { DIFFICULTIES, EXERCISE_TYPES, QUESTION_TYPES } from '@wenyan/contracts';
import { errorBookStats, isSchedulerMastered, planInForce } from '@wenyan/domain';
import {
  findQuestions,
  findUserById,
  readCards,
  readCardsByQuestion,
  readCompletedActivities,
  readErrorBookStates,
  readErrorQuestions,
  readLessonStats,
  readReviewSettings,
  readVocabularyRecords,
  readVocabularyStats,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { errorReviewFields, masteredCause, toKeyedQuestion, toStatsRecord } from '../../learner/mappers.ts';
import { knownTags, recordedPlan } from '../../learner/reviews.ts';
import { notFound } from '../../plugins/errors.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const EPOCH = new Date(0).toISOString();

/** The learner's read models: stats, completed activities, error book, vocabulary records. */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getUser', async ({ input, user }) => {
    const target = input.params.id === user.id ? user : await findUserById(db, input.params.id);
    if (!target) throw notFound('user');
    return loadUserView(db, target);
  });

  defineRoute(app, 'getUserStats', async ({ input }) =>
    (await readLessonStats(db, input.params.userId)).map(toStatsRecord),
  );

  defineRoute(app, 'getCompletedActivities', async ({ input }) =>
    (await readCompletedActivities(db, input.params.id, input.params.lessonId)).map((t) =>
      member(QUESTION_TYPES, t),
    ),
  );

  /** The plan in force for a learner now (their settings read model, the admin's dates). */
  async function planNow(learnerId: string, nowMs: number) {
    const [settings, facts] = await Promise.all([readReviewSettings(db, learnerId), app.learnerContext()]);
    return planInForce(recordedPlan(settings), facts.adminExamDates, nowMs);
  }

  defineRoute(app, 'listErrorQuestions', async ({ input }) => {
    const nowMs = Date.now();
    const records = await readErrorQuestions(db, input.params.id);
    const ids = records.map((r) => r.questionId);
    const [rows, cards, plan] = await Promise.all([
      findQuestions(db, ids),
      readCardsByQuestion(db, input.params.id, ids),
      planNow(input.params.id, nowMs),
    ]);
    const questions = new Map(rows.map((q) => [q.id, { keyed: toKeyedQuestion(q), tags: q.tags ?? [] }]));
    return records.flatMap((r) => {
      const found = questions.get(r.questionId);
      if (!found) return [];
      const question = found.keyed;
      const fields = errorReviewFields({
        card: cards.get(r.questionId),
        tags: knownTags(found.tags),
        plan,
        nowMs,
      });
      return [
        {
          ...fields,
          masteredBy: masteredCause(r, fields.schedulerMastered),
          id: r.questionId,
          questionId: r.questionId,
          question,
          difficulty: question.difficulty,
          attemptCount: r.attemptCount,
          incorrectAnswer: r.incorrectAnswer,
          correctAnswer: r.correctAnswer ?? question.correctAnswer,
          userExplanation: r.userExplanation,
          isActive: r.isActive,
          masteredAt: iso(r.masteredAt),
          firstErrorAt: iso(r.firstErrorAt) ?? EPOCH,
          lastAttemptAt: iso(r.lastAttemptAt) ?? EPOCH,
        },
      ];
    });
  });

  defineRoute(app, 'getErrorStats', async ({ input }) => {
    const nowMs = Date.now();
    const [states, cards, plan] = await Promise.all([
      readErrorBookStates(db, input.params.id),
      readCards(db, input.params.id),
      planNow(input.params.id, nowMs),
    ]);
    return {
      ...errorBookStats(states),
      schedulerMasteredCount: cards.filter((c) => c.inErrorBook && isSchedulerMastered(c, plan, nowMs))
        .length,
    };
  });

  defineRoute(app, 'listVocabularyRecords', async ({ input }) =>
    (await readVocabularyRecords(db, input.params.id)).map((r) => ({
      id: r.id,
      exerciseType: member(EXERCISE_TYPES, r.exerciseType),
      exerciseId: r.exerciseId,
      lessonIds: r.lessonIds,
      score: r.score,
      timeSpent: r.timeSpent,
      questionsAnswered: r.questionsAnswered,
      correctAnswers: r.correctAnswers,
      difficulty: member(DIFFICULTIES, r.difficulty ?? 'intermediate'),
      completedAt: iso(r.completedAt) ?? EPOCH,
    })),
  );

  defineRoute(app, 'getVocabularyStats', async ({ input }) => readVocabularyStats(db, input.params.id));
}
