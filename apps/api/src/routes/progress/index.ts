import { findQuestions, findUserById } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toKeyedQuestion } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The learner's read models: stats, completed activities, error book, vocabulary records. */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getUser', async ({ input, user }) => {
    const target = input.params.id === user.id ? user : await findUserById(db, input.params.id);
    if (!target) throw notFound('user');
    return loadUserView(db, target);
  });

  defineRoute(app, 'getUserStats', async ({ input }) => {
    const rows = await db
      .selectFrom('user_lesson_stats')
      .select(['lesson_id', 'questions_completed', 'total_questions', 'xp_earned', 'accuracy'])
      .where('user_id', '=', input.params.userId)
      .orderBy('updated_at', 'desc')
      .orderBy('lesson_id')
      .execute();
    return rows.map((r) => ({
      lessonId: r.lesson_id,
      questionsCompleted: r.questions_completed,
      totalQuestions: r.total_questions,
      xpEarned: r.xp_earned,
      accuracy: r.accuracy,
    }));
  });

  defineRoute(app, 'getCompletedActivities', async ({ input }) => {
    const rows = await db
      .selectFrom('completed_activities')
      .select('activity_type')
      .where('user_id', '=', input.params.id)
      .where('lesson_id', '=', input.params.lessonId)
      .orderBy('completed_at')
      .execute();
    return rows.map((r) => r.activity_type) as never;
  });

  defineRoute(app, 'listErrorQuestions', async ({ input }) => {
    const rows = await db
      .selectFrom('error_questions')
      .selectAll()
      .where('user_id', '=', input.params.id)
      .orderBy('last_attempt_at', 'desc')
      .execute();
    const questions = new Map(
      (
        await findQuestions(
          db,
          rows.map((r) => r.question_id),
        )
      ).map((q) => [q.id, toKeyedQuestion(q)]),
    );
    return rows.flatMap((r) => {
      const question = questions.get(r.question_id);
      if (!question) return [];
      return [
        {
          id: r.question_id,
          questionId: r.question_id,
          question,
          difficulty: question.difficulty,
          attemptCount: r.attempt_count,
          incorrectAnswer: r.incorrect_answer,
          correctAnswer: r.correct_answer ?? question.correctAnswer,
          userExplanation: r.user_explanation,
          isActive: r.is_active,
          masteredAt: iso(r.mastered_at),
          firstErrorAt: iso(r.first_error_at) ?? new Date(0).toISOString(),
          lastAttemptAt: iso(r.last_attempt_at) ?? new Date(0).toISOString(),
        },
      ];
    });
  });

  defineRoute(app, 'getErrorStats', async ({ input }) => {
    const row = await db
      .selectFrom('error_questions')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('question_id').filterWhere('is_active', '=', true).as('active'),
      ])
      .where('user_id', '=', input.params.id)
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const active = Number(row.active);
    const mastered = total - active;
    return {
      activeCount: active,
      masteredCount: mastered,
      improvementRate: total === 0 ? 0 : Math.round((mastered / total) * 100),
      totalErrors: total,
    };
  });

  defineRoute(app, 'listVocabularyRecords', async ({ input }) => {
    const rows = await db
      .selectFrom('vocabulary_records')
      .selectAll()
      .where('user_id', '=', input.params.id)
      .orderBy('seq', 'desc')
      .execute();
    return rows.map((r) => ({
      id: `${r.user_id}-${r.seq}`,
      exerciseType: r.exercise_type as never,
      exerciseId: r.exercise_id,
      lessonIds: r.lesson_ids,
      score: r.score,
      timeSpent: r.time_spent,
      questionsAnswered: r.questions_answered,
      correctAnswers: r.correct_answers,
      difficulty: (r.difficulty ?? 'intermediate') as never,
      completedAt: iso(r.completed_at) ?? new Date(0).toISOString(),
    }));
  });

  defineRoute(app, 'getVocabularyStats', async ({ input }) => {
    const row = await db
      .selectFrom('vocabulary_records')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.avg<string>('score').as('avg'),
        eb.fn.sum<string>('time_spent').as('time'),
      ])
      .where('user_id', '=', input.params.id)
      .executeTakeFirstOrThrow();
    return {
      totalExercises: Number(row.n),
      averageScore: row.avg === null ? 0 : Math.round(Number(row.avg)),
      totalTimeSpent: Number(row.time ?? 0),
    };
  });
}
