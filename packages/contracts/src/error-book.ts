/**
 * The error book: questions a learner answered wrongly, their notes, and mastery.
 */
import { z } from 'zod';
import { CountSchema, DifficultySchema, PercentSchema, TimestampSchema, UserIdSchema } from './common.ts';
import { KeyedQuestionSchema } from './questions.ts';

/** `/api/users/:id/error-questions/:questionId...` (the question's id, not the record's). */
export const ErrorQuestionParamsSchema = z.object({
  id: UserIdSchema,
  questionId: z.string().min(1).max(100),
});
export type ErrorQuestionParams = z.infer<typeof ErrorQuestionParamsSchema>;

/** One wrongly answered question (spec part 2 §3). Active until mastered. */
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
});
export type ErrorStats = z.infer<typeof ErrorStatsSchema>;

/** PATCH /api/users/:id/error-questions/:questionId: save a personal note (the client sends it as an incorrect answer). */
export const UpdateErrorQuestionBodySchema = z.object({
  isCorrect: z.boolean(),
  userExplanation: z
    .string({ error: '請輸入筆記' })
    .trim()
    .min(1, { error: '請輸入筆記' })
    .max(2000, { error: '筆記不能超過 2000 個字' }),
});
export type UpdateErrorQuestionBody = z.infer<typeof UpdateErrorQuestionBodySchema>;
