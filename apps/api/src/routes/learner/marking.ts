/** How an answer's reply shows its marking: the self-assessment of a long question, the verdict, the review card. */
import type { AnswerMarking, AnswerReview, RubricLevel } from '@wenyan/contracts';
import {
  type AnswerSubmitted,
  type LearnerEvent,
  type LearnerState,
  ledgerDueMs,
  NOTE_MESSAGES,
  reviewLedgerOf,
  type SelfAssessment,
} from '@wenyan/domain';
import { ApiError } from '../../plugins/errors.ts';

/** The marks of a level of a rubric ("7-8" → 8, "3" → 3): the learner takes the level's top mark. */
function topMark(marks: string): number {
  return Math.max(...marks.split('-').map(Number));
}

/**
 * A long paper question's self-assessment: the marks of the rubric level the learner gave their
 * answer, out of the question's marks. Required for a long question with a rubric; a 400 naming the
 * field when missing or not one of the rubric's levels.
 */
export function selfAssessmentOf(
  question: { type: string; rubric: readonly RubricLevel[] | null; points: number | null },
  level: string | undefined,
): SelfAssessment | undefined {
  const rubric = question.rubric ?? [];
  if (question.type !== 'long_question' || rubric.length === 0) return undefined;
  const chosen = rubric.find((r) => r.level === level);
  if (!chosen) {
    throw new ApiError(400, 'VALIDATION_FAILED', '請先按評分準則為答案自評', [
      { field: 'body.selfAssessedLevel', message: `must be one of ${rubric.map((r) => r.level).join(', ')}` },
    ]);
  }
  const available = question.points ?? Math.max(...rubric.map((r) => topMark(r.marks)));
  // The rubric's lowest level: a short answer is marked no higher (issue 37).
  const lowest = Math.min(...rubric.map((r) => topMark(r.marks)));
  return {
    pointsEarned: Math.min(topMark(chosen.marks), available),
    pointsAvailable: available,
    lowestLevelPoints: Math.min(lowest, available),
  };
}

/** The answer's marking as the reply shows it (全對 / 部分正確 n/m 分 / 未達要求 / 待老師批閱). */
export function answerMarking(answer: AnswerSubmitted | undefined): AnswerMarking {
  if (!answer) {
    return { verdict: 'incorrect', earned: 0, available: 1, copied: false, selfAssessed: false, points: [] };
  }
  const d = answer.data;
  const notes = d.notes ?? [];
  // A required negation dropped reverses the sentence: 未達要求 whatever else it earned (issue 36).
  const verdict =
    d.pendingReview === true
      ? 'pending'
      : d.pointsEarned >= d.pointsAvailable
        ? 'correct'
        : d.pointsEarned > 0 && !notes.includes('negation_missing')
          ? 'partial'
          : 'incorrect';
  return {
    verdict,
    earned: d.pointsEarned,
    available: d.pointsAvailable,
    copied: d.copied,
    selfAssessed: d.selfAssessed,
    points: d.points.map((p) => ({ ...p })),
    ...(notes.length > 0 ? { notes: notes.map((code) => ({ code, message: NOTE_MESSAGES[code] })) } : {}),
  };
}

/** What the answer did to the question's review card: due or not, review XP, the next review. */
export function answerReview(
  state: LearnerState,
  answer: AnswerSubmitted | undefined,
  events: readonly LearnerEvent[],
): { review?: AnswerReview } {
  if (!answer) return {};
  const dueMs = ledgerDueMs(reviewLedgerOf(state), answer.data.lessonId, answer.data.questionId);
  if (dueMs === undefined) return {};
  const reviewXp = events.reduce(
    (sum, e) => sum + (e.type === 'XpAwarded' && e.data.reason === 'review_correct' ? e.data.amount : 0),
    0,
  );
  return {
    review: { wasDue: answer.data.wasDue === true, reviewXp, nextDue: new Date(dueMs).toISOString() },
  };
}
