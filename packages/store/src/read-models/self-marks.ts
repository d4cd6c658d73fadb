/**
 * Self-marked answers waiting for a teacher's confirmation (issue 37), read from the learners' streams:
 * every AnswerSubmitted recorded as self-assessed with no SelfMarkConfirmed of its version since.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { learnerStreamId, userIdOfStream } from '../event-store.ts';

export interface PendingSelfMark {
  readonly learnerId: string;
  readonly answerVersion: number;
  readonly questionId: string;
  readonly lessonId: number;
  readonly selectedAnswer: string;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly answeredAt: string;
}

/** The learners' self-marked answers not yet confirmed, newest first (at most `limit`). */
export async function pendingSelfMarks(
  db: Db,
  learnerIds: readonly string[],
  limit = 200,
): Promise<PendingSelfMark[]> {
  if (learnerIds.length === 0) return [];
  const rows = await db
    .selectFrom('events as e')
    .select(['e.stream_id', 'e.version', 'e.data', 'e.recorded_at'])
    .where('e.type', '=', 'AnswerSubmitted')
    .where('e.stream_id', 'in', learnerIds.map(learnerStreamId))
    .where(sql<string>`e.data->>'selfAssessed'`, '=', 'true')
    // Counted at once under the class's rule 直接計算: nothing to confirm.
    .where(sql<string>`coalesce(e.data->>'selfMarkCounted', 'false')`, '=', 'false')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as c')
            .select('c.version')
            .whereRef('c.stream_id', '=', 'e.stream_id')
            .where('c.type', '=', 'SelfMarkConfirmed')
            .where(sql<boolean>`(c.data->>'answerVersion')::integer = e.version`),
        ),
      ),
    )
    .orderBy('e.recorded_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const data = r.data as Record<string, unknown>;
    return {
      learnerId: userIdOfStream(r.stream_id),
      answerVersion: Number(r.version),
      questionId: String(data.questionId),
      lessonId: Number(data.lessonId),
      selectedAnswer: String(data.selectedAnswer),
      pointsEarned: Number(data.pointsEarned),
      pointsAvailable: Number(data.pointsAvailable),
      answeredAt: new Date(r.recorded_at).toISOString(),
    };
  });
}
