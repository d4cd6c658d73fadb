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

/**
 * One note (注釋) of an annotated passage, placed in the lesson's text: `start`/`end` are UTF-16
 * offsets into `Lesson.content` (`content.slice(start, end) === term`). `questionIds` are the lesson's
 * word questions that drill it (their keys stay on the server until answered).
 */
export const PassageNoteSchema = z
  .object({
    id: z.string(),
    term: z.string(),
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    gloss: z.string(),
    /** The Cantonese reading (粵拼) of the term, one syllable per character, where it is given. */
    jyutping: z.string().nullable(),
    /** A 重點字詞: a word exams test. */
    key: z.boolean(),
    /** The longer note this one lies inside (菲薄 in 妄自菲薄), shown in that note's card; else null. */
    parentId: z.string().nullable(),
    questionIds: z.array(z.string()),
  })
  .meta({ id: 'PassageNote' });
export type PassageNote = z.infer<typeof PassageNoteSchema>;

/** One sentence of the passage (its range in `Lesson.content`) with its 語譯. */
export const PassageSentenceSchema = z
  .object({
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    translation: z.string(),
  })
  .meta({ id: 'PassageSentence' });
export type PassageSentence = z.infer<typeof PassageSentenceSchema>;

/** GET /api/lessons/:id/annotations: the passage's notes and 語譯 (both empty while being written). */
export const PassageAnnotationsSchema = z
  .object({
    lessonId: LessonIdSchema,
    notes: z.array(PassageNoteSchema),
    sentences: z.array(PassageSentenceSchema),
  })
  .meta({ id: 'PassageAnnotations' });
export type PassageAnnotations = z.infer<typeof PassageAnnotationsSchema>;
