/**
 * Word-meaning practice: the lesson and mixed-session lists, the question query, completion records and stats.
 */
import { z } from 'zod';
import {
  CountInputSchema,
  CountSchema,
  commaList,
  DifficultySchema,
  LessonIdSchema,
  PercentSchema,
  positiveIntParam,
  SecondsSchema,
  TimestampSchema,
  UserIdInputSchema,
} from './common.ts';

/**
 * GET /api/vocabulary/questions in the spec's three forms: lessonIds (comma-joined), sessionId
 * (a mixed session) or lessonId, each with a limit. At least one of the three is required.
 */
export const VocabularyQuestionsQuerySchema = z
  .object({
    lessonIds: commaList(positiveIntParam()).optional(),
    sessionId: positiveIntParam().optional(),
    lessonId: positiveIntParam().optional(),
    limit: positiveIntParam().max(50).default(10),
  })
  .superRefine((query, ctx) => {
    if (!query.lessonIds?.length && query.sessionId === undefined && query.lessonId === undefined) {
      ctx.addIssue({ code: 'custom', message: '請選擇課文或練習單元', path: ['lessonIds'] });
    }
  });
export type VocabularyQuestionsQuery = z.infer<typeof VocabularyQuestionsQuerySchema>;

/** A lesson offering word questions. */
export const VocabularyLessonSchema = z.object({
  id: LessonIdSchema,
  title: z.string(),
  author: z.string(),
  era: z.string(),
  questionCount: CountSchema,
});
export type VocabularyLesson = z.infer<typeof VocabularyLessonSchema>;

export const VocabularyLessonListSchema = z.array(VocabularyLessonSchema);
export type VocabularyLessonList = z.infer<typeof VocabularyLessonListSchema>;

/** A mixed session: 10 word questions drawn from several texts. The quiz runs it as lesson id `-sessionId`. */
export const MixedLessonSchema = z.object({
  id: z.number().int().positive(),
  sessionId: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  questionCount: CountSchema,
});
export type MixedLesson = z.infer<typeof MixedLessonSchema>;

export const MixedLessonListSchema = z.array(MixedLessonSchema);
export type MixedLessonList = z.infer<typeof MixedLessonListSchema>;

export const EXERCISE_TYPES = ['quick_practice', 'mixed_session', 'lesson_specific'] as const;
export const ExerciseTypeSchema = z.enum(EXERCISE_TYPES);
export type ExerciseType = z.infer<typeof ExerciseTypeSchema>;

/** POST /api/vocabulary/records: a finished word quiz. Score is a whole percent; time in seconds. */
export const VocabularyRecordBodySchema = z
  .object({
    userId: UserIdInputSchema,
    exerciseType: ExerciseTypeSchema,
    exerciseId: z.union([z.string().min(1).max(100), z.number().int()]).transform((value) => String(value)),
    lessonIds: z.array(LessonIdSchema).nullable(),
    score: PercentSchema,
    timeSpent: SecondsSchema,
    questionsAnswered: CountInputSchema,
    correctAnswers: CountInputSchema,
    difficulty: DifficultySchema.default('intermediate'),
  })
  .refine((body) => body.correctAnswers <= body.questionsAnswered, {
    message: '答對題數不能多於作答題數',
    path: ['correctAnswers'],
  });
export type VocabularyRecordBody = z.infer<typeof VocabularyRecordBodySchema>;

/** A stored completion record. A lesson or session counts as done when a record matches its type and id. */
export const VocabularyRecordSchema = z.object({
  id: z.string(),
  exerciseType: ExerciseTypeSchema,
  exerciseId: z.string(),
  lessonIds: z.array(LessonIdSchema).nullable(),
  score: PercentSchema,
  timeSpent: SecondsSchema,
  questionsAnswered: CountSchema,
  correctAnswers: CountSchema,
  difficulty: DifficultySchema,
  completedAt: TimestampSchema,
});
export type VocabularyRecord = z.infer<typeof VocabularyRecordSchema>;

export const VocabularyRecordListSchema = z.array(VocabularyRecordSchema);
export type VocabularyRecordList = z.infer<typeof VocabularyRecordListSchema>;

/** GET /api/users/:id/vocabulary/stats. */
export const VocabularyStatsSchema = z.object({
  totalExercises: CountSchema,
  /** Percent, 0 when there is no record. */
  averageScore: PercentSchema,
  /** Seconds. */
  totalTimeSpent: z.number().nonnegative(),
});
export type VocabularyStats = z.infer<typeof VocabularyStatsSchema>;

/** The sentence patterns of the 句式 sessions (判斷、被動、賓語前置、省略、倒裝). */
export const SentencePatternIdSchema = z.enum([
  'judgement',
  'passive',
  'object_fronting',
  'omission',
  'inversion',
]);
export type SentencePatternId = z.infer<typeof SentencePatternIdSchema>;

/** A 句式 session: lesson items drilling one sentence pattern, from several texts. */
export const SentencePatternSessionSchema = z
  .object({
    id: SentencePatternIdSchema,
    title: z.string(),
    description: z.string(),
    questionCount: CountSchema,
    /** The texts its items come from. */
    lessonIds: z.array(LessonIdSchema),
  })
  .meta({ id: 'SentencePatternSession' });
export type SentencePatternSession = z.infer<typeof SentencePatternSessionSchema>;

export const SentencePatternSessionListSchema = z.array(SentencePatternSessionSchema);

/** `/api/sentence-patterns/:id/...` */
export const SentencePatternParamsSchema = z.object({ id: SentencePatternIdSchema });
