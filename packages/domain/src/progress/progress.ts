/**
 * Progress figures of the lobby, library, profile, streak page and quick practice
 * (spec part 1 §5 and §9, part 2 §5 and §9).
 */

/** The lobby's and library's progress denominator: 20 questions make a lesson 100 %. */
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
 * Lobby and library progress: questionsCompleted ÷ 20 as a percent, capped at 100.
 * @example lessonProgressPercent(7) // 35
 */
export function lessonProgressPercent(questionsCompleted: number): number {
  return Math.min(100, Math.max(0, percent(questionsCompleted, LESSON_PROGRESS_QUESTIONS)));
}

/** Estimated reading minutes: characters ÷ 200, rounded up. */
export function readingMinutes(characterCount: number): number {
  return Math.max(0, Math.ceil(characterCount / READING_CHARACTERS_PER_MINUTE));
}

/** True when the learner has completed at least 80 % of the lesson's questions. */
export function isLessonComplete(questionsCompleted: number, totalQuestions: number): boolean {
  return totalQuestions > 0 && questionsCompleted * 100 >= totalQuestions * LESSON_COMPLETION_PERCENT;
}

/** Completion percent of a lesson against its own question count, capped at 100. */
export function lessonCompletionPercent(questionsCompleted: number, totalQuestions: number): number {
  return Math.min(100, percent(questionsCompleted, totalQuestions));
}

/** Rounded mean of the accuracy of stats records (0 without records). */
export function averageAccuracy(records: ReadonlyArray<{ readonly accuracy: number }>): number {
  if (records.length === 0) return 0;
  return Math.round(records.reduce((sum, r) => sum + r.accuracy, 0) / records.length);
}

/** The streak page's active days: stats records with at least one question completed. */
export function activeDays(records: ReadonlyArray<{ readonly questionsCompleted: number }>): number {
  return records.filter((r) => r.questionsCompleted > 0).length;
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
