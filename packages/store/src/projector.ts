import {
  type ErrorRecordView,
  projectLearner as fold,
  initialLearnerView,
  type LearnerEvent,
  type LearnerView,
  leaderboardEntry,
  levelForXp,
  upcast,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { learnerStreamId, readStream, type StoredEvent } from './event-store.ts';
import type { LeaderboardIndex, RankFigures } from './leaderboard.ts';
import type { Broadcast } from './ports.ts';

/** Bump when LearnerView's shape changes: projections of an older shape are rebuilt from the log. */
export const LEARNER_VIEW_SCHEMA = 1;

/** How many events one projection transaction folds at most (a long backlog takes several). */
const BATCH = 5000;

export interface Projector {
  /** Folds the learner's events after their checkpoint into the read models, in one transaction. */
  projectLearner(userId: string): Promise<{ applied: number; checkpoint: number }>;
  /** Learners whose stream is ahead of their checkpoint. */
  findBehind(limit: number): Promise<string[]>;
}

export interface ProjectorDeps {
  db: Db;
  broadcast: Broadcast;
  leaderboard: LeaderboardIndex;
  /** Next leaderboard version (monotonic across the deployment). */
  nextVersion: () => Promise<number>;
  /** Called after each commit that applied events (metrics). */
  onProjected?: (info: { userId: string; applied: number; lagMs: number | null }) => void;
}

export const userIdOfStream = (streamId: string) => streamId.slice('learner-'.length);

function toDomain(e: StoredEvent): LearnerEvent {
  return upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data });
}

function rankFigures(userId: string, view: LearnerView): RankFigures {
  const entry = leaderboardEntry(view);
  return {
    userId,
    totalXP: entry.totalXP,
    completedLessons: entry.completedLessons,
    averageAccuracy: entry.averageAccuracy,
  };
}

const sameRank = (a: RankFigures, b: RankFigures) =>
  a.totalXP === b.totalXP &&
  a.completedLessons === b.completedLessons &&
  a.averageAccuracy === b.averageAccuracy;

async function writeReadModels(
  trx: Db,
  userId: string,
  before: LearnerView,
  after: LearnerView,
  events: readonly StoredEvent[],
  domainEvents: readonly LearnerEvent[],
): Promise<void> {
  const entry = leaderboardEntry(after);
  let answers = 0;
  let correct = 0;
  for (const lesson of Object.values(after.lessons)) {
    answers += lesson.answers;
    correct += lesson.correctAnswers;
  }
  const totals = {
    total_xp: after.totalXP,
    level: levelForXp(after.totalXP),
    streak_days: after.streakDays,
    last_active_date: after.lastActiveDay,
    last_active_at: after.lastActiveAt ? new Date(after.lastActiveAt) : null,
    school_name: after.schoolName,
    completed_lessons: after.completedLessonCount,
    average_accuracy: entry.averageAccuracy,
    answers_count: answers,
    correct_count: correct,
    updated_at: new Date(),
  };
  await trx
    .insertInto('user_totals')
    .values({ user_id: userId, ...totals })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(totals))
    .execute();

  const lessonRows = Object.values(after.lessons)
    .filter((l) => before.lessons[String(l.lessonId)] !== l)
    .map((l) => ({
      user_id: userId,
      lesson_id: l.lessonId,
      questions_completed: l.questionsCompleted,
      total_questions: l.totalQuestions,
      correct_answers: l.correctAnswers,
      xp_earned: l.xpEarned,
      accuracy: l.answers === 0 ? 0 : Math.round((l.correctAnswers / l.answers) * 1000) / 10,
      updated_at: new Date(l.lastStudiedAt),
    }));
  if (lessonRows.length > 0) {
    await trx
      .insertInto('user_lesson_stats')
      .values(lessonRows)
      .onConflict((oc) =>
        oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
          questions_completed: eb.ref('excluded.questions_completed'),
          total_questions: eb.ref('excluded.total_questions'),
          correct_answers: eb.ref('excluded.correct_answers'),
          xp_earned: eb.ref('excluded.xp_earned'),
          accuracy: eb.ref('excluded.accuracy'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  const activityRows: Array<{
    user_id: string;
    lesson_id: number;
    activity_type: string;
    completed_at: Date | null;
  }> = [];
  domainEvents.forEach((e) => {
    if (e.type === 'NodeCompleted' && e.data.firstCompletion) {
      activityRows.push({
        user_id: userId,
        lesson_id: e.data.lessonId,
        activity_type: e.data.nodeType,
        completed_at: new Date(e.data.at),
      });
    }
  });
  if (activityRows.length > 0) {
    await trx
      .insertInto('completed_activities')
      .values(activityRows)
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id', 'activity_type']).doNothing())
      .execute();
  }

  const errorRows = Object.values(after.errorBook)
    .filter((r: ErrorRecordView) => before.errorBook[r.questionId] !== r)
    .map((r) => ({
      user_id: userId,
      question_id: r.questionId,
      attempt_count: r.attemptCount,
      incorrect_answer: r.incorrectAnswer,
      correct_answer: r.correctAnswer,
      user_explanation: r.userExplanation,
      is_active: r.isActive,
      mastered_at: r.masteredAt ? new Date(r.masteredAt) : null,
      first_error_at: new Date(r.firstErrorAt),
      last_attempt_at: new Date(r.lastAttemptAt),
    }));
  if (errorRows.length > 0) {
    await trx
      .insertInto('error_questions')
      .values(errorRows)
      .onConflict((oc) =>
        oc.columns(['user_id', 'question_id']).doUpdateSet((eb) => ({
          attempt_count: eb.ref('excluded.attempt_count'),
          incorrect_answer: eb.ref('excluded.incorrect_answer'),
          correct_answer: eb.ref('excluded.correct_answer'),
          user_explanation: eb.ref('excluded.user_explanation'),
          is_active: eb.ref('excluded.is_active'),
          mastered_at: eb.ref('excluded.mastered_at'),
          first_error_at: eb.ref('excluded.first_error_at'),
          last_attempt_at: eb.ref('excluded.last_attempt_at'),
        })),
      )
      .execute();
  }

  const vocabularyRows = domainEvents.flatMap((e, i) =>
    e.type === 'VocabularyExerciseCompleted'
      ? [
          {
            user_id: userId,
            seq: events[i]!.version,
            exercise_type: e.data.exerciseType,
            exercise_id: e.data.exerciseId,
            lesson_ids: e.data.lessonIds ? JSON.stringify(e.data.lessonIds) : null,
            score: e.data.score,
            time_spent: Math.round(e.data.timeSpent),
            questions_answered: e.data.questionsAnswered,
            correct_answers: e.data.correctAnswers,
            difficulty: e.data.difficulty,
            completed_at: new Date(e.data.at),
          },
        ]
      : [],
  );
  if (vocabularyRows.length > 0) {
    await trx
      .insertInto('vocabulary_records')
      .values(vocabularyRows)
      .onConflict((oc) => oc.columns(['user_id', 'seq']).doNothing())
      .execute();
  }
}

/**
 * The projector: per learner, folds the events after the checkpoint with the domain's reducer and
 * writes the read models and the new checkpoint in one transaction, under a per-learner advisory lock
 * and a compare-and-set on the checkpoint, so a job run twice or beside itself never counts twice.
 */
export function createProjector(deps: ProjectorDeps): Projector {
  const { db } = deps;

  async function projectLearner(userId: string): Promise<{ applied: number; checkpoint: number }> {
    const streamId = learnerStreamId(userId);
    const result = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${streamId}))`.execute(trx);
      const row = await trx
        .selectFrom('learner_projections')
        .select(['checkpoint', 'view', 'view_schema'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const current = row && row.view_schema === LEARNER_VIEW_SCHEMA;
      const checkpoint = current ? row.checkpoint : 0;
      const before = current ? (row.view as LearnerView) : initialLearnerView;
      const events = await readStream(trx, streamId, { afterVersion: checkpoint, limit: BATCH });
      if (events.length === 0) return { applied: 0, checkpoint, changed: null, lastAt: null };
      if (!current && row) {
        // An older view shape: start this learner's read models again from the log.
        await clearLearner(trx, userId);
      }
      const domainEvents = events.map(toDomain);
      const after = domainEvents.reduce(fold, before);
      const newCheckpoint = events[events.length - 1]!.version;
      await trx
        .insertInto('learner_projections')
        .values({
          user_id: userId,
          checkpoint: newCheckpoint,
          view: JSON.stringify(after),
          view_schema: LEARNER_VIEW_SCHEMA,
          last_event_at: events[events.length - 1]!.recordedAt,
          projected_at: new Date(),
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            checkpoint: newCheckpoint,
            view: JSON.stringify(after),
            view_schema: LEARNER_VIEW_SCHEMA,
            last_event_at: events[events.length - 1]!.recordedAt,
            projected_at: new Date(),
          }),
        )
        .execute();
      await writeReadModels(trx, userId, before, after, events, domainEvents);
      const beforeRank = rankFigures(userId, before);
      const afterRank = rankFigures(userId, after);
      const changed =
        !sameRank(beforeRank, afterRank) || before.streakDays !== after.streakDays ? afterRank : null;
      // The sorted set moves before the commit: if Redis is away the transaction rolls back and the
      // job is retried, so the index never falls behind the tables.
      if (changed) await deps.leaderboard.update([afterRank]);
      return {
        applied: events.length,
        checkpoint: newCheckpoint,
        changed,
        lastAt: events[events.length - 1]!.recordedAt,
      };
    });
    if (result.applied > 0) {
      const lagMs = result.lastAt ? Date.now() - result.lastAt.getTime() : null;
      deps.onProjected?.({ userId, applied: result.applied, lagMs });
      if (result.changed) {
        const version = await deps.nextVersion();
        await deps.broadcast
          .publish({ version, userIds: [userId], appendedAt: result.lastAt ? result.lastAt.getTime() : null })
          .catch(() => {});
      }
      // A long backlog: keep going until the learner is caught up.
      if (result.applied === BATCH) {
        const more = await projectLearner(userId);
        return { applied: result.applied + more.applied, checkpoint: more.checkpoint };
      }
    }
    return { applied: result.applied, checkpoint: result.checkpoint };
  }

  return {
    projectLearner,
    async findBehind(limit) {
      const rows = await db
        .selectFrom('streams')
        .leftJoin('learner_projections', (join) =>
          join.on(sql`learner_projections.user_id::text`, '=', sql`substr(streams.stream_id, 9)`),
        )
        .select('streams.stream_id')
        .where('streams.stream_id', 'like', 'learner-%')
        .where((eb) =>
          eb.or([
            eb('learner_projections.user_id', 'is', null),
            eb('learner_projections.checkpoint', '<', eb.ref('streams.version')),
            eb('learner_projections.view_schema', '<>', LEARNER_VIEW_SCHEMA),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => userIdOfStream(r.stream_id));
    },
  };
}

/** Removes one learner's read models (before refolding them from the log). */
export async function clearLearner(trx: Db, userId: string): Promise<void> {
  for (const table of [
    'user_totals',
    'user_lesson_stats',
    'completed_activities',
    'error_questions',
    'vocabulary_records',
  ] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** The read-model tables a rebuild empties (the event log is never touched). */
export const READ_MODEL_TABLES = [
  'learner_projections',
  'user_totals',
  'user_lesson_stats',
  'completed_activities',
  'error_questions',
  'vocabulary_records',
] as const;

/**
 * Drops every read model and folds them again from the event log, learner by learner, then replaces
 * the ranking index. `onProgress` hears after each learner (learners done, events folded).
 */
export async function rebuildProjections(
  db: Db,
  projector: Projector,
  leaderboard: LeaderboardIndex,
  onProgress: (done: number, total: number, events: number) => void = () => {},
): Promise<{ learners: number; events: number }> {
  await db.transaction().execute(async (trx) => {
    for (const table of READ_MODEL_TABLES) await trx.deleteFrom(table).execute();
  });
  const streams = await db
    .selectFrom('streams')
    .select('stream_id')
    .where('stream_id', 'like', 'learner-%')
    .orderBy('stream_id')
    .execute();
  let events = 0;
  let done = 0;
  for (const { stream_id } of streams) {
    const result = await projector.projectLearner(userIdOfStream(stream_id));
    events += result.applied;
    done += 1;
    onProgress(done, streams.length, events);
  }
  const figures = await db
    .selectFrom('user_totals')
    .select(['user_id', 'total_xp', 'completed_lessons', 'average_accuracy'])
    .execute();
  await leaderboard.replaceAll(
    figures.map((f) => ({
      userId: String(f.user_id),
      totalXP: f.total_xp,
      completedLessons: f.completed_lessons,
      averageAccuracy: f.average_accuracy,
    })),
  );
  return { learners: streams.length, events };
}
