/**
 * The learner's read models as one pure reducer over the learner stream. The worker folds each
 * learner's new events into this view and writes the tables from the selectors (selectors.ts);
 * a teacher's replay folds the same events. A rebuild from scratch gives exactly what incremental
 * projection gave, because this is the only code that reads events for display.
 *
 * The view is JSON-serialisable; records are keyed by id as a string. It is split in two:
 * - `LearnerView`, the bounded core (totals, streak, per-lesson stats, activities, units, vocabulary
 *   totals, recitations by lesson, the review schedule): bounded by the content, not by the number of
 *   answers. The projector stores it whole (`learner_projections.view`).
 * - the items (`LearnerItems`): an error record and a review card per question answered. They grow
 *   with the history, so they live only in their tables (`error_questions`, `review_cards`); a fold
 *   (`LearnerFold`) holds the items its events touch, read by key, and gives back those that changed.
 * Every event touches a bounded part (one lesson, one error record, one card; an exam date every card),
 * and the core never depends on the items, so folding the core alone gives the same core.
 */

import type { LearnerEvent, LearnerEventOf } from '../learner/events.ts';
import { LESSON_PROGRESS_QUESTIONS } from '../progress/progress.ts';
import type { RecitationGrade } from '../recitation/recitation.ts';
import {
  foldReviewBook,
  initialReviewSchedule,
  type ReviewBook,
  type ReviewSchedule,
  type StoredCard,
} from '../review/review-book.ts';
import { assertNever } from '../shared/errors.ts';
import type { HongKongDay } from '../time/hong-kong.ts';

/** Per-lesson statistics (the spec's user stats record, plus the counts behind its accuracy). */
export type LessonStatsView = {
  readonly lessonId: number;
  /** Distinct questions of the lesson answered at least once. */
  readonly questionsCompleted: number;
  /** The lesson's question bank size when last answered (20 before any answer). */
  readonly totalQuestions: number;
  /** Answers submitted, repeats included. */
  readonly answers: number;
  readonly correctAnswers: number;
  readonly xpEarned: number;
  /** When the lesson reached 80 % (LessonCompleted), or null. */
  readonly completedAt: string | null;
  readonly lastStudiedAt: string;
};

/** One question of the error book (a row of `error_questions`). */
/**
 * Who closed an error-book record: the learner's own tick (`self`), a teacher's acceptance of their
 * appeal (`appeal`), or a teacher's confirmation of their self-marked answer as right (`teacher`).
 * The scheduler's 「已掌握」 closes nothing: it is read from the card (`isSchedulerMastered`).
 */
export type MasteredBy = 'self' | 'appeal' | 'teacher';

export type ErrorRecordView = {
  readonly questionId: string;
  /** Answers to this question since it was first answered wrongly, that first one included. */
  readonly attemptCount: number;
  /** The latest wrong answer. */
  readonly incorrectAnswer: string;
  readonly correctAnswer: string;
  /** The learner's personal note. */
  readonly userExplanation: string | null;
  /** True while still to practise; false once mastered (a later wrong answer makes it active again). */
  readonly isActive: boolean;
  readonly masteredAt: string | null;
  /** Who closed it; null while open, and on records closed before migration 0024 until a rebuild. */
  readonly masteredBy: MasteredBy | null;
  readonly firstErrorAt: string;
  readonly lastAttemptAt: string;
};

/** Recitation practice of one lesson. */
export type RecitationView = {
  readonly lessonId: number;
  readonly attempts: number;
  readonly bestAccuracy: number;
  readonly lastAccuracy: number;
  readonly lastGrade: RecitationGrade;
  readonly lastStart: number;
  readonly lastEnd: number;
  readonly lastFinishedAt: string;
};

export type LearnerView = {
  readonly totalXP: number;
  /** The streak as last extended; readers apply `effectiveStreakDays` with their own `now`. */
  readonly streakDays: number;
  readonly lastActiveDay: HongKongDay | null;
  /** ISO time of the learner's latest event. */
  readonly lastActiveAt: string | null;
  readonly lessons: Readonly<Record<string, LessonStatsView>>;
  readonly completedLessonCount: number;
  /** Node types completed per lesson, in the order first completed. */
  readonly completedActivities: Readonly<Record<string, readonly string[]>>;
  /** When each completed unit was completed, by lesson id. */
  readonly unitsCompleted: Readonly<Record<string, string>>;
  /** The vocabulary exercises' totals (each completion is a row of `vocabulary_records`). */
  readonly vocabulary: {
    /** Completions of all exercises. */
    readonly totalExercises: number;
    /** Sum of the scores of all completions (for the average). */
    readonly totalScore: number;
    /** Seconds spent in all completions. */
    readonly totalTimeSpent: number;
  };
  /** Recitation practice by lesson id (bounded by the content's lessons). */
  readonly recitations: Readonly<Record<string, RecitationView>>;
  /** The exam plan, review settings and today's due reviews (`review_settings`). */
  readonly reviews: ReviewSchedule;
};

/** The per-question items of a learner's read models: they grow with the history. */
export type LearnerItems = {
  /** The error book by question id (`error_questions`). */
  readonly errorBook: Readonly<Record<string, ErrorRecordView>>;
  /** The review cards by question id (`review_cards`). */
  readonly cards: Readonly<Record<string, StoredCard>>;
};

/**
 * The view with items: what a fold works on and gives. The items are those the fold was given (every
 * one when folded from the start; those read by key for the events to fold, in the projector and the
 * learner's reads) plus those its events made; an item it was not given is not known to be absent.
 */
export type LearnerFold = LearnerView & {
  readonly errorBook: Readonly<Record<string, ErrorRecordView>>;
  readonly reviews: ReviewBook;
};

/**
 * The version of `LearnerView`'s shape, stored with each projected view: bump it with any change to
 * the shape or to what the reducer computes (the store's shape test fails on a shape change until you
 * do), and views of the old version are refolded from the log on the next projection.
 */
export const LEARNER_VIEW_VERSION = 6;

/**
 * The digest of `LearnerView`'s shape at each version (packages/store/src/stored-shapes.test.ts).
 * Version 2 kept the shape and changed the read models written from it (accuracy to one decimal).
 * Version 3 dropped `schoolName` (personal data lives in the account, not in the log or the views).
 */
export const LEARNER_VIEW_SHAPES: Readonly<Record<number, string>> = {
  1: '4986d0534f1f1859',
  2: '4986d0534f1f1859',
  3: 'c263dfd1c181c4d1',
  // 4: the review book (exam plan, settings, cards): `review_cards` and `review_settings`.
  4: '650472060db8803f',
  // 5: the review book stores each card as a tuple (`StoredCard`): a third of the JSON per card.
  5: '6b1d7ccbaf2bc376',
  // 6: the bounded core only: the error book and the cards live in their tables, the vocabulary
  // records (one per exercise id, ids the client names) are gone (`vocabulary_records` has each completion).
  6: '83e55cc527a18fed',
};

/** The empty view (with no items): the start of every fold. */
export const initialLearnerView: LearnerFold = {
  totalXP: 0,
  streakDays: 0,
  lastActiveDay: null,
  lastActiveAt: null,
  lessons: {},
  completedLessonCount: 0,
  completedActivities: {},
  unitsCompleted: {},
  errorBook: {},
  vocabulary: { totalExercises: 0, totalScore: 0, totalTimeSpent: 0 },
  recitations: {},
  reviews: { ...initialReviewSchedule, cards: {} },
};

/** The view with the items given (none by default): what the events touch, read by key. */
export function withItems(view: LearnerView, items: Partial<LearnerItems> = {}): LearnerFold {
  return {
    ...view,
    errorBook: items.errorBook ?? {},
    reviews: { ...(view.reviews ?? initialReviewSchedule), cards: items.cards ?? {} },
  };
}

const isFold = (view: LearnerView): view is LearnerFold =>
  'errorBook' in view && view.reviews !== undefined && 'cards' in view.reviews;

/** The view as a fold: a fold as it is, a core with no items. */
function foldOf(view: LearnerView): LearnerFold {
  return isFold(view) ? view : withItems(view);
}

/** The bounded core of a fold: what `learner_projections.view` stores. */
export function coreOf(fold: LearnerView): LearnerView {
  const { plan, dailyGoal, guideCompleted, today } = fold.reviews;
  return {
    totalXP: fold.totalXP,
    streakDays: fold.streakDays,
    lastActiveDay: fold.lastActiveDay,
    lastActiveAt: fold.lastActiveAt,
    lessons: fold.lessons,
    completedLessonCount: fold.completedLessonCount,
    completedActivities: fold.completedActivities,
    unitsCompleted: fold.unitsCompleted,
    vocabulary: {
      totalExercises: fold.vocabulary.totalExercises,
      totalScore: fold.vocabulary.totalScore,
      totalTimeSpent: fold.vocabulary.totalTimeSpent,
    },
    recitations: fold.recitations,
    reviews: { plan, dailyGoal, guideCompleted, today },
  };
}

function withLesson<V extends LearnerView>(
  view: V,
  lessonId: number,
  at: string,
  change: (lesson: LessonStatsView) => LessonStatsView,
): V {
  const key = String(lessonId);
  const lesson = view.lessons[key] ?? {
    lessonId,
    questionsCompleted: 0,
    totalQuestions: LESSON_PROGRESS_QUESTIONS,
    answers: 0,
    correctAnswers: 0,
    xpEarned: 0,
    completedAt: null,
    lastStudiedAt: at,
  };
  return { ...view, lessons: { ...view.lessons, [key]: change(lesson) } };
}

function withErrorRecord(
  view: LearnerFold,
  questionId: string,
  change: (record: ErrorRecordView) => ErrorRecordView,
): LearnerFold {
  const record = view.errorBook[questionId];
  return record === undefined
    ? view
    : { ...view, errorBook: { ...view.errorBook, [questionId]: change(record) } };
}

function answerSubmitted(view: LearnerFold, { data }: LearnerEventOf<'AnswerSubmitted'>): LearnerFold {
  // A pending answer (待老師批閱) counts toward the lesson's progress, not its accuracy, until marked.
  const pending = data.pendingReview === true;
  const waitsForTeacher = data.selfAssessed && data.selfMarkCounted !== true;
  const next = withLesson(view, data.lessonId, data.at, (lesson) => ({
    ...lesson,
    questionsCompleted: data.questionsCompleted,
    totalQuestions: data.totalQuestions,
    // A self-marked answer counts in accuracy (and so on the board) only once a teacher confirms it; a
    // pending one (待老師批閱) once a teacher marks it.
    // (or at once under the class's rule 直接計算, `selfMarkCounted`).
    answers: lesson.answers + (pending || waitsForTeacher ? 0 : 1),
    correctAnswers: lesson.correctAnswers + (data.isCorrect && !waitsForTeacher ? 1 : 0),
    lastStudiedAt: data.at,
  }));
  return pending ? next : answerInErrorBook(next, data);
}

/** A question's first entry in the error book, from the answer that put it there. */
function firstError(
  data: Pick<
    LearnerEventOf<'AnswerSubmitted'>['data'],
    'questionId' | 'selectedAnswer' | 'correctAnswer' | 'at'
  >,
): ErrorRecordView {
  return {
    questionId: data.questionId,
    attemptCount: 1,
    incorrectAnswer: data.selectedAnswer,
    correctAnswer: data.correctAnswer,
    userExplanation: null,
    isActive: true,
    masteredAt: null,
    masteredBy: null,
    firstErrorAt: data.at,
    lastAttemptAt: data.at,
  };
}

/** An answer that waited for a teacher (marked, or its self-mark confirmed), now counted in its lesson. */
function countAnswer(
  view: LearnerFold,
  data: { readonly lessonId: number; readonly isCorrect: boolean; readonly at: string },
): LearnerFold {
  return withLesson(view, data.lessonId, data.at, (l) => ({
    ...l,
    answers: l.answers + 1,
    correctAnswers: l.correctAnswers + (data.isCorrect ? 1 : 0),
  }));
}

/** The error book after an answer counted (a submitted one, or a pending one a teacher marked). */
function answerInErrorBook(
  next: LearnerFold,
  data: Pick<
    LearnerEventOf<'AnswerSubmitted'>['data'],
    'questionId' | 'selectedAnswer' | 'correctAnswer' | 'isCorrect' | 'at'
  >,
): LearnerFold {
  const existing = next.errorBook[data.questionId];
  if (existing === undefined && data.isCorrect) return next;
  const record: ErrorRecordView = existing
    ? {
        ...existing,
        attemptCount: existing.attemptCount + 1,
        correctAnswer: data.correctAnswer,
        lastAttemptAt: data.at,
      }
    : firstError(data);
  const updated = data.isCorrect
    ? record
    : { ...record, incorrectAnswer: data.selectedAnswer, isActive: true, masteredAt: null, masteredBy: null };
  return { ...next, errorBook: { ...next.errorBook, [data.questionId]: updated } };
}

function vocabularyCompleted(
  view: LearnerFold,
  { data }: LearnerEventOf<'VocabularyExerciseCompleted'>,
): LearnerFold {
  return {
    ...view,
    vocabulary: {
      totalExercises: view.vocabulary.totalExercises + 1,
      totalScore: view.vocabulary.totalScore + data.score,
      totalTimeSpent: view.vocabulary.totalTimeSpent + data.timeSpent,
    },
  };
}

function recitationFinished(view: LearnerFold, { data }: LearnerEventOf<'RecitationFinished'>): LearnerFold {
  const key = String(data.lessonId);
  const previous = view.recitations[key];
  const record: RecitationView = {
    lessonId: data.lessonId,
    attempts: (previous?.attempts ?? 0) + 1,
    bestAccuracy: Math.max(previous?.bestAccuracy ?? 0, data.accuracy),
    lastAccuracy: data.accuracy,
    lastGrade: data.grade,
    lastStart: data.start,
    lastEnd: data.end,
    lastFinishedAt: data.at,
  };
  return { ...view, recitations: { ...view.recitations, [key]: record } };
}

function apply(view: LearnerFold, event: LearnerEvent): LearnerFold {
  switch (event.type) {
    case 'AnswerSubmitted':
      return answerSubmitted(view, event);
    case 'XpAwarded': {
      const { amount, lessonId, at } = event.data;
      const next = { ...view, totalXP: view.totalXP + amount };
      return lessonId === null
        ? next
        : withLesson(next, lessonId, at, (l) => ({ ...l, xpEarned: l.xpEarned + amount }));
    }
    case 'DailySignedIn':
      return { ...view, lastActiveDay: event.data.day };
    case 'StreakExtended':
    case 'StreakReset':
      return { ...view, streakDays: event.data.streakDays };
    case 'NodeCompleted': {
      const key = String(event.data.lessonId);
      const done = view.completedActivities[key] ?? [];
      if (done.includes(event.data.nodeType)) return view;
      return {
        ...view,
        completedActivities: { ...view.completedActivities, [key]: [...done, event.data.nodeType] },
      };
    }
    case 'LessonCompleted': {
      const { lessonId, at } = event.data;
      if (view.lessons[String(lessonId)]?.completedAt) return view;
      const next = withLesson(view, lessonId, at, (l) => ({ ...l, completedAt: at }));
      return { ...next, completedLessonCount: view.completedLessonCount + 1 };
    }
    case 'UnitCompleted':
      return {
        ...view,
        unitsCompleted: { ...view.unitsCompleted, [String(event.data.lessonId)]: event.data.at },
      };
    case 'VocabularyExerciseCompleted':
      return vocabularyCompleted(view, event);
    case 'ErrorNoteSaved':
      return withErrorRecord(view, event.data.questionId, (r) => ({
        ...r,
        userExplanation: event.data.note,
      }));
    case 'ErrorQuestionMastered':
      return withErrorRecord(view, event.data.questionId, (r) => ({
        ...r,
        isActive: false,
        masteredAt: event.data.at,
        masteredBy: 'self',
      }));
    case 'SchoolChanged':
    case 'FairPlayFlagCleared':
      return view;
    case 'RecitationFinished':
      return recitationFinished(view, event);
    case 'AnswerRemarked': {
      const { data } = event;
      if (!data.isCorrect) return view;
      // The answer was right after all: it counts as correct, and its question is mastered.
      const next = withLesson(view, data.lessonId, data.at, (l) => ({
        ...l,
        correctAnswers: l.correctAnswers + 1,
      }));
      return withErrorRecord(next, data.questionId, (r) =>
        r.isActive ? { ...r, isActive: false, masteredAt: data.at, masteredBy: 'appeal' } : r,
      );
    }
    case 'AnswerRemarkedOnRevert': {
      const { data } = event;
      if (data.isCorrect === data.wasCorrect) return view;
      // A reverted rendering took back a correct verdict (or, after a marker change, gave one).
      const next = withLesson(view, data.lessonId, data.at, (l) => ({
        ...l,
        correctAnswers: Math.max(0, l.correctAnswers + (data.isCorrect ? 1 : -1)),
      }));
      if (data.isCorrect) return next;
      const existing = next.errorBook[data.questionId];
      const record: ErrorRecordView = existing
        ? {
            ...existing,
            incorrectAnswer: data.selectedAnswer,
            isActive: true,
            masteredAt: null,
            masteredBy: null,
          }
        : firstError(data);
      return { ...next, errorBook: { ...next.errorBook, [data.questionId]: record } };
    }
    case 'AnswerTeacherMarked': {
      // The pending answer counts now, with the teacher's marks.
      const { data } = event;
      const next = countAnswer(view, data);
      return answerInErrorBook(next, data);
    }
    case 'SelfMarkConfirmed': {
      const { data } = event;
      // A confirmed self-mark counts in accuracy (and so on the board) from now on (issue 37).
      const next = countAnswer(view, data);
      return data.isCorrect
        ? withErrorRecord(next, data.questionId, (r) =>
            r.isActive ? { ...r, isActive: false, masteredAt: data.at, masteredBy: 'teacher' } : r,
          )
        : next;
    }
    case 'AnswerAppealed':
    case 'AppealDeclined':
      // Appeals are read from the stream (the store's appeals read model).
      return view;
    case 'NodeFellShort':
      // The roadmap reads a node's best score from the decider's state; no read model changes.
      return view;
    case 'ExamDateSet':
    case 'ReviewSettingsChanged':
      // The review book's own (below).
      return view;
    default:
      return assertNever(event);
  }
}

/**
 * Applies one event to the learner's read models. A view without items (a stored core) folds as one
 * whose items are those the event makes: its core comes out the same.
 */
export function projectLearner(view: LearnerView, event: LearnerEvent): LearnerFold {
  const applied = apply(foldOf(view), event);
  const reviews = foldReviewBook(applied.reviews, event);
  const next = reviews === applied.reviews ? applied : { ...applied, reviews };
  return next.lastActiveAt === event.data.at ? next : { ...next, lastActiveAt: event.data.at };
}

/** Folds events into a view (the empty view by default). */
export function foldLearnerView(
  events: Iterable<LearnerEvent>,
  view: LearnerView = initialLearnerView,
): LearnerFold {
  let current = foldOf(view);
  for (const event of events) current = projectLearner(current, event);
  return current;
}

/**
 * Applies one event to the core alone, keeping no item: for readers that show only the core's figures
 * (the replay's event page), so each event costs the same whatever the history.
 */
export function projectCore(view: LearnerView, event: LearnerEvent): LearnerView {
  return coreOf(projectLearner(coreOf(view), event));
}
