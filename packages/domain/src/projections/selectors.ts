/**
 * The read models of the spec, selected from a `LearnerView`: what the projector writes and the
 * teacher's views show. The figures themselves (progress, accuracy, error-book statistics) have one
 * definition each in progress/progress.ts; these selectors apply them to a view.
 */

import type { ErrorBookStats } from '../progress/progress.ts';
import { learnerAccuracy, lessonAccuracy, errorBookStats as statsOfRecords } from '../progress/progress.ts';
import type { ErrorRecordView, LearnerFold, LearnerView, LessonStatsView } from './learner-view.ts';

/** The spec's per-lesson user stats record. */
export type UserStatsRecord = {
  readonly lessonId: number;
  readonly questionsCompleted: number;
  readonly totalQuestions: number;
  readonly xpEarned: number;
  /** `lessonAccuracy`: percent of the lesson's answers that were correct, to one decimal. */
  readonly accuracy: number;
};

function toStatsRecord(lesson: LessonStatsView): UserStatsRecord {
  return {
    lessonId: lesson.lessonId,
    questionsCompleted: lesson.questionsCompleted,
    totalQuestions: lesson.totalQuestions,
    xpEarned: lesson.xpEarned,
    accuracy: lessonAccuracy(lesson.correctAnswers, lesson.answers),
  };
}

/** Orders ISO times (all written by `decide` in UTC, so text order is time order) newest first; ties keep their order. */
function newestFirst(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? 1 : -1;
}

/** Per-lesson stats records, by lesson id. */
export function lessonStatsRecords(view: LearnerView): UserStatsRecord[] {
  return Object.values(view.lessons)
    .map(toStatsRecord)
    .sort((a, b) => a.lessonId - b.lessonId);
}

/** Stats records with at least one answer: the ones the learner's accuracy is taken over. */
export function answeredLessonRecords(view: LearnerView): UserStatsRecord[] {
  return Object.values(view.lessons)
    .filter((lesson) => lesson.answers > 0)
    .map(toStatsRecord);
}

/** The learner's accuracy (`learnerAccuracy` over the lessons answered). */
export function learnerAccuracyOf(view: LearnerView): number {
  return learnerAccuracy(answeredLessonRecords(view));
}

export type LeaderboardFigures = {
  readonly totalXP: number;
  readonly completedLessons: number;
  /** `learnerAccuracy`: mean accuracy over the lessons answered, to one decimal. */
  readonly averageAccuracy: number;
  /** The stored streak; the leaderboard applies `effectiveStreakDays` with its own `now`. */
  readonly streakDays: number;
  readonly lastActiveDate: string | null;
};

/** The learner's leaderboard figures (also stored as their totals). */
export function leaderboardEntry(view: LearnerView): LeaderboardFigures {
  return {
    totalXP: view.totalXP,
    completedLessons: view.completedLessonCount,
    averageAccuracy: learnerAccuracyOf(view),
    streakDays: view.streakDays,
    lastActiveDate: view.lastActiveAt,
  };
}

/** Error-book records of a fold (the items it holds), most recently attempted first; `filter` picks a tab. */
export function errorBookRecords(
  view: Pick<LearnerFold, 'errorBook'>,
  filter: 'all' | 'active' | 'mastered' = 'all',
): ErrorRecordView[] {
  return Object.values(view.errorBook)
    .filter((r) => filter === 'all' || r.isActive === (filter === 'active'))
    .sort((a, b) => newestFirst(a.lastAttemptAt, b.lastAttemptAt));
}

/** The error book's stats cards of a view. */
export function errorBookStatsOf(view: Pick<LearnerFold, 'errorBook'>): ErrorBookStats {
  return statsOfRecords(Object.values(view.errorBook));
}
