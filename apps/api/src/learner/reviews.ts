/**
 * Review cards and plans as the contracts show them: shared by the review, error-book, answer and
 * replay calls.
 */
import { KNOWLEDGE_TAGS, type KnowledgeTag, type ReviewCard as ReviewCardContract } from '@wenyan/contracts';
import { type ExamPlan, type ExamPlanRecord, examRecall, type ReviewCard, recallAt } from '@wenyan/domain';
import type { ReviewSettingsRecord } from '@wenyan/store';

/** The question's tags the contracts know (the content's list; anything else is dropped). */
export function knownTags(tags: readonly string[]): KnowledgeTag[] {
  return tags.filter((t): t is KnowledgeTag => (KNOWLEDGE_TAGS as readonly string[]).includes(t));
}

/** A stored plan of the settings read model, as the domain records it (null before any). */
export function recordedPlan(settings: ReviewSettingsRecord | null): ExamPlanRecord | null {
  if (!settings?.examDate || !settings.examDateSource) return null;
  return {
    examDate: settings.examDate,
    targetRecall: settings.targetRecall,
    source: settings.examDateSource,
    examYear: settings.examYear,
  };
}

/** A card as the contracts show it, with its recall now and on the exam day. */
export function toReviewCard(
  card: ReviewCard & { tags: readonly string[]; inErrorBook: boolean },
  plan: ExamPlan | null,
  nowMs: number,
): ReviewCardContract {
  return {
    questionId: card.questionId,
    lessonId: card.lessonId,
    questionType: card.questionType as ReviewCardContract['questionType'],
    due: card.due,
    state: card.state,
    stability: card.stability,
    difficulty: Math.min(10, Math.max(0, card.difficulty)),
    reps: card.reps,
    lapses: card.lapses,
    lastReviewedAt: card.lastReview,
    recallNow: recallAt(card, nowMs),
    predictedExamRecall: examRecall(card, plan, nowMs),
    tags: knownTags(card.tags),
    inErrorBook: card.inErrorBook,
  };
}
