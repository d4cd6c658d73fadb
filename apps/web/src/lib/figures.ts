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
