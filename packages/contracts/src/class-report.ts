/**
 * The per-question class report (issue 40): which items of a lesson or an assignment most of a class
 * got wrong, with their common wrong answers counted (never who gave them). Spread into `apiRoutes`.
 */
import { z } from 'zod';
import { CountSchema, positiveIntParam } from './common.ts';
import { errorResponses } from './errors.ts';
import { AssignmentIdSchema } from './homework.ts';
import { QuestionTypeSchema } from './questions.ts';
import type { RouteContract } from './route-contract.ts';
import { ClassParamsSchema } from './teacher.ts';

/** A share of the class at or above which an item counts as 「大部分同學答錯」. */
export const MOST_WRONG_SHARE = 0.5;

/** `?lessonId=1[&type=…]` (a lesson, or one practice type of it) or `?assignmentId=…`: exactly one. */
export const ClassReportQuerySchema = z
  .object({
    lessonId: positiveIntParam().optional(),
    type: QuestionTypeSchema.optional(),
    assignmentId: AssignmentIdSchema.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.lessonId === undefined) === (q.assignmentId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lessonId'], message: '請指定一課或一份功課（只可其一）' });
    }
    if (q.type !== undefined && q.lessonId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: '題型只可與課文一併指定' });
    }
  });
export type ClassReportQuery = z.infer<typeof ClassReportQuerySchema>;

export const ClassReportItemSchema = z.object({
  questionId: z.string(),
  lessonId: z.number().int(),
  type: z.string(),
  content: z.string(),
  targetText: z.string().nullable(),
  correctAnswer: z.string(),
  /** Learners of the class who answered the item. */
  answered: CountSchema,
  /** Of them, learners who answered it wrongly at least once. */
  wrong: CountSchema,
  /** Of them, learners for whom it is still open in their error book. */
  stillOpen: CountSchema,
  /** wrong ÷ answered, 0–1. */
  wrongShare: z.number().min(0).max(1),
  /** wrongShare ≥ MOST_WRONG_SHARE. */
  mostWrong: z.boolean(),
  /** The wrong answers most given (each learner's latest), counted: no names. */
  wrongAnswers: z.array(z.object({ answer: z.string(), count: CountSchema })),
});
export type ClassReportItem = z.infer<typeof ClassReportItemSchema>;

/** A worksheet of the items most of the class got wrong: one per lesson and practice type. */
export const ClassReportWorksheetSchema = z.object({
  lessonId: z.number().int(),
  type: QuestionTypeSchema,
  questionIds: z.array(z.string()),
});

export const ClassReportSchema = z.object({
  classId: z.string(),
  /** What the report covers, in words: 「《論語》句譯」 or the assignment's title. */
  title: z.string(),
  scope: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('lesson'), lessonId: z.number().int(), type: QuestionTypeSchema.nullable() }),
    z.object({ kind: z.literal('assignment'), assignmentId: z.string() }),
  ]),
  /** The class's members now (the items' counts are out of those who answered). */
  learnerCount: CountSchema,
  /** Most wrong first; items nobody answered are left out. */
  items: z.array(ClassReportItemSchema),
  worksheets: z.array(ClassReportWorksheetSchema),
});
export type ClassReport = z.infer<typeof ClassReportSchema>;

export const classReportRoutes = {
  getClassQuestionReport: {
    method: 'GET',
    path: '/api/teacher/classes/:id/question-report',
    summary:
      "Per-question report of a class on a lesson or an assignment: items most got wrong, with their common wrong answers (the class's teacher or an admin)",
    auth: 'teacher',
    params: ClassParamsSchema,
    query: ClassReportQuerySchema,
    responses: { 200: ClassReportSchema, ...errorResponses(400, 401, 403, 404) },
  },
} as const satisfies Record<string, RouteContract>;
