/**
 * XP at a human pace (issue 37). An answer pays XP only when the server served its question to the
 * learner, no sooner after serving than a fast student reads and answers it, and within the learner's
 * rate: a bucket of seconds that refills one second a second, up to PACE.bucketSeconds, and that each
 * XP-paying answer draws down by its minimum time. An answer beyond the bound is still recorded (the
 * error book, the schedule, progress); it pays nothing, and says why (`XpWithheld`).
 *
 * A correct answer to a question the learner answered wrongly pays only once its review is due again
 * (the next Hong Kong day at the earliest): the key shown after a wrong answer teaches, but answering
 * it back at once earns nothing.
 */

/** The bounds, in seconds (docs/spec-decisions.md, "XP at a human pace"). */
export const PACE = {
  /** A choice item: read the stem and four options, pick one. */
  choiceSeconds: 3,
  /** A written answer: read the question... */
  writtenSeconds: 4,
  /** ...and type the answer at no more than this many characters a second (120 a minute). */
  charactersPerSecond: 2,
  /** The learner's banked seconds at most: a few quick answers after a slow one still pay. */
  bucketSeconds: 15,
} as const;

/** Why an answer that would have earned XP did not. */
export type XpWithheld =
  /** The server has no record of serving this question to this learner (or the record expired). */
  | 'not_served'
  /** Answered sooner after it was served than the question's minimum time. */
  | 'too_fast'
  /** Faster than the learner's rate allows (the bucket is empty). */
  | 'pace'
  /** Answered correctly after a wrong answer, before its review is due again. */
  | 'relearn'
  /** Self-marked (a long paper question): pays once a teacher confirms the mark (pace/self-marks.ts). */
  | 'unconfirmed';

export const XP_WITHHELD_REASONS: readonly XpWithheld[] = [
  'not_served',
  'too_fast',
  'pace',
  'relearn',
  'unconfirmed',
];

/** The reasons that say an answer came faster than a reader answers (not a relearned key or a self-mark). */
export const BEYOND_PACE_REASONS: readonly XpWithheld[] = ['not_served', 'too_fast', 'pace'];

/**
 * Correct answers beyond the pace in one Hong Kong week that flag a learner for review: a pattern no
 * student produces (a fast student's quick clicks stay far below it). A flagged learner shows 「待覆核」
 * on the teacher's class table and is left out of the class league for the week.
 */
export const PACE_FLAG_ANSWERS = 20;

/** True when a week's count of answers beyond the pace flags the learner. */
export const isPaceFlagged = (answersBeyondPace: number): boolean => answersBeyondPace >= PACE_FLAG_ANSWERS;

/** The learner's rate bucket: seconds banked at the moment `atMs`. */
export type PaceRecord = { readonly credit: number; readonly atMs: number };

/**
 * The least time a fast student needs for one answer: PACE.choiceSeconds for a choice item, else
 * PACE.writtenSeconds plus the answer's characters at PACE.charactersPerSecond.
 * @example minAnswerSeconds(true, 'A') // 3;  minAnswerSeconds(false, '十個漢字十個漢字十個') // 9
 */
export function minAnswerSeconds(isChoice: boolean, answer: string): number {
  if (isChoice) return PACE.choiceSeconds;
  const characters = Array.from(answer.replace(/\s+/gu, '')).length;
  return PACE.writtenSeconds + characters / PACE.charactersPerSecond;
}

export type PaceVerdict =
  | { readonly paid: true; readonly pace: PaceRecord }
  | { readonly paid: false; readonly reason: XpWithheld; readonly pace: PaceRecord | undefined };

/**
 * Whether an answer that would earn XP may, and the bucket after it. `servedAtMs` is when the server
 * served the question (undefined: not served); `answerMs` when the answer counts (never before it was
 * served, never after it arrived); `cost` its minimum seconds. The bucket's clock only moves forward,
 * so back-dated answers cannot refill it twice: all the XP-paying answers of any run together take
 * at least (their costs − PACE.bucketSeconds) seconds of real time.
 */
export function paceAnswer(
  pace: PaceRecord | undefined,
  servedAtMs: number | undefined,
  answerMs: number,
  cost: number,
): PaceVerdict {
  if (servedAtMs === undefined) return { paid: false, reason: 'not_served', pace };
  const atMs = Math.max(answerMs, servedAtMs);
  if (atMs - servedAtMs < cost * 1000) return { paid: false, reason: 'too_fast', pace };
  const clock = Math.max(atMs, pace?.atMs ?? atMs);
  const banked = pace === undefined ? PACE.bucketSeconds : pace.credit + (clock - pace.atMs) / 1000;
  const credit = Math.min(PACE.bucketSeconds, banked);
  if (credit < cost) return { paid: false, reason: 'pace', pace };
  return { paid: true, pace: { credit: credit - cost, atMs: clock } };
}

/**
 * The most XP-paying answers a learner can give in `seconds` of real time, at the bound:
 * the bucket plus one answer per `cost` seconds.
 */
export function maxPaidAnswers(seconds: number, cost: number = PACE.choiceSeconds): number {
  return Math.floor((Math.max(0, seconds) + PACE.bucketSeconds) / cost);
}
