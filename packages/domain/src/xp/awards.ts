/**
 * The XP table of spec part 1 §9. The server awards these; the client never states what it earned.
 */

/** Every reason XP is awarded for, with its amount. */
export const XP_AWARDS = {
  /** A correct answer. */
  correct_answer: 10,
  /** Extra for a correct answer that makes a run of three or more correct answers in a row. */
  correct_run_bonus: 15,
  /** A lesson reaches 80 % of its questions completed (once per lesson). */
  lesson_completed: 50,
  /** Every practice-type node of a lesson's roadmap is completed (once per lesson). */
  unit_completed: 100,
  /** The first action of a Hong Kong calendar day. */
  daily_sign_in: 5,
  /** The streak reaches one of the streak milestones. */
  streak_milestone: 20,
  /** A review card due by the end of the day, answered correctly (docs/spec-decisions.md). */
  review_correct: 5,
} as const;

export type XpReason = keyof typeof XP_AWARDS;

export const XP_REASONS = Object.keys(XP_AWARDS) as readonly XpReason[];

/** The run of consecutive correct answers (this one included) from which the run bonus applies. */
export const CORRECT_RUN_BONUS_FROM = 3;

/** Chinese labels for an XP line in a history or a replay. */
export const XP_REASON_LABELS: Readonly<Record<XpReason, string>> = {
  correct_answer: '答對題目',
  correct_run_bonus: '連續答對獎勵',
  lesson_completed: '完成課程',
  unit_completed: '完成單元',
  daily_sign_in: '每日登入',
  streak_milestone: '連續學習里程碑',
  review_correct: '複習答對',
};

/**
 * The XP lines earned by one graded answer, given the run of consecutive correct answers including it.
 * @example xpForAnswer(true, 3) // ['correct_answer', 'correct_run_bonus']
 */
export function xpForAnswer(isCorrect: boolean, correctRun: number): XpReason[] {
  if (!isCorrect) return [];
  return correctRun >= CORRECT_RUN_BONUS_FROM ? ['correct_answer', 'correct_run_bonus'] : ['correct_answer'];
}
