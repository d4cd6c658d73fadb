import type {
  ErrorQuestionRecord,
  KeyedQuestion,
  MasteredCause,
  Question,
  SchemePoint,
  UserStatsRecord,
  XpAward,
} from '@wenyan/contracts';
import {
  type ErrorRecordView,
  type ExamPlan,
  examRecall,
  isSchedulerMastered,
  type LearnerEvent,
  lessonProgressPercent,
  type MarkingScheme,
  type MasteredBy,
  optionOrder,
  type QuestionForGrading,
  type ReviewCard,
} from '@wenyan/domain';

import { servedToken } from './served.ts';

/** A question as read from the questions table. */
export interface QuestionRow {
  id: string;
  lesson_id: number;
  type: string;
  content: string;
  options: string[] | null;
  correct_answer: string;
  explanation: string;
  cultural_context: string | null;
  target_text: string | null;
  highlight: string | null;
  difficulty: string;
  character_frequency: number | null;
  points: number | null;
  rubric?: { level: string; marks: string; descriptor: string }[] | null;
}

/** The stored question as the decider grades an answer against it (answers, appeals). */
export function questionForGrading(row: {
  readonly id: string;
  readonly lesson_id: number;
  readonly type: string;
  readonly difficulty: string;
  readonly correct_answer: string;
  readonly target_text: string | null;
  readonly content: string | null;
  readonly marking: QuestionForGrading['marking'];
}): QuestionForGrading {
  return {
    id: row.id,
    lessonId: row.lesson_id,
    type: row.type,
    difficulty: row.difficulty,
    correctAnswer: row.correct_answer,
    targetText: row.target_text,
    content: row.content,
    marking: row.marking,
  };
}

/**
 * A questions row as a learner reads it before answering: no key, scheme, explanation or note, and the
 * options in this learner's order for this question.
 */
export function toQuestion(row: QuestionRow, learnerId: string): Question {
  return {
    id: row.id,
    lessonId: row.lesson_id,
    type: row.type as Question['type'],
    content: row.content,
    options: optionOrder(learnerId, row.id, row.options ?? []),
    targetText: row.target_text,
    highlight: row.highlight,
    difficulty: row.points === null ? (row.difficulty as Question['difficulty']) : null,
    characterFrequency: row.character_frequency as Question['characterFrequency'],
    points: row.points,
    rubric: row.type === 'long_question' ? (row.rubric ?? null) : null,
    served: servedToken(learnerId, row.id),
  };
}

/** A questions row with its key, in its stored option order (teachers' and admins' views, the error book). */
export function toKeyedQuestion(row: QuestionRow): KeyedQuestion {
  return {
    id: row.id,
    lessonId: row.lesson_id,
    type: row.type as Question['type'],
    content: row.content,
    options: row.options ?? [],
    targetText: row.target_text,
    highlight: row.highlight,
    difficulty: row.points === null ? (row.difficulty as Question['difficulty']) : null,
    characterFrequency: row.character_frequency as Question['characterFrequency'],
    points: row.points,
    rubric: row.rubric ?? null,
    correctAnswer: row.correct_answer,
    explanation: row.explanation,
    culturalContext: row.cultural_context,
  };
}

/** The XP lines among freshly decided events, as the contract shows them. */
export function xpAwards(events: readonly LearnerEvent[]): XpAward[] {
  return events.flatMap((e) =>
    e.type === 'XpAwarded' ? [{ amount: e.data.amount, reason: e.data.reason }] : [],
  );
}

/** What the scheduler says of an error-book item: its card (if any), the plan and the moment. */
export interface ErrorReview {
  card: ReviewCard | undefined;
  /** The question's knowledge tags (known ones only). */
  tags: ErrorQuestionRecord['tags'];
  plan: ExamPlan | null;
  nowMs: number;
}

/** The scheduler's fields of an error-book record (「已掌握」 by the scheduler, recall, next review). */
export function errorReviewFields(review: ErrorReview) {
  const { card, plan, nowMs } = review;
  return {
    tags: review.tags,
    schedulerMastered: card !== undefined && isSchedulerMastered(card, plan, nowMs),
    predictedExamRecall: card === undefined ? null : examRecall(card, plan, nowMs),
    reviewDue: card === undefined ? null : card.due,
  };
}

/**
 * Why an error-book item reads 「已掌握」: who closed it, else the scheduler (an open item it counts
 * mastered), else null. Migration 0024 gave every closed record its cause; one written without it (by
 * a process older than the migration) reads as the learner's tick, the commonest cause.
 */
export function masteredCause(
  record: { isActive: boolean; masteredBy: MasteredBy | null },
  schedulerMastered: boolean,
): MasteredCause | null {
  if (!record.isActive) return record.masteredBy ?? 'self';
  return schedulerMastered ? 'scheduler' : null;
}

/** An error-book record of the view, with its question and what the scheduler says of it. */
export function toErrorRecord(
  record: ErrorRecordView,
  question: KeyedQuestion,
  review: ErrorReview,
): ErrorQuestionRecord {
  const fields = errorReviewFields(review);
  return {
    ...fields,
    masteredBy: masteredCause(record, fields.schedulerMastered),
    id: record.questionId,
    questionId: record.questionId,
    question,
    difficulty: question.difficulty,
    attemptCount: record.attemptCount,
    incorrectAnswer: record.incorrectAnswer,
    correctAnswer: record.correctAnswer,
    userExplanation: record.userExplanation,
    isActive: record.isActive,
    masteredAt: record.masteredAt,
    firstErrorAt: record.firstErrorAt,
    lastAttemptAt: record.lastAttemptAt,
  };
}

/** A lesson's stats as the contract's record, with its progress computed by the one rule. */
export function toStatsRecord(r: Omit<UserStatsRecord, 'progressPercent'>): UserStatsRecord {
  return {
    lessonId: r.lessonId,
    questionsCompleted: r.questionsCompleted,
    totalQuestions: r.totalQuestions,
    xpEarned: r.xpEarned,
    accuracy: r.accuracy,
    progressPercent: lessonProgressPercent(r.questionsCompleted, r.totalQuestions),
  };
}

/** A marking scheme's points as a teacher reads them (an appeal, the marking queue, a worksheet's key). */
export function schemePoints(scheme: MarkingScheme | null): SchemePoint[] {
  return (scheme?.points ?? []).map((p) => ({
    id: p.id,
    kind: p.kind,
    source: p.source,
    label: p.label,
    accept: [...p.accept],
    reject: [...(p.reject ?? [])],
  }));
}
