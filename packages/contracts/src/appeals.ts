/**
 * Appeals against the marking of a free-text answer: a learner appeals an answer the server marked by
 * its scoring points (「我認為答案正確」); a teacher of their class (or an admin) accepts it, naming
 * the point the learner's rendering earns (the answer is re-marked; the rendering marks the teacher's
 * classes at once and everyone once an admin approves it, an admin's acceptance everyone at once), or
 * declines it with a note the learner reads. Accepted renderings, their queue and their log: below.
 */
import { z } from 'zod';
import { INT4_MAX, LessonIdSchema, positiveIntParam, TimestampSchema, UserIdSchema } from './common.ts';

export const APPEAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const AppealStatusSchema = z.enum(APPEAL_STATUSES);
export type AppealStatus = z.infer<typeof AppealStatusSchema>;

/** The length limit of a learner's reason and of a teacher's note (the domain's APPEAL_NOTE_MAX_LENGTH). */
export const APPEAL_NOTE_MAX = 300;

/** POST /api/users/:userId/appeals. */
export const AppealBodySchema = z.object({
  /** The answer's version in the learner's stream (the answer's reply names it). */
  answerVersion: z.number().int().positive().max(INT4_MAX),
  note: z.string().max(APPEAL_NOTE_MAX).nullable().optional(),
});
export type AppealBody = z.infer<typeof AppealBodySchema>;

/** `/api/teacher/learners/:id/appeals/:version/...` */
export const AppealParamsSchema = z.object({ id: UserIdSchema, version: positiveIntParam() });
export type AppealParams = z.infer<typeof AppealParamsSchema>;

/** POST …/accept: the point the rendering earns, and the rendering (words of the learner's answer). */
export const AcceptAppealBodySchema = z.object({
  pointId: z.string().min(1).max(40),
  rendering: z.string().trim().min(1, { error: '請寫下答案中得分的字詞' }).max(40),
});
export type AcceptAppealBody = z.infer<typeof AcceptAppealBodySchema>;

/** POST …/decline: the note the learner reads. */
export const DeclineAppealBodySchema = z.object({
  note: z.string().trim().min(1, { error: '請寫下不接納的理由' }).max(APPEAL_NOTE_MAX),
});
export type DeclineAppealBody = z.infer<typeof DeclineAppealBodySchema>;

/** GET /api/teacher/appeals. */
export const TeacherAppealsQuerySchema = z.object({ status: AppealStatusSchema.optional() });

/** A learner's stored answer as a teacher's lists name it (an appeal, an answer waiting for marks). */
export const LEARNER_ANSWER_FIELDS = {
  learnerId: UserIdSchema,
  learnerName: z.string(),
  /**
   * The name as the teacher's lists show it: with the learner's username beside it when another
   * learner of the teacher's classes (an admin: of the list) shows the same name (the domain's
   * `tellNamesakesApart`: 「陳大文（c7-01）」), else the name.
   */
  learnerLabel: z.string(),
  answerVersion: z.number().int().positive().max(INT4_MAX),
  questionId: z.string(),
  lessonId: LessonIdSchema,
  questionType: z.string(),
  selectedAnswer: z.string(),
};

/** One appealed answer and what became of it. */
export const AppealSchema = z.object({
  ...LEARNER_ANSWER_FIELDS,
  pointsEarned: z.number().int().nonnegative(),
  pointsAvailable: z.number().int().positive(),
  note: z.string().nullable(),
  appealedAt: TimestampSchema,
  status: AppealStatusSchema,
  /** The teacher's note on a declined appeal. */
  teacherNote: z.string().nullable(),
  resolvedAt: TimestampSchema.nullable(),
  /** The re-mark of an accepted appeal. */
  remark: z
    .object({
      pointId: z.string(),
      rendering: z.string(),
      pointsEarned: z.number().int().nonnegative(),
      pointsAvailable: z.number().int().positive(),
      isCorrect: z.boolean(),
      /** The rendering was reverted since: the marks are those of the re-mark without it. */
      reverted: z.boolean(),
    })
    .nullable(),
});
export type Appeal = z.infer<typeof AppealSchema>;
export const AppealListSchema = z.array(AppealSchema);

/** A scoring point of the question's scheme as a teacher reads it (with every accepted rendering). */
export const SchemePointSchema = z.object({
  id: z.string(),
  kind: z.string(),
  source: z.string(),
  label: z.string(),
  accept: z.array(z.string()),
  reject: z.array(z.string()),
});
export type SchemePoint = z.infer<typeof SchemePointSchema>;

/** An appeal as a teacher reads it: with the question, its model answer and its scheme's points. */
export const TeacherAppealSchema = AppealSchema.extend({
  question: z.object({
    content: z.string(),
    targetText: z.string().nullable(),
    correctAnswer: z.string(),
    points: z.array(SchemePointSchema),
  }),
});
export type TeacherAppeal = z.infer<typeof TeacherAppealSchema>;
export const TeacherAppealListSchema = z.array(TeacherAppealSchema);

// Accepted renderings (issue 36) ------------------------------------------------------------------

/** `pending`: the teacher's classes, awaiting an admin; `approved`: everyone; `rejected`: kept to the teacher's classes; `reverted`: no one. */
export const RENDERING_STATUSES = ['pending', 'approved', 'rejected', 'reverted'] as const;
export const RenderingStatusSchema = z.enum(RENDERING_STATUSES);
export type RenderingStatus = z.infer<typeof RenderingStatusSchema>;
export const RENDERING_SCOPES = ['class', 'global', 'none'] as const;
export const RenderingScopeSchema = z.enum(RENDERING_SCOPES);
export type RenderingScope = z.infer<typeof RenderingScopeSchema>;
export const RENDERING_ACTIONS = ['accepted', 'approved', 'rejected', 'reverted'] as const;
export const RenderingActionSchema = z.enum(RENDERING_ACTIONS);
export type RenderingAction = z.infer<typeof RenderingActionSchema>;

/** `/api/.../renderings/:id/...` */
export const RenderingParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** GET /api/teacher/renderings: optionally one status (the admin's queue: pending). */
export const RenderingsQuerySchema = z.object({ status: RenderingStatusSchema.optional() });

/** One change to a scheme: who, when, what, and whom the rendering marks after it. */
export const RenderingChangeSchema = z.object({
  action: RenderingActionSchema,
  scope: RenderingScopeSchema,
  actorId: UserIdSchema.nullable(),
  actorName: z.string().nullable(),
  at: TimestampSchema,
});

/** An accepted rendering with its question's context and its log (oldest change first). */
export const AcceptedRenderingSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  /** The sentence translated (or the question's wording). */
  questionText: z.string(),
  pointId: z.string(),
  pointLabel: z.string(),
  rendering: z.string(),
  status: RenderingStatusSchema,
  scope: RenderingScopeSchema,
  acceptedBy: UserIdSchema.nullable(),
  acceptedByName: z.string().nullable(),
  acceptedAt: TimestampSchema,
  changes: z.array(RenderingChangeSchema),
});
export type AcceptedRendering = z.infer<typeof AcceptedRenderingSchema>;
export const AcceptedRenderingListSchema = z.array(AcceptedRenderingSchema);

/** A revert's outcome: the rendering, and how many answers were marked again without it. */
export const RevertRenderingResultSchema = z.object({
  rendering: AcceptedRenderingSchema,
  remarkedAnswers: z.number().int().nonnegative(),
});
export type RevertRenderingResult = z.infer<typeof RevertRenderingResultSchema>;
