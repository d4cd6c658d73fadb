import { errorBookStats } from '@wenyan/domain';
import {
  findQuestions,
  findUserById,
  readCompletedActivities,
  readErrorBookStates,
  readErrorQuestions,
  readLessonStats,
  readVocabularyRecords,
  readVocabularyStats,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toKeyedQuestion, toStatsRecord } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
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

  defineRoute(
    app,
    'getCompletedActivities',
    async ({ input }) => (await readCompletedActivities(db, input.params.id, input.params.lessonId)) as never,
  );

  defineRoute(app, 'listErrorQuestions', async ({ input }) => {
    const records = await readErrorQuestions(db, input.params.id);
    const questions = new Map(
      (
        await findQuestions(
          db,
          records.map((r) => r.questionId),
        )
      ).map((q) => [q.id, toKeyedQuestion(q)]),
    );
    return records.flatMap((r) => {
      const question = questions.get(r.questionId);
      if (!question) return [];
      return [
        {
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

  defineRoute(app, 'getErrorStats', async ({ input }) =>
    errorBookStats(await readErrorBookStates(db, input.params.id)),
  );

  defineRoute(app, 'listVocabularyRecords', async ({ input }) =>
    (await readVocabularyRecords(db, input.params.id)).map((r) => ({
      id: r.id,
      exerciseType: r.exerciseType as never,
      exerciseId: r.exerciseId,
      lessonIds: r.lessonIds,
      score: r.score,
      timeSpent: r.timeSpent,
      questionsAnswered: r.questionsAnswered,
      correctAnswers: r.correctAnswers,
      difficulty: (r.difficulty ?? 'intermediate') as never,
      completedAt: iso(r.completedAt) ?? EPOCH,
    })),
  );

  defineRoute(app, 'getVocabularyStats', async ({ input }) => readVocabularyStats(db, input.params.id));
}
