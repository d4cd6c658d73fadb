/**
 * Recitation practice: finishing a run over a range of a passage, in the 12-choice mode or written
 * from memory (默書: the whole range, the line after a 名句's first line, or a phrase with a character
 * students often miswrite). The server marks every character against the stored text.
 */
import { z } from 'zod';
import { CountInputSchema, LessonIdSchema, PercentSchema, ProgressResultSchema } from './common.ts';

/** The grade bands of spec part 2 §4: 95 or more, 85 or more, 70 or more, otherwise. */
export const RECITATION_GRADES = ['excellent', 'good', 'pass', 'needs_improvement'] as const;
export const RecitationGradeSchema = z.enum(RECITATION_GRADES);
export type RecitationGrade = z.infer<typeof RecitationGradeSchema>;

export const RECITATION_MODES = ['choice', 'free_recall', 'next_line', 'miswrite'] as const;
export const RecitationModeSchema = z.enum(RECITATION_MODES);
export type RecitationMode = z.infer<typeof RecitationModeSchema>;

/** One pick of the 12-choice mode: the position in the text, the character picked, ms since the last pick. */
export const RecitationPickSchema = z
  .object({
    position: z.number().int().nonnegative().max(100_000),
    selected: z.string().min(1).max(2),
    timeSpent: z.number().int().nonnegative().max(86_400_000),
  })
  .strict();
export type RecitationPick = z.infer<typeof RecitationPickSchema>;

/**
 * POST /api/recitations: a finished run over [start, end) of the lesson's text. The choice mode sends
 * its `picks` (the counts are then the server's); a written mode (`free_recall`, `next_line`,
 * `miswrite`) sends what was `written`.
 */
export const FinishRecitationBodySchema = z
  .object({
    lessonId: LessonIdSchema,
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    mode: RecitationModeSchema.default('choice'),
    mistakes: CountInputSchema.default(0),
    durationMs: z.number().int().nonnegative().max(86_400_000),
    picks: z.array(RecitationPickSchema).max(10_000).optional(),
    written: z.string().max(4000, { error: '默寫內容不可多於 4000 字' }).optional(),
    /**
     * Written modes: the token of POST /api/recitations/served, fetched when the learner began writing.
     * The server times the run from it (issue 37): without it a run longer than a phrase is refused.
     */
    served: z.string().max(64).optional(),
  })
  .refine((body) => body.end > body.start, { message: '結束位置必須在開始位置之後', path: ['end'] })
  .refine((body) => body.mode === 'choice' || body.written !== undefined, {
    message: '請先默寫',
    path: ['written'],
  })
  // A run counts only its recorded picks or written text (the first release's bare counts: issue 37).
  .refine((body) => body.mode !== 'choice' || body.picks !== undefined, {
    message: '請提供作答記錄',
    path: ['picks'],
  });
export type FinishRecitationBody = z.infer<typeof FinishRecitationBodySchema>;

/** POST /api/recitations/served: the learner begins writing a lesson's passage from memory. */
export const ServeRecitationBodySchema = z.object({ lessonId: LessonIdSchema }).strict();
export type ServeRecitationBody = z.infer<typeof ServeRecitationBodySchema>;

/** The server's record of when it served the recitation, to send back with the written run. */
export const ServedRecitationSchema = z.object({ served: z.string() });
export type ServedRecitation = z.infer<typeof ServedRecitationSchema>;

/** How one character of the range was written: right, another character, or left out. */
export const RecallMarkSchema = z.object({
  position: z.number().int().nonnegative(),
  character: z.string(),
  typed: z.string(),
  status: z.enum(['correct', 'wrong', 'missing']),
});
export type RecallMark = z.infer<typeof RecallMarkSchema>;

/** The server's verdict on the run, and the XP it earned; a written run also gets every character marked. */
export const RecitationResultSchema = ProgressResultSchema.extend({
  accuracy: PercentSchema,
  grade: RecitationGradeSchema,
  mode: RecitationModeSchema,
  characters: z.number().int().nonnegative(),
  mistakes: z.number().int().nonnegative(),
  /** Written modes: each character of the range as written (choice mode: empty). */
  marks: z.array(RecallMarkSchema),
  /** Written modes: characters written that the text does not have, after the position they follow. */
  extras: z.array(z.object({ after: z.number().int(), typed: z.string() })),
});
export type RecitationResult = z.infer<typeof RecitationResultSchema>;
