/**
 * Lessons (the set texts) and the roadmap's node availability.
 */
import { z } from 'zod';
import { CountSchema, DifficultySchema, LessonIdSchema, positiveIntParam } from './common.ts';
import { QuestionTypeSchema } from './questions.ts';

/** A lesson / passage (spec part 1 §3 and part 2 §3). */
export const LessonSchema = z
  .object({
    id: LessonIdSchema,
    title: z.string(),
    author: z.string(),
    /** 先秦, 漢代, 三國, 唐代, 宋代... */
    era: z.string(),
    description: z.string().nullable(),
    content: z.string(),
    category: z.string(),
    difficulty: DifficultySchema,
    /** CJK characters of the text, punctuation and line breaks excluded. */
    characterCount: CountSchema,
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof LessonSchema>;

export const LessonListSchema = z.array(LessonSchema);
export type LessonList = z.infer<typeof LessonListSchema>;

/** `/api/lessons/:id...` */
export const LessonParamsSchema = z.object({ id: positiveIntParam() });
export type LessonParams = z.infer<typeof LessonParamsSchema>;

/** `/api/lessons/:lessonId/...` */
export const LessonIdParamsSchema = z.object({ lessonId: positiveIntParam() });
export type LessonIdParams = z.infer<typeof LessonIdParamsSchema>;

/** `/api/lessons/:lessonId/nodes/:type/...` */
export const LessonNodeParamsSchema = z.object({ lessonId: positiveIntParam(), type: QuestionTypeSchema });
export type LessonNodeParams = z.infer<typeof LessonNodeParamsSchema>;

/** One node of the lesson roadmap: a question type and how many of its questions exist. */
export const NodeAvailabilitySchema = z.object({
  id: z.string(),
  type: QuestionTypeSchema,
  title: z.string(),
  availableQuestions: CountSchema,
});
export type NodeAvailability = z.infer<typeof NodeAvailabilitySchema>;

export const NodeAvailabilityListSchema = z.array(NodeAvailabilitySchema);
export type NodeAvailabilityList = z.infer<typeof NodeAvailabilityListSchema>;
