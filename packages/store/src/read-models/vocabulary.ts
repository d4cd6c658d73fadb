/** The `vocabulary_records` read model: a learner's vocabulary practice. */
import type { Db } from '../db.ts';

/** One completed vocabulary exercise. */
export interface VocabularyRecord {
  /** Unique per learner and completion. */
  id: string;
  exerciseType: string;
  exerciseId: string;
  lessonIds: number[] | null;
  score: number;
  timeSpent: number;
  questionsAnswered: number;
  correctAnswers: number;
  difficulty: string | null;
  completedAt: Date | null;
}

/** The learner's vocabulary records, most recent first. */
export async function readVocabularyRecords(db: Db, userId: string): Promise<VocabularyRecord[]> {
  const rows = await db
    .selectFrom('vocabulary_records')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((r) => ({
    id: `${r.user_id}-${r.seq}`,
    exerciseType: r.exercise_type,
    exerciseId: r.exercise_id,
    lessonIds: r.lesson_ids,
    score: r.score,
    timeSpent: r.time_spent,
    questionsAnswered: r.questions_answered,
    correctAnswers: r.correct_answers,
    difficulty: r.difficulty,
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
  }));
}

/** The vocabulary statistics card: exercises, mean score (rounded), seconds spent. */
export async function readVocabularyStats(
  db: Db,
  userId: string,
): Promise<{ totalExercises: number; averageScore: number; totalTimeSpent: number }> {
  const row = await db
    .selectFrom('vocabulary_records')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.avg<string>('score').as('avg'),
      eb.fn.sum<string>('time_spent').as('time'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    totalExercises: Number(row.n),
    averageScore: row.avg === null ? 0 : Math.round(Number(row.avg)),
    totalTimeSpent: Number(row.time ?? 0),
  };
}
