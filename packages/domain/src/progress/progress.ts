/**
 * Progress figures of the lobby, library, profile, streak page and quick practice
 * (spec part 1 §5 and §9, part 2 §5 and §9).
 */

/** A lesson's question count assumed before the content says otherwise (a lesson with no bank count). */
export const LESSON_PROGRESS_QUESTIONS = 20;
/** Reading speed for estimated minutes. */
export const READING_CHARACTERS_PER_MINUTE = 200;
/** A lesson is completed when questionsCompleted / totalQuestions reaches 80 %. */
export const LESSON_COMPLETION_PERCENT = 80;
/** Questions per practice session, and the availability a roadmap node wants. */
export const SESSION_QUESTION_LIMIT = 8;

/** A roadmap node is completed when its session reaches 80 % correct. */
export const NODE_PASS_PERCENT = 80;

/**
 * The answers a node session needs: a full session (8), or every question the node has when it has
 * fewer; at least one.
 */
export function nodeRequiredQuestions(nodeQuestions: number | undefined): number {
  if (nodeQuestions === undefined) return 1;
  return Math.max(1, Math.min(SESSION_QUESTION_LIMIT, nodeQuestions));
}

/**
 * True when a node session passes: enough answers, and at least 80 % of them correct (integers).
 * @example isNodePassed(3, 8, 8) // false; isNodePassed(7, 8, 8) // true
 */
export function isNodePassed(correct: number, answered: number, requiredQuestions: number): boolean {
  return answered >= requiredQuestions && answered > 0 && correct * 100 >= answered * NODE_PASS_PERCENT;
}

/** Percent of a finished fraction, rounded; 0 when there is nothing to count. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * A lesson's progress, the one figure every screen shows (lobby, library, profile, the teacher's
 * views): distinct questions answered ÷ the lesson's question count, as a percent capped at 100. The
 * completion rule (80 %) reads the same fraction, so a lesson shows 80 % when its bonus is paid.
 * @example lessonProgressPercent(8, 37) // 22
 */
export function lessonProgressPercent(questionsCompleted: number, totalQuestions: number): number {
  return Math.min(100, Math.max(0, percent(questionsCompleted, totalQuestions)));
}

/** Estimated reading minutes: characters ÷ 200, rounded up. */
export function readingMinutes(characterCount: number): number {
  return Math.max(0, Math.ceil(characterCount / READING_CHARACTERS_PER_MINUTE));
}

/** True when the learner has completed at least 80 % of the lesson's questions. */
export function isLessonComplete(questionsCompleted: number, totalQuestions: number): boolean {
  return totalQuestions > 0 && questionsCompleted * 100 >= totalQuestions * LESSON_COMPLETION_PERCENT;
}

/**
 * A lesson's accuracy, the one figure every screen shows for a lesson: correct answers ÷ answers
 * (repeats included), as a percent to one decimal (0 before any answer).
 * @example lessonAccuracy(5, 8) // 62.5
 */
export function lessonAccuracy(correctAnswers: number, answers: number): number {
  return answers > 0 ? Math.round((correctAnswers / answers) * 1000) / 10 : 0;
}

/**
 * A learner's accuracy, the one figure every screen shows (profile, leaderboard, the teacher's table
 * and replay): the mean of the per-lesson accuracies of the lessons answered, to one decimal (0
 * without any). Screens round it to a whole percent for display.
 * @example learnerAccuracy([{ accuracy: 90 }, { accuracy: 85 }, { accuracy: 80 }]) // 85
 */
export function learnerAccuracy(answeredLessons: ReadonlyArray<{ readonly accuracy: number }>): number {
  if (answeredLessons.length === 0) return 0;
  const mean = answeredLessons.reduce((sum, r) => sum + r.accuracy, 0) / answeredLessons.length;
  return Math.round(mean * 10) / 10;
}

/**
 * A percent as every screen prints it: whole numbers as they are, others to one decimal; '—' for none.
 * @example percentLabel(66.7) // '66.7%'
 */
export function percentLabel(value: number | null): string {
  return value === null ? '—' : `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

/** The streak page's active days: stats records with at least one question completed. */
export function activeDays(records: ReadonlyArray<{ readonly questionsCompleted: number }>): number {
  return records.filter((r) => r.questionsCompleted > 0).length;
}

export type ErrorBookStats = {
  readonly activeCount: number;
  readonly masteredCount: number;
  /** Mastered ÷ all records, as a rounded percent (0 with none). */
  readonly improvementRate: number;
  /** Questions ever answered wrongly (records in the book). */
  readonly totalErrors: number;
};

/** The error book's stats cards, from its records (open or mastered): the one definition. */
export function errorBookStats(records: ReadonlyArray<{ readonly isActive: boolean }>): ErrorBookStats {
  const masteredCount = records.filter((r) => !r.isActive).length;
  return {
    activeCount: records.length - masteredCount,
    masteredCount,
    improvementRate: percent(masteredCount, records.length),
    totalErrors: records.length,
  };
}

/** The vocabulary stats card's minutes: seconds ÷ 60, rounded. */
export function minutesFromSeconds(seconds: number): number {
  return Math.round(seconds / 60);
}

/** A roadmap node's availability text: '8 個練習' at 8 or more questions, else how many are missing. */
export function nodeAvailabilityLabel(availableQuestions: number): string {
  if (availableQuestions >= SESSION_QUESTION_LIMIT) return `${SESSION_QUESTION_LIMIT} 個練習`;
  const missing = SESSION_QUESTION_LIMIT - Math.max(0, availableQuestions);
  return `尚需 ${missing} 題 (${Math.max(0, availableQuestions)}/${SESSION_QUESTION_LIMIT})`;
}

/** Quick practice: slider bounds and the minutes estimate. */
export const QUICK_PRACTICE = { min: 5, max: 20, step: 5, default: 10, minutesPerQuestion: 1.5 } as const;

/**
 * Quick practice's estimated minutes: ceil(count × 1.5).
 * @example quickPracticeMinutes(15) // 23
 */
export function quickPracticeMinutes(questionCount: number): number {
  return Math.ceil((questionCount * 3) / 2);
}

/** Quick practice's guidance: up to 10 a quick review, up to 15 standard, more a deep practice. */
export function quickPracticeGuidance(questionCount: number): string {
  if (questionCount <= 10) return '快速複習';
  if (questionCount <= 15) return '標準練習';
  return '深度練習';
}
