/**
 * The read models of the spec, selected from a `LearnerView`: what the API answers and the worker
 * writes. Selectors that depend on the time of reading (the streak shown) take `now`.
 */
import { type AchievementStatus, achievements } from '../achievements/achievements.ts';
import type { VocabularyExerciseType } from '../learner/events.ts';
import { type LevelInfo, levelInfo } from '../levels/levels.ts';
import { averageAccuracy, lessonCompletionPercent, percent } from '../progress/progress.ts';
import { effectiveStreakDays } from '../streak/streak.ts';
import {
  type ErrorRecordView,
  type LearnerView,
  type LessonStatsView,
  type RecitationView,
  type VocabularyRecordView,
  vocabularyRecordKey,
} from './learner-view.ts';

/** Leaderboard length and the profile's recent list length. */
export const LEADERBOARD_SIZE = 10;
export const RECENT_STUDY_RECORDS = 5;

/** The spec's per-lesson user stats record. */
export type UserStatsRecord = {
  readonly lessonId: number;
  readonly questionsCompleted: number;
  readonly totalQuestions: number;
  readonly xpEarned: number;
  /** Percent of the lesson's answers that were correct, rounded (0 before any answer). */
  readonly accuracy: number;
};

function toStatsRecord(lesson: LessonStatsView): UserStatsRecord {
  return {
    lessonId: lesson.lessonId,
    questionsCompleted: lesson.questionsCompleted,
    totalQuestions: lesson.totalQuestions,
    xpEarned: lesson.xpEarned,
    accuracy: percent(lesson.correctAnswers, lesson.answers),
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

/** The stats record of one lesson, or null when the learner has not studied it. */
export function lessonStatsRecord(view: LearnerView, lessonId: number): UserStatsRecord | null {
  const lesson = view.lessons[String(lessonId)];
  return lesson ? toStatsRecord(lesson) : null;
}

/** Stats records with at least one answer: the ones averages are taken over. */
function answeredRecords(view: LearnerView): UserStatsRecord[] {
  return Object.values(view.lessons)
    .filter((lesson) => lesson.answers > 0)
    .map(toStatsRecord);
}

/** The learner's rounded average accuracy over the lessons answered (0 before any answer). */
export function learnerAverageAccuracy(view: LearnerView): number {
  return averageAccuracy(answeredRecords(view));
}

export type RecentStudyRecord = UserStatsRecord & {
  /** questionsCompleted ÷ totalQuestions as a percent, capped at 100. */
  readonly completionPercent: number;
  readonly lastStudiedAt: string;
};

/** The profile's recent study records: the most recently studied lessons first. */
export function recentStudyRecords(
  view: LearnerView,
  limit: number = RECENT_STUDY_RECORDS,
): RecentStudyRecord[] {
  return Object.values(view.lessons)
    .sort((a, b) => newestFirst(a.lastStudiedAt, b.lastStudiedAt) || a.lessonId - b.lessonId)
    .slice(0, Math.max(0, limit))
    .map((lesson) => ({
      ...toStatsRecord(lesson),
      completionPercent: lessonCompletionPercent(lesson.questionsCompleted, lesson.totalQuestions),
      lastStudiedAt: lesson.lastStudiedAt,
    }));
}

export type UserTotals = {
  readonly totalXP: number;
  readonly level: LevelInfo;
  /** The streak as stored; apply `effectiveStreakDays` (or pass `now` to `userTotals`) to show it. */
  readonly streakDays: number;
  readonly lastActiveDate: string | null;
  readonly completedLessons: number;
};

/**
 * The user's totals. Without `now` the stored streak; with `now` the streak as shown (0 once broken).
 */
export function userTotals(view: LearnerView, now?: string | number): UserTotals {
  return {
    totalXP: view.totalXP,
    level: levelInfo(view.totalXP),
    streakDays:
      now === undefined ? view.streakDays : effectiveStreakDays(view.streakDays, view.lastActiveAt, now),
    lastActiveDate: view.lastActiveAt,
    completedLessons: view.completedLessonCount,
  };
}

/** Node types completed in a lesson (its roadmap's completed activities). */
export function completedActivities(view: LearnerView, lessonId: number): readonly string[] {
  return view.completedActivities[String(lessonId)] ?? [];
}

/** Completed node types of every lesson, by lesson id. */
export function completedActivitiesByLesson(view: LearnerView): Readonly<Record<string, readonly string[]>> {
  return view.completedActivities;
}

/** True when the unit of a lesson (all its roadmap nodes) is completed. */
export function isUnitCompleted(view: LearnerView, lessonId: number): boolean {
  return view.unitsCompleted[String(lessonId)] !== undefined;
}

export type LeaderboardFigures = {
  readonly totalXP: number;
  readonly completedLessons: number;
  /** Mean accuracy over the lessons answered, to one decimal. */
  readonly averageAccuracy: number;
  /** The stored streak; the leaderboard applies `effectiveStreakDays` with its own `now`. */
  readonly streakDays: number;
  readonly lastActiveDate: string | null;
};

/** The learner's leaderboard figures. */
export function leaderboardEntry(view: LearnerView): LeaderboardFigures {
  const records = answeredRecords(view);
  const mean = records.length === 0 ? 0 : records.reduce((sum, r) => sum + r.accuracy, 0) / records.length;
  return {
    totalXP: view.totalXP,
    completedLessons: view.completedLessonCount,
    averageAccuracy: Math.round(mean * 10) / 10,
    streakDays: view.streakDays,
    lastActiveDate: view.lastActiveAt,
  };
}

/** Leaderboard order: more XP first, then more completed lessons, then higher accuracy. */
export function compareLeaderboardEntries(a: LeaderboardFigures, b: LeaderboardFigures): number {
  return (
    b.totalXP - a.totalXP || b.completedLessons - a.completedLessons || b.averageAccuracy - a.averageAccuracy
  );
}

/** Error-book records, most recently attempted first; `filter` picks a tab. */
export function errorBookRecords(
  view: LearnerView,
  filter: 'all' | 'active' | 'mastered' = 'all',
): ErrorRecordView[] {
  return Object.values(view.errorBook)
    .filter((r) => filter === 'all' || r.isActive === (filter === 'active'))
    .sort((a, b) => newestFirst(a.lastAttemptAt, b.lastAttemptAt));
}

export type ErrorBookStats = {
  readonly activeCount: number;
  readonly masteredCount: number;
  /** Mastered ÷ all records, as a rounded percent (0 with none). */
  readonly improvementRate: number;
  /** Questions ever answered wrongly (records in the book). */
  readonly totalErrors: number;
};

/** The error book's stats cards. */
export function errorBookStats(view: LearnerView): ErrorBookStats {
  const records = Object.values(view.errorBook);
  const masteredCount = records.filter((r) => !r.isActive).length;
  return {
    activeCount: records.length - masteredCount,
    masteredCount,
    improvementRate: percent(masteredCount, records.length),
    totalErrors: records.length,
  };
}

/** Vocabulary records, one per exercise, most recently completed first. */
export function vocabularyRecords(view: LearnerView): VocabularyRecordView[] {
  return Object.values(view.vocabulary.records).sort((a, b) =>
    newestFirst(a.lastCompletedAt, b.lastCompletedAt),
  );
}

/** True when a vocabulary lesson or mixed session has been completed (the green check). */
export function isVocabularyExerciseCompleted(
  view: LearnerView,
  exerciseType: VocabularyExerciseType,
  exerciseId: string,
): boolean {
  return view.vocabulary.records[vocabularyRecordKey(exerciseType, exerciseId)] !== undefined;
}

export type VocabularyStats = {
  readonly totalExercises: number;
  /** Mean score of all completions, a rounded percent (0 with none). */
  readonly averageScore: number;
  /** Seconds. */
  readonly totalTimeSpent: number;
};

/** The vocabulary practice statistics card. */
export function vocabularyStats(view: LearnerView): VocabularyStats {
  const { totalExercises, totalScore, totalTimeSpent } = view.vocabulary;
  return {
    totalExercises,
    averageScore: totalExercises > 0 ? Math.round(totalScore / totalExercises) : 0,
    totalTimeSpent,
  };
}

/** Recitation records, by lesson id. */
export function recitationRecords(view: LearnerView): RecitationView[] {
  return Object.values(view.recitations).sort((a, b) => a.lessonId - b.lessonId);
}

/** The profile's six achievements for this learner. */
export function learnerAchievements(view: LearnerView): AchievementStatus[] {
  return achievements({
    completedLessons: view.completedLessonCount,
    averageAccuracy: learnerAverageAccuracy(view),
    totalXP: view.totalXP,
  });
}
