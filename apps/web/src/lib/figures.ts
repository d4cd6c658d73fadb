/**
 * Figures shown only when there is data behind them: a learner who has not answered anything has no
 * accuracy (「—」), not 「0.0%」.
 */

/**
 * The accuracy to show: the server's figure once the learner's lesson records show an answer; null
 * (printed 「—」) when they show none. While the records are still loading (undefined), the server's
 * figure stands unless it is 0, which with no records to back it is shown as unknown too.
 */
export function accuracyShown(
  averageAccuracy: number,
  records: ReadonlyArray<{ readonly questionsCompleted: number }> | undefined,
): number | null {
  if (records === undefined) return averageAccuracy > 0 ? averageAccuracy : null;
  return records.some((record) => record.questionsCompleted > 0) ? averageAccuracy : null;
}

/** What the accuracy tile says when tapped. */
export function accuracySentence(accuracy: string | null): string {
  return accuracy === null ? '你尚未作答，未有準確率。' : `你的平均準確率為 ${accuracy}`;
}

/**
 * A count as Hong Kong writes it, digits grouped by threes: 12345 → 「12,345」 (what
 * `toLocaleString('zh-HK')` prints for a whole number). Written out rather than through `Intl`: a page's
 * first `Intl` call loads the locale's data, 10–40 ms on this project's test machine and four times that
 * on a mid-range phone, and the header prints the learner's XP on every screen's first paint.
 */
export function countLabel(count: number): string {
  const whole = Math.round(count);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
