/**
 * The teacher's marks as the form holds them and as the call sends them: the points ticked when the
 * answer was marked by points, else a count. Pure, so it is tested without a DOM.
 */
import type { MarkPendingAnswerBody, PendingAnswer } from '@wenyan/contracts';

/** The form's first state: the marker's provisional verdict on each point, or its provisional count. */
export function initialMarks(answer: Pick<PendingAnswer, 'points' | 'pointsEarned'>): {
  earned: ReadonlySet<string>;
  count: number;
} {
  return {
    earned: new Set(answer.points.filter((p) => p.earned).map((p) => p.id)),
    count: answer.pointsEarned,
  };
}

/** The points the marks give, out of those available. */
export function marksTotal(
  answer: Pick<PendingAnswer, 'points' | 'pointsAvailable'>,
  marks: { earned: ReadonlySet<string>; count: number },
): string {
  const earned = answer.points.length > 0 ? marks.earned.size : marks.count;
  return `${earned}/${answer.pointsAvailable} 分`;
}

/** The call's body: the ticked points in the scheme's order (or the count), and the note if any. */
export function markBody(
  answer: Pick<PendingAnswer, 'points'>,
  marks: { earned: ReadonlySet<string>; count: number },
  note: string,
): MarkPendingAnswerBody {
  const trimmed = note.trim();
  const base: MarkPendingAnswerBody =
    answer.points.length > 0
      ? { earnedPointIds: answer.points.filter((p) => marks.earned.has(p.id)).map((p) => p.id) }
      : { pointsEarned: marks.count };
  return trimmed === '' ? base : { ...base, note: trimmed };
}
