/**
 * Self-marking that pays nothing for nothing (issue 37). A long paper question is marked by the learner
 * against its rubric; an answer shorter than the rubric's minimum cannot be marked above the rubric's
 * lowest level, and a self-mark earns no XP and counts in no accuracy or board until a teacher confirms
 * it (`xpWithheld: 'unconfirmed'`), or under its class teacher's rule 直接計算 (`selfMarkCounted`).
 */
import { foldText } from '../grading/fold.ts';

/** Characters (punctuation and spaces aside) a self-marked answer needs per mark of the question. */
export const SELF_MARK_CHARACTERS_PER_MARK = 5;

/**
 * The shortest answer that may be self-marked above the rubric's lowest level: 5 characters a mark
 * (an 8-mark question: 40 characters).
 */
export function selfMarkMinimumCharacters(pointsAvailable: number): number {
  return SELF_MARK_CHARACTERS_PER_MARK * pointsAvailable;
}

/**
 * The points a self-mark records: the learner's, but no more than the lowest level's top mark when the
 * answer is shorter than the minimum.
 * @example selfMarkedPoints('不知道', 8, 8, 2) // 2
 */
export function selfMarkedPoints(
  answer: string,
  pointsEarned: number,
  pointsAvailable: number,
  lowestLevelPoints: number,
): number {
  const characters = Array.from(foldText(answer)).length;
  if (characters >= selfMarkMinimumCharacters(pointsAvailable)) return pointsEarned;
  return Math.min(pointsEarned, lowestLevelPoints);
}
