/**
 * Self-marked answers a teacher confirms (issue 37): a long paper question's self-mark earns XP and
 * counts in accuracy and on the board only once the teacher of the learner's class confirms it, at the
 * learner's mark or adjusted. Spread into `apiRoutes`.
 */
import { z } from 'zod';
import { AppealParamsSchema } from './appeals.ts';
import { CountSchema, TimestampSchema, UserIdSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import type { RouteContract } from './route-contract.ts';
import { ClassParamsSchema } from './teacher.ts';

/** A self-marked answer waiting for the teacher. */
export const SelfMarkSchema = z.object({
  learnerId: UserIdSchema,
  /** The learner's full name as the teacher knows it (null without one). */
  learnerName: z.string().nullable(),
  answerVersion: z.number().int().positive(),
  questionId: z.string(),
  lessonId: z.number().int(),
  selectedAnswer: z.string(),
  pointsEarned: CountSchema,
  pointsAvailable: z.number().int().positive(),
  answeredAt: TimestampSchema,
});
export type SelfMark = z.infer<typeof SelfMarkSchema>;
export const SelfMarkListSchema = z.array(SelfMarkSchema);

/** POST …/confirm: the mark the teacher gives (the learner's, or adjusted). */
export const ConfirmSelfMarkBodySchema = z.object({ pointsEarned: z.number().int().min(0).max(100) });
export type ConfirmSelfMarkBody = z.infer<typeof ConfirmSelfMarkBodySchema>;

export const SelfMarkConfirmationSchema = z.object({
  answerVersion: z.number().int().positive(),
  pointsEarned: CountSchema,
  pointsAvailable: z.number().int().positive(),
  isCorrect: z.boolean(),
});
export type SelfMarkConfirmation = z.infer<typeof SelfMarkConfirmationSchema>;

/**
 * How the class's self-marks count: 'confirm' (須老師確認, the default) or 'direct' (直接計算). A learner in
 * several classes is under the strictest (any 'confirm' wins); a learner in none, under 'confirm'.
 */
export const SelfMarkRuleSchema = z.enum(['confirm', 'direct']);
export const ClassSelfMarkRuleSchema = z.object({ rule: SelfMarkRuleSchema });
export type ClassSelfMarkRule = z.infer<typeof ClassSelfMarkRuleSchema>;

export const selfMarkRoutes = {
  getSelfMarkRule: {
    method: 'GET',
    path: '/api/teacher/classes/:id/self-mark-rule',
    summary: "How the class's self-marked answers count: after the teacher confirms them, or at once",
    auth: 'teacher',
    params: ClassParamsSchema,
    responses: { 200: ClassSelfMarkRuleSchema, ...errorResponses(400, 401, 403, 404) },
  },
  setSelfMarkRule: {
    method: 'PUT',
    path: '/api/teacher/classes/:id/self-mark-rule',
    summary:
      "Sets how the class's self-marks count (recorded on the class stream); an answer shorter than the rubric's minimum stays capped at its lowest level",
    auth: 'teacher',
    params: ClassParamsSchema,
    body: ClassSelfMarkRuleSchema,
    responses: { 200: ClassSelfMarkRuleSchema, ...errorResponses(400, 401, 403, 404) },
  },
  listSelfMarks: {
    method: 'GET',
    path: '/api/teacher/classes/:id/self-marks',
    summary: "A class's self-marked answers waiting for the teacher's confirmation",
    auth: 'teacher',
    params: ClassParamsSchema,
    responses: { 200: SelfMarkListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  confirmSelfMark: {
    method: 'POST',
    path: '/api/teacher/learners/:id/self-marks/:version/confirm',
    summary: 'Confirm (or adjust) a self-marked answer: it then counts in accuracy and earns XP',
    auth: 'teacherOfLearner',
    params: AppealParamsSchema,
    body: ConfirmSelfMarkBodySchema,
    responses: { 200: SelfMarkConfirmationSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
} as const satisfies Record<string, RouteContract>;
