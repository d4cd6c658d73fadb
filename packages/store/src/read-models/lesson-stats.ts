/** The `user_lesson_stats` and `completed_activities` read models: a learner's progress per lesson. */
import type { Db } from '../db.ts';

/** One lesson's stats for a learner. */
export interface LessonStatsRecord {
  lessonId: number;
  questionsCompleted: number;
  totalQuestions: number;
  xpEarned: number;
  /** Percent of the lesson's answers that were correct. */
  accuracy: number;
}

/** The learner's per-lesson stats, most recently studied first. */
export async function readLessonStats(db: Db, userId: string): Promise<LessonStatsRecord[]> {
  const rows = await db
    .selectFrom('user_lesson_stats')
    .select(['lesson_id', 'questions_completed', 'total_questions', 'xp_earned', 'accuracy'])
    .where('user_id', '=', userId)
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
}

/** The roadmap node types the learner completed in a lesson, in the order completed. */
export async function readCompletedActivities(db: Db, userId: string, lessonId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('completed_activities')
    .select('activity_type')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .orderBy('completed_at')
    .execute();
  return rows.map((r) => r.activity_type);
}
