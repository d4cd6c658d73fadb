/**
 * A learner's answers as the adaptive picker needs them, read from their stream through the
 * upcasters (never from the raw event JSON).
 */
import { type AdaptiveHistory, RECENT_ANSWERS, upcast } from '@wenyan/domain';
import type { Db } from '../db.ts';
import { learnerStreamId } from '../event-store.ts';
import { readOpenErrorQuestionIds } from './error-book.ts';

/**
 * The learner's adaptive history for one lesson: their most recent answers (any lesson, newest
 * first), their latest verdict on each question of the lesson, and the questions open in their
 * error book.
 */
export async function readAdaptiveHistory(
  db: Db,
  userId: string,
  lessonId: number,
): Promise<AdaptiveHistory> {
  const [rows, openErrors] = await Promise.all([
    db
      .selectFrom('events')
      .select(['type', 'schema_version', 'data'])
      .where('stream_id', '=', learnerStreamId(userId))
      .where('type', '=', 'AnswerSubmitted')
      .orderBy('version')
      .execute(),
    readOpenErrorQuestionIds(db, userId),
  ]);
  const answers = rows.flatMap((r) => {
    const event = upcast({ type: r.type, schemaVersion: r.schema_version, data: r.data });
    return event.type === 'AnswerSubmitted' ? [event.data] : [];
  });
  const latestByQuestion: Record<string, boolean> = {};
  for (const a of answers) if (a.lessonId === lessonId) latestByQuestion[a.questionId] = a.isCorrect;
  return {
    recentAnswers: answers
      .slice(-RECENT_ANSWERS)
      .reverse()
      .map((a) => ({ isCorrect: a.isCorrect })),
    latestByQuestion,
    openErrors,
  };
}
