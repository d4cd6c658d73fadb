/**
 * The registry of projections (issue 38), in the manner of Emmett's projections: each read model names
 * its tables, its handler (the rows one learner's batch writes), its place in the rebuild and its part
 * of the learner's data export. The projector's one write statement, the rebuild's shadow tables,
 * `clearLearner` and the export are made from this list; `projections.int.test.ts` checks it against
 * the database. Row types come from `Database` (tables.ts): a column that is not in a table fails tsc.
 *
 * Recipe, a new read model: see `CONTEXT.md` ("Add a read model").
 */
import {
  cardOfStored,
  coreOf,
  type ErrorRecordView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerFold,
  leaderboardEntry,
  lessonAccuracy,
  levelForXp,
  type ReviewCard,
  targetRecallOf,
} from '@wenyan/domain';
import type { Selectable } from 'kysely';
import type { Database } from './tables.ts';

/** One learner's event as the projector reads it: what the fold and the read models need. */
export interface LoggedEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  recordedAt: Date;
}

/** What a handler gets: one learner's new events, and the view before and after folding them. */
export interface LearnerChange {
  userId: string;
  /** The stored core with the items the events touch (only changed items are to be written). */
  before: LearnerFold;
  after: LearnerFold;
  events: readonly LoggedEvent[];
  /** `events` upcast, index for index. */
  domainEvents: readonly LearnerEvent[];
}

type Column<T extends keyof Database> = keyof Selectable<Database[T]> & string;
/** A column's value as the batch statement takes it (JSON): the table's own type, a date as text too. */
type JsonOf<V> = V extends Date ? Date | string : V extends (infer E)[] ? readonly E[] : V;
/** A row of the columns `C` of table `T`, typed by `Database`. */
export type RowOf<T extends keyof Database, C extends Column<T>> = {
  [K in C]: JsonOf<Selectable<Database[T]>[K]>;
};

/** A learner's review card as its `review_cards` row (the times as the domain's ISO text). */
export function reviewCardRow(userId: string, c: ReviewCard): RowOf<'review_cards', Column<'review_cards'>> {
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
}

/**
 * One table write of the batch statement: rows from the handler, turned into the table's row type by
 * `json(b)_populate_recordset`. `upsert`: insert or update every column but the key; `insert-new`: keep
 * the existing row; `update-existing`: change rows that exist, insert none.
 */
export interface TableWrite<T extends keyof Database = keyof Database, C extends Column<T> = Column<T>> {
  table: T;
  mode: 'upsert' | 'insert-new' | 'update-existing';
  key: readonly Column<T>[];
  /** The columns the handler gives. */
  columns: readonly C[];
  /** Columns computed in SQL (`x` is the row given), e.g. the moment of the write. */
  computed?: Partial<Record<Column<T>, string>>;
  /** `json` rather than `jsonb` for the rows (a `json` column kept as written: the view). */
  json?: boolean;
  rows(change: LearnerChange): RowOf<T, C>[];
}

/** Typed constructor of a table write: checks columns, key and rows against `Database`. */
export function write<T extends keyof Database, C extends Column<T>>(w: TableWrite<T, C>): TableWrite {
  return w as unknown as TableWrite;
}

/** A table's part of the learner's data export. */
export type ExportPart =
  /** A table of the export (also a CSV file), with its label in the settings screen. */
  | { as: 'table'; name: string; label: string; orderBy: readonly string[] }
  /** The export's `totals` object. */
  | { as: 'totals' }
  /** The export's `view` (the stored core). */
  | { as: 'view' };

export interface Projection {
  name: string;
  /** Its tables, each keyed by `user_id` first, with their part of the export. */
  tables: Partial<Record<keyof Database, ExportPart>>;
  /** The writes of one batch, in the statement's order. */
  writes: readonly TableWrite[];
  /**
   * Its place in the rebuild: `learner-streams`, folded from the learner streams into the shadow tables
   * and swapped in with the others (`rebuild.ts`), in this list's order.
   */
  rebuild: 'learner-streams';
}

/** The pending-answer rows of one learner's new events: new pending answers, and marks of older ones. */
function pendingRows({ userId, events, domainEvents }: LearnerChange) {
  const pending = new Map<number, RowOf<'pending_answers', PendingColumn>>();
  const marks: RowOf<'pending_answers', MarkColumn>[] = [];
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
        status: 'marked' as const,
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
/** What a teacher's mark (or its reset) writes of a pending answer. */
const MARKED_FIELDS = [
  'status',
  'marked_points_earned',
  'marked_is_correct',
  'marked_by',
  'teacher_note',
  'marked_at',
] as const;
const PENDING_COLUMNS = [
  'user_id',
  'answer_version',
  'question_id',
  'lesson_id',
  'question_type',
  'selected_answer',
  'points',
  'points_earned',
  'points_available',
  'submitted_at',
  ...MARKED_FIELDS,
] as const;
type PendingColumn = (typeof PENDING_COLUMNS)[number];
const MARK_COLUMNS = ['user_id', 'answer_version', ...MARKED_FIELDS] as const;
type MarkColumn = (typeof MARK_COLUMNS)[number];

/** Every read model, in the order the batch statement writes them and the rebuild makes their shadows. */
export const PROJECTIONS: readonly Projection[] = [
  {
    name: 'learner view (the bounded core and the checkpoint)',
    tables: { learner_projections: { as: 'view' } },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'learner_projections',
        mode: 'upsert',
        key: ['user_id'],
        columns: ['user_id', 'checkpoint', 'view', 'last_event_at'],
        computed: { view_schema: `${LEARNER_VIEW_VERSION}`, projected_at: 'now()' },
        json: true,
        rows: ({ userId, after, events }) => {
          const last = events[events.length - 1]!;
          return [
            {
              user_id: userId,
              checkpoint: last.version,
              view: coreOf(after),
              last_event_at: last.recordedAt,
            },
          ];
        },
      }),
    ],
  },
  {
    name: 'totals (XP, level, streak, the ranking figures)',
    tables: { user_totals: { as: 'totals' } },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'user_totals',
        mode: 'upsert',
        key: ['user_id'],
        columns: [
          'user_id',
          'total_xp',
          'level',
          'streak_days',
          'last_active_date',
          'last_active_at',
          'completed_lessons',
          'average_accuracy',
          'answers_count',
          'correct_count',
        ],
        computed: {
          ranked: 'not coalesce((select u.leaderboard_opt_out from users u where u.id = x.user_id), false)',
          updated_at: 'now()',
        },
        rows: ({ userId, after }) => {
          let answers = 0;
          let correct = 0;
          for (const lesson of Object.values(after.lessons)) {
            answers += lesson.answers;
            correct += lesson.correctAnswers;
          }
          return [
            {
              user_id: userId,
              total_xp: after.totalXP,
              level: levelForXp(after.totalXP),
              streak_days: after.streakDays,
              last_active_date: after.lastActiveDay,
              last_active_at: after.lastActiveAt,
              completed_lessons: after.completedLessonCount,
              average_accuracy: leaderboardEntry(after).averageAccuracy,
              answers_count: answers,
              correct_count: correct,
            },
          ];
        },
      }),
    ],
  },
  {
    name: 'lesson progress',
    tables: {
      user_lesson_stats: { as: 'table', name: 'lesson_stats', label: '各課進度', orderBy: ['lesson_id'] },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'user_lesson_stats',
        mode: 'upsert',
        key: ['user_id', 'lesson_id'],
        columns: [
          'user_id',
          'lesson_id',
          'questions_completed',
          'total_questions',
          'correct_answers',
          'xp_earned',
          'accuracy',
          'updated_at',
        ],
        rows: ({ userId, before, after }) =>
          Object.values(after.lessons)
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
      }),
    ],
  },
  {
    name: 'completed activities',
    tables: {
      completed_activities: {
        as: 'table',
        name: 'completed_activities',
        label: '已完成練習',
        orderBy: ['lesson_id', 'activity_type'],
      },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'completed_activities',
        mode: 'insert-new',
        key: ['user_id', 'lesson_id', 'activity_type'],
        columns: ['user_id', 'lesson_id', 'activity_type', 'completed_at'],
        rows: ({ userId, domainEvents }) =>
          domainEvents.flatMap((e) =>
            e.type === 'NodeCompleted' && e.data.firstCompletion
              ? [
                  {
                    user_id: userId,
                    lesson_id: e.data.lessonId,
                    activity_type: e.data.nodeType,
                    completed_at: e.data.at,
                  },
                ]
              : [],
          ),
      }),
    ],
  },
  {
    name: 'error book',
    tables: {
      error_questions: { as: 'table', name: 'error_questions', label: '錯題簿', orderBy: ['question_id'] },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'error_questions',
        mode: 'upsert',
        key: ['user_id', 'question_id'],
        columns: [
          'user_id',
          'question_id',
          'attempt_count',
          'incorrect_answer',
          'correct_answer',
          'user_explanation',
          'is_active',
          'mastered_at',
          'mastered_by',
          'first_error_at',
          'last_attempt_at',
        ],
        rows: ({ userId, before, after }) =>
          Object.values(after.errorBook)
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
              mastered_by: r.masteredBy,
              first_error_at: r.firstErrorAt,
              last_attempt_at: r.lastAttemptAt,
            })),
      }),
    ],
  },
  {
    name: 'vocabulary exercises',
    tables: {
      vocabulary_records: { as: 'table', name: 'vocabulary_records', label: '詞彙練習', orderBy: ['seq'] },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'vocabulary_records',
        mode: 'insert-new',
        key: ['user_id', 'seq'],
        columns: [
          'user_id',
          'seq',
          'exercise_type',
          'exercise_id',
          'lesson_ids',
          'score',
          'time_spent',
          'questions_answered',
          'correct_answers',
          'difficulty',
          'completed_at',
        ],
        rows: ({ userId, events, domainEvents }) =>
          domainEvents.flatMap((e, i) =>
            e.type === 'VocabularyExerciseCompleted'
              ? [
                  {
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
                  },
                ]
              : [],
          ),
      }),
    ],
  },
  {
    name: 'review cards',
    tables: {
      review_cards: { as: 'table', name: 'review_cards', label: '複習卡', orderBy: ['question_id'] },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'review_cards',
        mode: 'upsert',
        key: ['user_id', 'question_id'],
        columns: [
          'user_id',
          'question_id',
          'lesson_id',
          'question_type',
          'state',
          'stability',
          'difficulty',
          'reps',
          'correct',
          'lapses',
          'last_rating',
          'last_review',
          'due',
        ],
        // The cards an answer moved, or every card when a new plan moved them all.
        rows: ({ userId, before, after }) =>
          Object.entries(after.reviews.cards)
            .filter(([id, stored]) => before.reviews.cards[id] !== stored)
            .map(([id, stored]) => reviewCardRow(userId, cardOfStored(id, stored))),
      }),
    ],
  },
  {
    name: 'review settings',
    tables: { review_settings: { as: 'table', name: 'review_settings', label: '複習設定', orderBy: [] } },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'review_settings',
        mode: 'upsert',
        key: ['user_id'],
        columns: [
          'user_id',
          'exam_date',
          'exam_date_source',
          'exam_year',
          'target_recall',
          'daily_goal',
          'guide_completed',
          'reviewed_day',
          'reviewed_count',
        ],
        // The learner's settings row, when anything of it changed.
        rows: ({ userId, before, after }) => {
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
        },
      }),
    ],
  },
  {
    name: 'answers awaiting a teacher (待老師批閱)',
    tables: {
      pending_answers: {
        as: 'table',
        name: 'pending_answers',
        label: '待老師批閱的答案',
        orderBy: ['answer_version'],
      },
    },
    rebuild: 'learner-streams',
    writes: [
      write({
        table: 'pending_answers',
        mode: 'insert-new',
        key: ['user_id', 'answer_version'],
        columns: PENDING_COLUMNS,
        rows: (change) => pendingRows(change).pending,
      }),
      // Teachers' marks of answers left pending by an earlier batch.
      write({
        table: 'pending_answers',
        mode: 'update-existing',
        key: ['user_id', 'answer_version'],
        columns: MARK_COLUMNS,
        rows: (change) => pendingRows(change).marks,
      }),
    ],
  },
];

/** A table that holds a read model (every one keyed by `user_id` first). */
export type ReadModelTable =
  | 'learner_projections'
  | 'user_totals'
  | 'user_lesson_stats'
  | 'completed_activities'
  | 'error_questions'
  | 'vocabulary_records'
  | 'review_cards'
  | 'review_settings'
  | 'pending_answers';

/**
 * What every table of `Database` is: a table missing here fails tsc, and the registry test checks that
 * the `read-model` ones are exactly the registry's tables and that the database holds no other table.
 * `source`: written by commands and imports; `cache`: derived, but not a read model of the registry
 * (the command side's state parts, the teacher's replay snapshots).
 */
export const TABLE_KINDS: {
  [T in keyof Database]: T extends ReadModelTable ? 'read-model' : 'source' | 'cache';
} & {
  // Typed where they are used (`read-models/renderings.ts`, `withTables`), not in `Database`.
  accepted_renderings: 'source';
  rendering_changes: 'source';
} = {
  accepted_renderings: 'source',
  rendering_changes: 'source',
  lessons: 'source',
  questions: 'source',
  vocabulary_sessions: 'source',
  dse_papers: 'source',
  content_documents: 'source',
  uploaded_texts: 'source',
  users: 'source',
  sessions: 'source',
  password_resets: 'source',
  streams: 'source',
  stream_parts: 'cache',
  events: 'source',
  idempotency_keys: 'source',
  learner_projections: 'read-model',
  user_totals: 'read-model',
  user_lesson_stats: 'read-model',
  completed_activities: 'read-model',
  error_questions: 'read-model',
  vocabulary_records: 'read-model',
  classes: 'source',
  class_members: 'source',
  class_membership_changes: 'source',
  learner_replay_snapshots: 'cache',
  vapid_keys: 'source',
  server_secrets: 'source',
  learner_keys: 'source',
  push_subscriptions: 'source',
  reminder_settings: 'source',
  reminders_sent: 'source',
  review_cards: 'read-model',
  review_settings: 'read-model',
  pending_answers: 'read-model',
  exam_dates: 'source',
  question_changes: 'source',
  teacher_invitations: 'source',
};

/**
 * The read-model tables, every one keyed by `user_id`, from the registry: a rebuild builds their
 * shadows, `clearLearner` empties one learner's rows (the event log is never touched).
 */
export const READ_MODEL_TABLES = [
  ...new Set(PROJECTIONS.flatMap((p) => Object.keys(p.tables) as ReadModelTable[])),
] as readonly ReadModelTable[];

/** The export's tables that come from read models, with their labels and order, from the registry. */
export const READ_MODEL_EXPORTS = PROJECTIONS.flatMap((p) =>
  Object.entries(p.tables).flatMap(([table, part]) =>
    part?.as === 'table' ? [{ ...part, table: table as ReadModelTable }] : [],
  ),
);
