/**
 * How an accuracy percentage is shown (spec part 1 §4 and §9): the completion popup's rating badge
 * and the accuracy colour.
 */

/** Rating badges, from the highest threshold down; the first reached applies. */
export const RATING_BADGES = [
  { from: 95, label: '完美!' },
  { from: 90, label: '優秀' },
  { from: 80, label: '良好' },
  { from: 70, label: '不錯' },
] as const;
export const RATING_BADGE_FALLBACK = '繼續努力';

/** The rating badge of an accuracy percentage. */
export function ratingBadge(accuracy: number): string {
  return RATING_BADGES.find((badge) => accuracy >= badge.from)?.label ?? RATING_BADGE_FALLBACK;
}

export type AccuracyColour = 'green' | 'yellow' | 'red';
export const ACCURACY_COLOUR_THRESHOLDS = { green: 90, yellow: 70 } as const;

/** The colour of an accuracy percentage: 90 or more green, 70 or more yellow, otherwise red. */
export function accuracyColour(accuracy: number): AccuracyColour {
  if (accuracy >= ACCURACY_COLOUR_THRESHOLDS.green) return 'green';
  if (accuracy >= ACCURACY_COLOUR_THRESHOLDS.yellow) return 'yellow';
  return 'red';
}

/** The quiz screen's difficulty badge: beginner 基礎, intermediate 中階, anything else 高階. */
export function difficultyBadge(difficulty: string): string {
  if (difficulty === 'beginner') return '基礎';
  if (difficulty === 'intermediate') return '中階';
  return '高階';
}
