import {
  cardOfStored,
  coreOf,
  type ErrorRecordView,
  projectLearner as fold,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerFold,
  type LearnerItems,
  type LearnerView,
  leaderboardEntry,
  lessonAccuracy,
  levelForXp,
  targetRecallOf,
  upcast,
  withItems,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import {
  LEARNER_STREAM_PREFIX,
  LEARNER_STREAMS_LIKE,
  learnerStreamId,
  userIdOfStream,
} from './event-store.ts';
import { LEADERBOARD_REBUILD_LOCK, type LeaderboardIndex, type RankFigures } from './leaderboard.ts';
import type { Broadcast } from './ports.ts';
import { PREPARED } from './prepared.ts';
import {
  cardItemsJson,
  type ErrorItemJson,
  errorItemsJson,
  itemsOfJson,
} from './read-models/learner-view.ts';

/** How many events one projection transaction folds at most (a long backlog takes several). */
const BATCH = 5000;

/** What projecting one learner did: events folded, and the checkpoint after. */
export interface ProjectionResult {
  applied: number;
  checkpoint: number;
}

export interface Projector {
  /** Folds the learner's events after their checkpoint into the read models, in one transaction. */
  projectLearner(userId: string): Promise<ProjectionResult>;
  /**
   * The same for several learners in one transaction (one statement of each kind): the batch path. A
   * learner whose events cannot be folded is left out of the result; the others are projected.
   */
  projectLearners(userIds: readonly string[]): Promise<Map<string, ProjectionResult>>;
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
  /**
   * A schema holding shadow copies of the read-model tables (the rebuild's, `rebuild.ts`): each batch's
   * transaction puts it first on the search path, so the read models are read and written there while
   * the log and the accounts are read from `public`. Absent: the live tables.
   */
  schema?: string;
}

function toDomain(e: LoggedEvent): LearnerEvent {
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

/** One learner's event as the projector reads it: what the fold and the read models need. */
interface LoggedEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  recordedAt: Date;
}

/** What one learner's projection writes, as JSON rows for the batch statement. */
interface LearnerRows {
  projection: Record<string, unknown>;
  totals: Record<string, unknown>;
  lessons: Record<string, unknown>[];
  activities: Record<string, unknown>[];
  errors: Record<string, unknown>[];
  vocabulary: Record<string, unknown>[];
  cards: Record<string, unknown>[];
  settings: Record<string, unknown>[];
  /** Answers left pending (待老師批閱) by this batch's events (marked already when the marks came too). */
  pending: Record<string, unknown>[];
  /** Teachers' marks of answers left pending by an earlier batch. */
  marks: Record<string, unknown>[];
}

/** The pending-answer rows of one learner's new events: new pending answers, and marks of older ones. */
function pendingRows(
  userId: string,
  events: readonly LoggedEvent[],
  domainEvents: readonly LearnerEvent[],
): Pick<LearnerRows, 'pending' | 'marks'> {
  const pending = new Map<number, Record<string, unknown>>();
  const marks: Record<string, unknown>[] = [];
  domainEvents.forEach((e, i) => {
    if (e.type === 'AnswerSubmitted' && e.data.pendingReview === true) {
      const version = events[i]!.version;
      pending.set(version, {
        user_id: userId,
        answer_version: version,
        question_id: e.data.questionId,
        lesson_id: e.data.lessonId,
        question_type: e.data.questionType,
        selected_answer: e.data.selectedAnswer,
        points: e.data.points,
        points_earned: e.data.pointsEarned,
        points_available: e.data.pointsAvailable,
        submitted_at: e.data.answeredAt ?? e.data.at,
        status: 'pending',
        marked_points_earned: null,
        marked_is_correct: null,
        marked_by: null,
        teacher_note: null,
        marked_at: null,
      });
    } else if (e.type === 'AnswerTeacherMarked') {
      const mark = {
        status: 'marked',
        marked_points_earned: e.data.pointsEarned,
        marked_is_correct: e.data.isCorrect,
        marked_by: e.data.teacherId,
        teacher_note: e.data.note,
        marked_at: e.data.at,
      };
      const row = pending.get(e.data.answerVersion);
      // One statement cannot insert a row and update it too: marks of this batch's answers go in the row.
      if (row) pending.set(e.data.answerVersion, { ...row, ...mark });
      else marks.push({ user_id: userId, answer_version: e.data.answerVersion, ...mark });
    }
  });
  return { pending: [...pending.values()], marks };
}

/**
 * The rows one learner's projection writes: the view's core and what changed between `before` and
 * `after` (the items `before` held are those the events touch, so only their changed rows are written).
 */
function learnerRows(
  userId: string,
  before: LearnerFold,
  after: LearnerFold,
  events: readonly LoggedEvent[],
  domainEvents: readonly LearnerEvent[],
): LearnerRows {
  const last = events[events.length - 1]!;
  const entry = leaderboardEntry(after);
  let answers = 0;
  let correct = 0;
  for (const lesson of Object.values(after.lessons)) {
    answers += lesson.answers;
    correct += lesson.correctAnswers;
  }
  const activities: Record<string, unknown>[] = [];
  const vocabulary: Record<string, unknown>[] = [];
  domainEvents.forEach((e, i) => {
    if (e.type === 'NodeCompleted' && e.data.firstCompletion) {
      activities.push({
        user_id: userId,
        lesson_id: e.data.lessonId,
        activity_type: e.data.nodeType,
        completed_at: e.data.at,
      });
    } else if (e.type === 'VocabularyExerciseCompleted') {
      vocabulary.push({
        user_id: userId,
        seq: events[i]!.version,
        exercise_type: e.data.exerciseType,
        exercise_id: e.data.exerciseId,
        lesson_ids: e.data.lessonIds ?? null,
        score: e.data.score,
        time_spent: Math.round(e.data.timeSpent),
        questions_answered: e.data.questionsAnswered,
        correct_answers: e.data.correctAnswers,
        difficulty: e.data.difficulty,
        completed_at: e.data.at,
      });
    }
  });
  return {
    projection: {
      user_id: userId,
      checkpoint: last.version,
      view: coreOf(after),
      last_event_at: last.recordedAt.toISOString(),
    },
    totals: {
      user_id: userId,
      total_xp: after.totalXP,
      level: levelForXp(after.totalXP),
      streak_days: after.streakDays,
      last_active_date: after.lastActiveDay,
      last_active_at: after.lastActiveAt,
      completed_lessons: after.completedLessonCount,
      average_accuracy: entry.averageAccuracy,
      answers_count: answers,
      correct_count: correct,
    },
    lessons: Object.values(after.lessons)
      .filter((l) => before.lessons[String(l.lessonId)] !== l)
      .map((l) => ({
        user_id: userId,
        lesson_id: l.lessonId,
        questions_completed: l.questionsCompleted,
        total_questions: l.totalQuestions,
        correct_answers: l.correctAnswers,
        xp_earned: l.xpEarned,
        accuracy: lessonAccuracy(l.correctAnswers, l.answers),
        updated_at: l.lastStudiedAt,
      })),
    activities,
    errors: Object.values(after.errorBook)
      .filter((r: ErrorRecordView) => before.errorBook[r.questionId] !== r)
      .map((r) => ({
        user_id: userId,
        question_id: r.questionId,
        attempt_count: r.attemptCount,
        incorrect_answer: r.incorrectAnswer,
        correct_answer: r.correctAnswer,
        user_explanation: r.userExplanation,
        is_active: r.isActive,
        mastered_at: r.masteredAt,
        first_error_at: r.firstErrorAt,
        last_attempt_at: r.lastAttemptAt,
      })),
    vocabulary,
    // The cards an answer moved, or every card when a new plan moved them all.
    cards: Object.entries(after.reviews.cards)
      .filter(([id, stored]) => before.reviews.cards[id] !== stored)
      .map(([id, stored]) => {
        const c = cardOfStored(id, stored);
        return {
          user_id: userId,
          question_id: c.questionId,
          lesson_id: c.lessonId,
          question_type: c.questionType,
          state: c.state,
          stability: c.stability,
          difficulty: c.difficulty,
          reps: c.reps,
          correct: c.correct,
          lapses: c.lapses,
          last_rating: c.lastRating,
          last_review: c.lastReview,
          due: c.due,
        };
      }),
    settings: reviewSettingsRows(userId, before, after),
    ...pendingRows(userId, events, domainEvents),
  };
}

/** The learner's review settings row, when anything of it changed. */
function reviewSettingsRows(
  userId: string,
  before: LearnerView,
  after: LearnerView,
): Record<string, unknown>[] {
  const b = before.reviews;
  const a = after.reviews;
  if (
    b &&
    b.plan === a.plan &&
    b.dailyGoal === a.dailyGoal &&
    b.guideCompleted === a.guideCompleted &&
    b.today === a.today
  ) {
    return [];
  }
  return [
    {
      user_id: userId,
      exam_date: a.plan?.examDate ?? null,
      exam_date_source: a.plan?.source ?? null,
      exam_year: a.plan?.examYear ?? null,
      target_recall: targetRecallOf(a),
      daily_goal: a.dailyGoal,
      guide_completed: a.guideCompleted,
      reviewed_day: a.today?.day ?? null,
      reviewed_count: a.today?.reviewed ?? 0,
    },
  ];
}

/**
 * Writes the read models of several learners in ONE statement (data-modifying CTEs over JSON rows):
 * each learner's view and checkpoint, totals, and the lesson, activity, error-book and vocabulary rows
 * that changed. One round trip whatever the batch's size.
 */
async function writeReadModels(trx: Db, batch: readonly LearnerRows[]): Promise<void> {
  const rows = (pick: (r: LearnerRows) => Record<string, unknown>[]) => JSON.stringify(batch.flatMap(pick));
  await sql`${sql.raw(PREPARED)}
    with projections as (
      insert into learner_projections (user_id, checkpoint, view, view_schema, last_event_at, projected_at)
      select x.user_id, x.checkpoint, x.view, ${LEARNER_VIEW_VERSION}::integer, x.last_event_at, now()
      from json_to_recordset(${rows((r) => [r.projection])}::json)
        as x(user_id bigint, checkpoint integer, view json, last_event_at timestamptz)
      on conflict (user_id) do update set checkpoint = excluded.checkpoint, view = excluded.view,
        view_schema = excluded.view_schema, last_event_at = excluded.last_event_at,
        projected_at = excluded.projected_at
      returning 1
    ),
    totals as (
      insert into user_totals (user_id, total_xp, level, streak_days, last_active_date, last_active_at,
        completed_lessons, average_accuracy, answers_count, correct_count, ranked, updated_at)
      select x.user_id, x.total_xp, x.level, x.streak_days, x.last_active_date, x.last_active_at,
        x.completed_lessons, x.average_accuracy, x.answers_count, x.correct_count,
        not coalesce((select u.leaderboard_opt_out from users u where u.id = x.user_id), false), now()
      from jsonb_to_recordset(${rows((r) => [r.totals])}::jsonb)
        as x(user_id bigint, total_xp integer, level integer, streak_days integer, last_active_date text,
          last_active_at timestamptz, completed_lessons integer,
          average_accuracy double precision, answers_count integer, correct_count integer)
      on conflict (user_id) do update set total_xp = excluded.total_xp, level = excluded.level,
        streak_days = excluded.streak_days, last_active_date = excluded.last_active_date,
        last_active_at = excluded.last_active_at, ranked = excluded.ranked,
        completed_lessons = excluded.completed_lessons, average_accuracy = excluded.average_accuracy,
        answers_count = excluded.answers_count, correct_count = excluded.correct_count,
        updated_at = excluded.updated_at
      returning 1
    ),
    lessons as (
      insert into user_lesson_stats (user_id, lesson_id, questions_completed, total_questions,
        correct_answers, xp_earned, accuracy, updated_at)
      select x.user_id, x.lesson_id, x.questions_completed, x.total_questions, x.correct_answers,
        x.xp_earned, x.accuracy, x.updated_at
      from jsonb_to_recordset(${rows((r) => r.lessons)}::jsonb)
        as x(user_id bigint, lesson_id integer, questions_completed integer, total_questions integer,
          correct_answers integer, xp_earned integer, accuracy double precision, updated_at timestamptz)
      on conflict (user_id, lesson_id) do update set questions_completed = excluded.questions_completed,
        total_questions = excluded.total_questions, correct_answers = excluded.correct_answers,
        xp_earned = excluded.xp_earned, accuracy = excluded.accuracy, updated_at = excluded.updated_at
      returning 1
    ),
    activities as (
      insert into completed_activities (user_id, lesson_id, activity_type, completed_at)
      select x.user_id, x.lesson_id, x.activity_type, x.completed_at
      from jsonb_to_recordset(${rows((r) => r.activities)}::jsonb)
        as x(user_id bigint, lesson_id integer, activity_type text, completed_at timestamptz)
      on conflict (user_id, lesson_id, activity_type) do nothing
      returning 1
    ),
    errors as (
      insert into error_questions (user_id, question_id, attempt_count, incorrect_answer, correct_answer,
        user_explanation, is_active, mastered_at, first_error_at, last_attempt_at)
      select x.user_id, x.question_id, x.attempt_count, x.incorrect_answer, x.correct_answer,
        x.user_explanation, x.is_active, x.mastered_at, x.first_error_at, x.last_attempt_at
      from jsonb_to_recordset(${rows((r) => r.errors)}::jsonb)
        as x(user_id bigint, question_id text, attempt_count integer, incorrect_answer text,
          correct_answer text, user_explanation text, is_active boolean, mastered_at timestamptz,
          first_error_at timestamptz, last_attempt_at timestamptz)
      on conflict (user_id, question_id) do update set attempt_count = excluded.attempt_count,
        incorrect_answer = excluded.incorrect_answer, correct_answer = excluded.correct_answer,
        user_explanation = excluded.user_explanation, is_active = excluded.is_active,
        mastered_at = excluded.mastered_at, first_error_at = excluded.first_error_at,
        last_attempt_at = excluded.last_attempt_at
      returning 1
    ),
    vocabulary as (
      insert into vocabulary_records (user_id, seq, exercise_type, exercise_id, lesson_ids, score,
        time_spent, questions_answered, correct_answers, difficulty, completed_at)
      select x.user_id, x.seq, x.exercise_type, x.exercise_id, x.lesson_ids, x.score, x.time_spent,
        x.questions_answered, x.correct_answers, x.difficulty, x.completed_at
      from jsonb_to_recordset(${rows((r) => r.vocabulary)}::jsonb)
        as x(user_id bigint, seq integer, exercise_type text, exercise_id text, lesson_ids jsonb,
          score integer, time_spent integer, questions_answered integer, correct_answers integer,
          difficulty text, completed_at timestamptz)
      on conflict (user_id, seq) do nothing
      returning 1
    ),
    cards as (
      insert into review_cards (user_id, question_id, lesson_id, question_type, state, stability, difficulty,
        reps, correct, lapses, last_rating, last_review, due)
      select x.user_id, x.question_id, x.lesson_id, x.question_type, x.state, x.stability, x.difficulty,
        x.reps, x.correct, x.lapses, x.last_rating, x.last_review, x.due
      from jsonb_to_recordset(${rows((r) => r.cards)}::jsonb)
        as x(user_id bigint, question_id text, lesson_id integer, question_type text, state text,
          stability double precision, difficulty double precision, reps integer, correct integer, lapses integer,
          last_rating text, last_review timestamptz, due timestamptz)
      on conflict (user_id, question_id) do update set lesson_id = excluded.lesson_id,
        question_type = excluded.question_type, state = excluded.state, stability = excluded.stability,
        difficulty = excluded.difficulty, reps = excluded.reps, correct = excluded.correct,
        lapses = excluded.lapses,
        last_rating = excluded.last_rating, last_review = excluded.last_review, due = excluded.due
      returning 1
    ),
    settings as (
      insert into review_settings (user_id, exam_date, exam_date_source, exam_year, target_recall,
        daily_goal, guide_completed, reviewed_day, reviewed_count)
      select x.user_id, x.exam_date, x.exam_date_source, x.exam_year, x.target_recall, x.daily_goal,
        x.guide_completed, x.reviewed_day, x.reviewed_count
      from jsonb_to_recordset(${rows((r) => r.settings)}::jsonb)
        as x(user_id bigint, exam_date text, exam_date_source text, exam_year integer,
          target_recall double precision, daily_goal integer, guide_completed boolean, reviewed_day text,
          reviewed_count integer)
      on conflict (user_id) do update set exam_date = excluded.exam_date,
        exam_date_source = excluded.exam_date_source, exam_year = excluded.exam_year,
        target_recall = excluded.target_recall, daily_goal = excluded.daily_goal,
        guide_completed = excluded.guide_completed, reviewed_day = excluded.reviewed_day,
        reviewed_count = excluded.reviewed_count
      returning 1
    ),
    pending as (
      insert into pending_answers (user_id, answer_version, question_id, lesson_id, question_type,
        selected_answer, points, points_earned, points_available, submitted_at, status,
        marked_points_earned, marked_is_correct, marked_by, teacher_note, marked_at)
      select x.user_id, x.answer_version, x.question_id, x.lesson_id, x.question_type, x.selected_answer,
        x.points, x.points_earned, x.points_available, x.submitted_at, x.status, x.marked_points_earned,
        x.marked_is_correct, x.marked_by, x.teacher_note, x.marked_at
      from jsonb_to_recordset(${rows((r) => r.pending)}::jsonb)
        as x(user_id bigint, answer_version integer, question_id text, lesson_id integer,
          question_type text, selected_answer text, points jsonb, points_earned integer,
          points_available integer, submitted_at timestamptz, status text, marked_points_earned integer,
          marked_is_correct boolean, marked_by text, teacher_note text, marked_at timestamptz)
      on conflict (user_id, answer_version) do nothing
      returning 1
    ),
    marks as (
      update pending_answers p set status = x.status, marked_points_earned = x.marked_points_earned,
        marked_is_correct = x.marked_is_correct, marked_by = x.marked_by, teacher_note = x.teacher_note,
        marked_at = x.marked_at
      from jsonb_to_recordset(${rows((r) => r.marks)}::jsonb)
        as x(user_id bigint, answer_version integer, status text, marked_points_earned integer,
          marked_is_correct boolean, marked_by text, teacher_note text, marked_at timestamptz)
      where p.user_id = x.user_id and p.answer_version = x.answer_version
      returning 1
    )
    select (select count(*) from projections)::integer as projected
  `.execute(trx);
}

/** An event as the batch read carries it inside its JSON array (`at`: epoch ms, with fractions). */
interface RawEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  at: number;
}

/** What the batch read gives for one learner. */
interface LearnerRead {
  userId: string;
  checkpoint: number | null;
  viewSchema: number | null;
  view: unknown;
  /** The stored items the new events touch (none when the view is refolded from the log). */
  items: LearnerItems;
  /** Opted out of the leaderboard (or erased): never written to the ranking index. */
  offBoard: boolean;
  events: LoggedEvent[];
}

/**
 * Each learner's projection row, the events after its checkpoint (at most `limit`) and the stored items
 * those events touch (the error-book and card rows of their question ids, by key; every card when an
 * exam date is among them), in one query.
 */
async function readBatch(trx: Db, userIds: readonly string[], limit: number): Promise<LearnerRead[]> {
  const result = await sql<{
    user_id: string;
    checkpoint: number | null;
    view_schema: number | null;
    view: unknown;
    off_board: boolean;
    events: RawEvent[];
    errors: Record<string, ErrorItemJson>;
    cards: LearnerItems['cards'];
  }>`${sql.raw(PREPARED)}
    with k as (select ${LEARNER_VIEW_VERSION}::integer as view_schema, ${limit}::integer as lim)
    select w.user_id, p.checkpoint, p.view_schema, p.view,
      coalesce((select u.leaderboard_opt_out from users u where u.id = w.user_id::bigint), false)
        as off_board,
      ev.events,
      (select ${errorItemsJson} from error_questions q
        where p.current and q.user_id = w.user_id::bigint and q.question_id = any(ev.question_ids)) as errors,
      (select ${cardItemsJson} from (
          select * from review_cards
          where not ev.replan and p.current and user_id = w.user_id::bigint
            and question_id = any(ev.question_ids)
          union all
          select * from review_cards where ev.replan and p.current and user_id = w.user_id::bigint
        ) c) as cards
    from k cross join json_array_elements_text(${JSON.stringify(userIds)}::json) as w(user_id)
    -- One primary-key lookup per learner of the batch. A plain join lets the planner, which guesses a
    -- hundred ids, hash the ids and scan every learner's projection: a cost that grew with the table
    -- (about 1 ms a batch at 2,000 learners, more as the views grow). The limit keeps the subquery
    -- from being flattened back into that join.
    left join lateral (
      select checkpoint, view_schema, view, view_schema = k.view_schema as current
      from learner_projections
      where user_id = w.user_id::bigint
      limit 1
    ) p on true
    -- The new events (from the start when the stored view is of another shape), the question ids they
    -- name (ids are never sealed) and whether an exam date among them plans every card again.
    cross join lateral (
      select coalesce(json_agg(json_build_object('version', e.version, 'type', e.type,
          'schemaVersion', e.schema_version, 'data', e.data,
          'at', extract(epoch from e.recorded_at) * 1000) order by e.version), '[]'::json) as events,
        coalesce(array_agg(distinct e.data->>'questionId') filter (where e.data ? 'questionId'),
          '{}'::text[]) as question_ids,
        coalesce(bool_or(e.type = 'ExamDateSet'), false) as replan
      from (
        select version, type, schema_version, data, recorded_at from events
        where stream_id = ${sql.lit(LEARNER_STREAM_PREFIX)} || w.user_id
          and version > case when p.current then p.checkpoint else 0 end
        order by version
        limit k.lim
      ) e
    ) ev
  `.execute(trx);
  // The events come nested in one JSON column: the key ring's plugin opened their sealed free text.
  return result.rows.map((r) => ({
    userId: r.user_id,
    checkpoint: r.checkpoint,
    viewSchema: r.view_schema,
    view: r.view,
    items: itemsOfJson(r.errors, r.cards),
    offBoard: r.off_board,
    events: r.events.map((e) => ({
      version: e.version,
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
      recordedAt: new Date(Math.floor(e.at)),
    })),
  }));
}

interface BatchOutcome {
  userId: string;
  applied: number;
  checkpoint: number;
  changed: RankFigures | null;
  lastAt: Date | null;
}

/**
 * The projector: folds the events after each learner's checkpoint with the domain's reducer and writes
 * the read models and the new checkpoints in one transaction, under per-learner advisory locks, so a job
 * run twice or beside itself never counts twice. Several learners share one transaction and one
 * statement of each kind (a batch), so the round trips per learner fall as the load grows.
 */
export function createProjector(deps: ProjectorDeps): Projector {
  const { db } = deps;
  if (deps.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(deps.schema)) {
    throw new Error(`not a schema name: ${deps.schema}`);
  }
  // Set in the lock statement, so a shadow batch costs no extra round trip (a prepared statement is
  // parsed again when the search path differs from its last use).
  const searchPath = deps.schema
    ? sql.raw(`select set_config('search_path', '${deps.schema}, public', true),`)
    : sql.raw('select');

  async function projectOnce(userIds: readonly string[]): Promise<BatchOutcome[]> {
    return db.transaction().execute(async (trx) => {
      // Locks in one order (by stream id), so two batches that share learners never deadlock.
      // The rebuild lock, shared, first: a rebuild of the Redis ranking waits for this batch and this
      // batch for the rebuild (healRedisLeaderboard).
      await sql`${sql.raw(PREPARED)}
        ${searchPath} pg_advisory_xact_lock_shared(${LEADERBOARD_REBUILD_LOCK}::bigint),
          (select count(pg_advisory_xact_lock(hashtext(s.id)))
           from (select id from json_array_elements_text(${JSON.stringify(userIds.map(learnerStreamId))}::json)
             as t(id) order by 1) s)
      `.execute(trx);
      const outcomes: BatchOutcome[] = [];
      const writes: LearnerRows[] = [];
      const ranks: RankFigures[] = [];
      const offBoard: string[] = [];
      for (const read of await readBatch(trx, userIds, BATCH)) {
        const current = read.viewSchema === LEARNER_VIEW_VERSION;
        const checkpoint = current ? (read.checkpoint ?? 0) : 0;
        if (read.events.length === 0) {
          outcomes.push({ userId: read.userId, applied: 0, checkpoint, changed: null, lastAt: null });
          continue;
        }
        // An older view shape: start this learner's read models again from the log.
        if (!current && read.viewSchema !== null) await clearLearner(trx, read.userId);
        // The stored core with the items the events touch: the fold's work is the batch's, not the history's.
        const before = current ? withItems(read.view as LearnerView, read.items) : initialLearnerView;
        const domainEvents = read.events.map(toDomain);
        const after = domainEvents.reduce(fold, before);
        writes.push(learnerRows(read.userId, before, after, read.events, domainEvents));
        const beforeRank = rankFigures(read.userId, before);
        const afterRank = rankFigures(read.userId, after);
        const changed =
          !sameRank(beforeRank, afterRank) || before.streakDays !== after.streakDays ? afterRank : null;
        if (changed && !read.offBoard) ranks.push(changed);
        // Off the board (opted out, or made a teacher or admin by `setRoles`): out of the ranking too.
        if (read.offBoard) offBoard.push(read.userId);
        const last = read.events[read.events.length - 1]!;
        outcomes.push({
          userId: read.userId,
          applied: read.events.length,
          checkpoint: last.version,
          changed,
          lastAt: last.recordedAt,
        });
      }
      if (writes.length > 0) await writeReadModels(trx, writes);
      // The sorted set moves before the commit: if Redis is away the transaction rolls back and the
      // job is retried, so the index never falls behind the tables.
      if (ranks.length > 0) await deps.leaderboard.update(ranks);
      if (offBoard.length > 0) await deps.leaderboard.remove(offBoard);
      return outcomes;
    });
  }

  /**
   * One batch; when it fails, each learner alone, so one learner whose events cannot be folded fails
   * only their own job (their result is missing) and never holds the others back. When every learner
   * fails alone too (the database is away), the first error is thrown.
   */
  async function projectEach(userIds: readonly string[]): Promise<BatchOutcome[]> {
    try {
      return await projectOnce(userIds);
    } catch (err) {
      if (userIds.length === 1) throw err;
      const outcomes: BatchOutcome[] = [];
      for (const userId of userIds) {
        outcomes.push(...(await projectOnce([userId]).catch(() => [])));
      }
      if (outcomes.length === 0) throw err;
      return outcomes;
    }
  }

  /** Projects the learners; a learner missing from the result could not be projected (see projectEach). */
  async function projectLearners(userIds: readonly string[]): Promise<Map<string, ProjectionResult>> {
    const results = new Map<string, ProjectionResult>();
    let todo = [...new Set(userIds)];
    while (todo.length > 0) {
      const outcomes = await projectEach(todo);
      const changed: BatchOutcome[] = [];
      for (const o of outcomes) {
        const earlier = results.get(o.userId);
        results.set(o.userId, { applied: (earlier?.applied ?? 0) + o.applied, checkpoint: o.checkpoint });
        if (o.applied > 0) {
          deps.onProjected?.({
            userId: o.userId,
            applied: o.applied,
            lagMs: o.lastAt ? Date.now() - o.lastAt.getTime() : null,
          });
        }
        if (o.changed) changed.push(o);
      }
      if (changed.length > 0) {
        const version = await deps.nextVersion();
        const oldest = Math.min(...changed.map((o) => o.lastAt?.getTime() ?? Date.now()));
        await deps.broadcast
          .publish({ version, userIds: changed.map((o) => o.userId), appendedAt: oldest })
          .catch(() => {});
      }
      // A long backlog: keep going until those learners are caught up.
      todo = outcomes.filter((o) => o.applied === BATCH).map((o) => o.userId);
    }
    return results;
  }

  return {
    projectLearners,
    async projectLearner(userId) {
      // Alone, a failure is thrown rather than left out of the result.
      return (await projectLearners([userId])).get(userId)!;
    },
    async findBehind(limit) {
      const rows = await db
        .selectFrom('streams')
        .leftJoin('learner_projections', (join) =>
          join.on(
            sql`learner_projections.user_id::text`,
            '=',
            sql`substr(streams.stream_id, ${sql.lit(LEARNER_STREAM_PREFIX.length + 1)})`,
          ),
        )
        .select('streams.stream_id')
        .where('streams.stream_id', 'like', LEARNER_STREAMS_LIKE)
        .where((eb) =>
          eb.or([
            eb('learner_projections.user_id', 'is', null),
            eb('learner_projections.checkpoint', '<', eb.ref('streams.version')),
            eb('learner_projections.view_schema', '<>', LEARNER_VIEW_VERSION),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => userIdOfStream(r.stream_id));
    },
  };
}

/**
 * The read-model tables, every one keyed by `user_id`: a rebuild empties them all, `clearLearner`
 * empties one learner's rows (the event log is never touched). A new read model's table goes here.
 */
export const READ_MODEL_TABLES = [
  'learner_projections',
  'user_totals',
  'user_lesson_stats',
  'completed_activities',
  'error_questions',
  'vocabulary_records',
  'review_cards',
  'review_settings',
  'pending_answers',
] as const;

/** Removes one learner's read models (before refolding them from the log). */
export async function clearLearner(trx: Db, userId: string): Promise<void> {
  for (const table of READ_MODEL_TABLES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
}
