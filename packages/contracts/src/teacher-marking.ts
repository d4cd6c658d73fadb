/**
 * 待老師批閱 (issue 36): answers the marker could not be sure of wait for a teacher. The teacher of the
 * learner's class (an admin: anyone's) lists them with the question, its source, model answer and
 * scheme, and the marker's provisional verdict per point, and marks each once: the points it earns and
 * a note. The marks are a command on the learner's stream; XP follows the fair rules.
 */
import { z } from 'zod';
import { LEARNER_ANSWER_FIELDS, SchemePointSchema } from './appeals.ts';
import { positiveIntParam, TimestampSchema, UserIdSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import type { RouteContract } from './route-contract.ts';
import { MarkedPointSchema, UserIdParamsSchema } from './users.ts';

export const PENDING_ANSWER_STATUSES = ['pending', 'marked'] as const;
export const PendingAnswerStatusSchema = z.enum(PENDING_ANSWER_STATUSES);

/** The length limit of a teacher's note (the domain's TEACHER_MARK_NOTE_MAX_LENGTH). */
export const TEACHER_MARK_NOTE_MAX = 300;

/** GET /api/teacher/pending-answers. */
export const PendingAnswersQuerySchema = z.object({ status: PendingAnswerStatusSchema.optional() });

/** `/api/teacher/learners/:id/pending-answers/:version/mark` */
export const PendingAnswerParamsSchema = z.object({ id: UserIdSchema, version: positiveIntParam() });

/**
 * POST …/mark: the ids of the scheme's points the answer earns (an answer marked by points), or the
 * points earned (an answer without points); a note the learner reads.
 */
export const MarkPendingAnswerBodySchema = z.object({
  earnedPointIds: z.array(z.string().min(1).max(40)).max(40).optional(),
  pointsEarned: z.number().int().nonnegative().max(100).optional(),
  note: z.string().trim().max(TEACHER_MARK_NOTE_MAX).nullable().optional(),
});
export type MarkPendingAnswerBody = z.infer<typeof MarkPendingAnswerBodySchema>;

/** One answer waiting for (or given) a teacher's marks, with the question as a teacher reads it. */
export const PendingAnswerSchema = z.object({
  ...LEARNER_ANSWER_FIELDS,
  /** The marker's provisional verdict on each scoring point. */
  points: z.array(MarkedPointSchema),
  /** The marker's provisional mark. */
  pointsEarned: z.number().int().nonnegative(),
  pointsAvailable: z.number().int().positive(),
  submittedAt: TimestampSchema,
  status: PendingAnswerStatusSchema,
  /** The teacher's marks, once given. */
  marks: z
    .object({
      pointsEarned: z.number().int().nonnegative(),
      isCorrect: z.boolean(),
      note: z.string().nullable(),
      markedAt: TimestampSchema,
    })
    .nullable(),
  question: z.object({
    content: z.string(),
    /** The passage the answer translates (what it must not merely copy). */
    source: z.string(),
    /** The model answer. */
    correctAnswer: z.string(),
    points: z.array(SchemePointSchema),
  }),
});
export type PendingAnswer = z.infer<typeof PendingAnswerSchema>;
export const PendingAnswerListSchema = z.array(PendingAnswerSchema);

/** The calls of the 待老師批閱 queue, spread into `apiRoutes`. */
export const teacherMarkingRoutes = {
  listMyPendingAnswers: {
    method: 'GET',
    path: '/api/users/:userId/pending-answers',
    summary: "A learner's answers that waited for a teacher (待老師批閱), and the teacher's marks and note",
    auth: 'teacherOrSelf',
    params: UserIdParamsSchema,
    responses: { 200: PendingAnswerListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  listPendingAnswers: {
    method: 'GET',
    path: '/api/teacher/pending-answers',
    summary:
      "Answers waiting for a teacher's marks (待老師批閱): the teacher's classes' (an admin: everyone's)",
    auth: 'teacher',
    query: PendingAnswersQuerySchema,
    responses: { 200: PendingAnswerListSchema, ...errorResponses(400, 401, 403) },
  },
  markPendingAnswer: {
    method: 'POST',
    path: '/api/teacher/learners/:id/pending-answers/:version/mark',
    summary: 'Mark an answer the marker left pending: the points it earns and a note; XP by the fair rules',
    auth: 'teacherOfLearner',
    params: PendingAnswerParamsSchema,
    body: MarkPendingAnswerBodySchema,
    responses: { 200: PendingAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
} as const satisfies Record<string, RouteContract>;
