/**
 * DSE past papers and mixed-year practice. Paper questions use the read question shape (with `points`).
 */
import { z } from 'zod';
import { CountSchema, commaList, LessonIdSchema, positiveIntParam, repeatedParam } from './common.ts';
import { QuestionTypeSchema } from './questions.ts';

export const PAPER_STATUSES = ['available', 'processing'] as const;
export const PaperStatusSchema = z.enum(PAPER_STATUSES);
export type PaperStatus = z.infer<typeof PaperStatusSchema>;

/** A year as four digits, e.g. "2019". */
export const YearSchema = z.string().regex(/^\d{4}$/);

/** A past paper; only an "available" one can be opened. */
export const DsePaperSchema = z.object({
  id: z.number().int().positive(),
  year: YearSchema,
  title: z.string(),
  /** The paper's form, e.g. 「2018 形式」: a mock paper in that year's exam form, not that year's paper. */
  badge: z.string(),
  questionCount: CountSchema,
  status: PaperStatusSchema,
});
export type DsePaper = z.infer<typeof DsePaperSchema>;

export const DsePaperListSchema = z.array(DsePaperSchema);
export type DsePaperList = z.infer<typeof DsePaperListSchema>;

/**
 * GET /api/dse-papers/about: what the papers are, in the content's own words: the screens' name for
 * them (「DSE 模擬試題」) and the disclaimer every paper screen shows.
 */
export const DseAboutSchema = z.object({ name: z.string(), disclaimer: z.string() });
export type DseAbout = z.infer<typeof DseAboutSchema>;

/** `/api/dse-papers/:paperId/questions` */
export const DsePaperParamsSchema = z.object({ paperId: positiveIntParam() });
export type DsePaperParams = z.infer<typeof DsePaperParamsSchema>;

/** A passage that has past-paper questions. */
export const DsePassageSchema = z.object({ id: LessonIdSchema, title: z.string(), author: z.string() });
export type DsePassage = z.infer<typeof DsePassageSchema>;

/** GET /api/dse-questions/metadata: what the past-paper page's mixed mode can filter on. */
export const DseMetadataSchema = z.object({
  types: z.array(QuestionTypeSchema),
  passages: z.array(DsePassageSchema),
});
export type DseMetadata = z.infer<typeof DseMetadataSchema>;

/** GET /api/dse-questions/mix?types=a&types=b&passages=1&passages=2 (repeated parameters; passages are lesson ids). */
export const DseMixQuerySchema = z.object({
  types: repeatedParam(QuestionTypeSchema).optional(),
  passages: repeatedParam(positiveIntParam()).optional(),
  limit: positiveIntParam().max(50).default(20),
});
export type DseMixQuery = z.infer<typeof DseMixQuerySchema>;

/** GET /api/dse-mixed-practice/filters. */
export const DseMixedPracticeFiltersSchema = z.object({
  availableTexts: z.array(DsePassageSchema),
  availableTypes: z.array(QuestionTypeSchema),
  availableYears: z.array(YearSchema),
});
export type DseMixedPracticeFilters = z.infer<typeof DseMixedPracticeFiltersSchema>;

/** The question counts the mixed-year page offers. */
export const MIXED_PRACTICE_COUNTS = [10, 15, 20, 30] as const;

/** GET /api/dse-mixed-practice?lessonIds=1,2&types=a,b&years=2019,2020&limit=20: at least one filter. */
export const DseMixedPracticeQuerySchema = z
  .object({
    lessonIds: commaList(positiveIntParam()).optional(),
    types: commaList(QuestionTypeSchema).optional(),
    years: commaList(YearSchema).optional(),
    limit: positiveIntParam().max(50).default(20),
  })
  .superRefine((query, ctx) => {
    if (!query.lessonIds?.length && !query.types?.length && !query.years?.length) {
      ctx.addIssue({ code: 'custom', message: '請選擇至少一個篩選條件', path: ['lessonIds'] });
    }
  });
export type DseMixedPracticeQuery = z.infer<typeof DseMixedPracticeQuerySchema>;
