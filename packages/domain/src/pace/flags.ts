/**
 * Fair-play flags (issue 37): patterns no student produces flag a learner on the teacher's class table
 * and the admin panel, and keep them out of the class league's standings for the Hong Kong week until a
 * teacher of their class or an admin reviews and clears the flag (`ClearFairPlayFlag`, a
 * `FairPlayFlagCleared` on the learner's stream: cleared for the rest of that week).
 *
 * - `pace`: PACE_FLAG_ANSWERS correct answers beyond the pace this week (pace.ts).
 * - `accuracy_jump`: an abrupt accuracy jump: this week's accuracy, on at least ACCURACY_JUMP.weekAnswers
 *   answers, is at least ACCURACY_JUMP.weekPercent and at least ACCURACY_JUMP.jumpPoints above the
 *   learner's own accuracy over the ACCURACY_JUMP.historyWeeks weeks before, on at least
 *   ACCURACY_JUMP.historyAnswers answers (a replay of another account's harvested keys: 100 % from a
 *   learner who answered half right before). A learner with no history is not judged: the pace rule
 *   covers a new account.
 */
import { isPaceFlagged } from './pace.ts';

/** The accuracy-jump rule's thresholds (docs/spec-decisions.md, "Fair-play flags"). */
export const ACCURACY_JUMP = {
  /** Answers this week, at least. */
  weekAnswers: 30,
  /** This week's accuracy, at least (percent). */
  weekPercent: 90,
  /** Points above the learner's own accuracy before, at least. */
  jumpPoints: 40,
  /** Answers in the weeks before, at least. */
  historyAnswers: 30,
  /** How many weeks before this one make the learner's history. */
  historyWeeks: 4,
} as const;

/** Why a learner is flagged. */
export type FairPlayFlag = 'pace' | 'accuracy_jump';
export const FAIR_PLAY_FLAGS: readonly FairPlayFlag[] = ['pace', 'accuracy_jump'];

/** Answers counted and how many were right (server-marked answers; self-marks and pending ones aside). */
export type AnswerTally = { readonly answered: number; readonly correct: number };

/**
 * True when this week's accuracy jumped far above the learner's own before (ACCURACY_JUMP).
 * @example isAccuracyJump({ answered: 40, correct: 40 }, { answered: 60, correct: 30 }) // true
 */
export function isAccuracyJump(week: AnswerTally, history: AnswerTally): boolean {
  if (week.answered < ACCURACY_JUMP.weekAnswers || history.answered < ACCURACY_JUMP.historyAnswers)
    return false;
  const weekPercent = (week.correct * 100) / week.answered;
  const historyPercent = (history.correct * 100) / history.answered;
  return weekPercent >= ACCURACY_JUMP.weekPercent && weekPercent - historyPercent >= ACCURACY_JUMP.jumpPoints;
}

/** What the flags of a learner's week are read from. */
export type FairPlayFacts = {
  /** Correct answers beyond the pace this week. */
  readonly answersBeyondPace: number;
  readonly week: AnswerTally;
  readonly history: AnswerTally;
  /** A teacher or an admin cleared the learner's flags this week. */
  readonly cleared: boolean;
};

/** The learner's flags this week, in FAIR_PLAY_FLAGS order; none once a review cleared them. */
export function fairPlayFlags(facts: FairPlayFacts): FairPlayFlag[] {
  if (facts.cleared) return [];
  const flags: FairPlayFlag[] = [];
  if (isPaceFlagged(facts.answersBeyondPace)) flags.push('pace');
  if (isAccuracyJump(facts.week, facts.history)) flags.push('accuracy_jump');
  return flags;
}
