/**
 * The error book: questions a learner answered wrongly, their notes, and mastery.
 */
import { z } from 'zod';
import { CountSchema, DifficultySchema, PercentSchema, TimestampSchema, UserIdSchema } from './common.ts';
import { KeyedQuestionSchema } from './questions.ts';
import { KnowledgeTagListSchema, RecallSchema } from './reviews.ts';

/** `/api/users/:id/error-questions/:questionId...` (the question's id, not the record's). */
export const ErrorQuestionParamsSchema = z.object({
  id: UserIdSchema,
  questionId: z.string().min(1).max(100),
});
export type ErrorQuestionParams = z.infer<typeof ErrorQuestionParamsSchema>;

/** The causes of an error-book item's 「已掌握」, as `masteredBy` gives them. */
export const MASTERED_BY = ['scheduler', 'self', 'appeal', 'teacher'] as const;
export type MasteredCause = (typeof MASTERED_BY)[number];

/**
 * One wrongly answered question (spec part 2 §3). Active until the learner ticks it mastered
 * (`isActive`, `masteredAt`: the learner's own judgement). Separately, `schedulerMastered` is the
 * scheduler's 「已掌握」: the card's predicted recall on the exam day (if not reviewed again) reaches
 * the learner's target recall, and the last answer was correct.
 */
export const ErrorQuestionRecordSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  question: KeyedQuestionSchema,
  difficulty: DifficultySchema.nullable(),
  attemptCount: CountSchema,
  /** The learner's last wrong answer. */
  incorrectAnswer: z.string().nullable(),
  correctAnswer: z.string(),
  /** The learner's personal note. */
  userExplanation: z.string().nullable(),
  isActive: z.boolean(),
  masteredAt: TimestampSchema.nullable(),
  firstErrorAt: TimestampSchema,
  lastAttemptAt: TimestampSchema,
  /** The question's kinds of knowledge, main first (empty when not tagged yet). */
  tags: KnowledgeTagListSchema,
  /** The scheduler's mastery (see above); false when the question has no card. */
  schedulerMastered: z.boolean(),
  /**
   * Why the item reads 「已掌握」: who closed it (`self`, the learner's tick; `appeal`, a teacher accepted
   * the appeal of its answer; `teacher`, a teacher confirmed its self-marked answer as right), else
   * `scheduler` when the scheduler counts the open item mastered (answered right, by review or again in
   * practice, and recalled on the exam day); null when it is not mastered.
   */
  masteredBy: z.enum(MASTERED_BY).nullable(),
  /** The card's predicted recall on the exam day with no further review (null: no card). */
  predictedExamRecall: RecallSchema.nullable(),
  /** When the scheduler asks for this question again (null: no card). */
  reviewDue: TimestampSchema.nullable(),
});
export type ErrorQuestionRecord = z.infer<typeof ErrorQuestionRecordSchema>;

export const ErrorQuestionListSchema = z.array(ErrorQuestionRecordSchema);
export type ErrorQuestionList = z.infer<typeof ErrorQuestionListSchema>;

/** GET /api/users/:id/error-questions/stats. */
export const ErrorStatsSchema = z.object({
  activeCount: CountSchema,
  masteredCount: CountSchema,
  /** Percent of error questions since mastered. */
  improvementRate: PercentSchema,
  totalErrors: CountSchema,
  /** Open items (not ticked by the learner) the scheduler counts as mastered for the exam day. */
  schedulerMasteredCount: CountSchema,
});
export type ErrorStats = z.infer<typeof ErrorStatsSchema>;

/**
 * The personal note's length limit in characters (code points), the same as the domain's
 * `NOTE_MAX_LENGTH` (packages/domain, which decides) and the client's note field.
 */
export const ERROR_NOTE_MAX_LENGTH = 1000;

/** PATCH /api/users/:id/error-questions/:questionId: save a personal note (the client sends it as an incorrect answer). */
export const UpdateErrorQuestionBodySchema = z.object({
  isCorrect: z.boolean(),
  userExplanation: z
    .string({ error: '請輸入筆記' })
    .trim()
    .min(1, { error: '請輸入筆記' })
    .refine((note) => [...note].length <= ERROR_NOTE_MAX_LENGTH, {
      error: `筆記不能多於 ${ERROR_NOTE_MAX_LENGTH} 字`,
    }),
});
export type UpdateErrorQuestionBody = z.infer<typeof UpdateErrorQuestionBodySchema>;
