/**
 * Recitation practice: finishing a run over a range of a passage.
 */
import { z } from 'zod';
import { CountInputSchema, LessonIdSchema, PercentSchema, ProgressResultSchema } from './common.ts';

/** The grade bands of spec part 2 §4: 95 or more, 85 or more, 70 or more, otherwise. */
export const RECITATION_GRADES = ['excellent', 'good', 'pass', 'needs_improvement'] as const;
export const RecitationGradeSchema = z.enum(RECITATION_GRADES);
export type RecitationGrade = z.infer<typeof RecitationGradeSchema>;

/** POST /api/recitations: a finished run over [start, end) of the lesson's text. */
export const FinishRecitationBodySchema = z
  .object({
    lessonId: LessonIdSchema,
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    mistakes: CountInputSchema,
    durationMs: z.number().int().nonnegative().max(86_400_000),
    correctCount: CountInputSchema,
  })
  .refine((body) => body.end > body.start, { message: '結束位置必須在開始位置之後', path: ['end'] });
export type FinishRecitationBody = z.infer<typeof FinishRecitationBodySchema>;

/** The server's verdict on the run, and the XP it earned. */
export const RecitationResultSchema = ProgressResultSchema.extend({
  accuracy: PercentSchema,
  grade: RecitationGradeSchema,
});
export type RecitationResult = z.infer<typeof RecitationResultSchema>;
