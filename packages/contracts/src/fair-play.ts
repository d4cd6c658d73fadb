/**
 * Fair-play flags (issue 37): patterns no student produces (answers beyond the pace, an abrupt accuracy
 * jump) flag a learner 「待覆核」 for the Hong Kong week, off the class league, until a teacher of their
 * class or an admin reviews and clears the flag. Spread into `apiRoutes`.
 */
import { z } from 'zod';
import { UserIdSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import type { RouteContract } from './route-contract.ts';

export const FAIR_PLAY_FLAGS = ['pace', 'accuracy_jump'] as const;
/** `pace`: correct answers beyond the pace; `accuracy_jump`: the week's accuracy far above the learner's own. */
export const FairPlayFlagSchema = z.enum(FAIR_PLAY_FLAGS);
export type FairPlayFlag = z.infer<typeof FairPlayFlagSchema>;

export const FairPlayParamsSchema = z.object({ id: UserIdSchema }).strict();

/** The flags the review cleared (the learner's league entry counts for the rest of the week). */
export const FairPlayClearedSchema = z.object({ cleared: z.array(FairPlayFlagSchema) });
export type FairPlayCleared = z.infer<typeof FairPlayClearedSchema>;

export const fairPlayRoutes = {
  clearFairPlayFlag: {
    method: 'POST',
    path: '/api/teacher/learners/:id/fair-play/clear',
    summary:
      "Clear a learner's fair-play flags for the week after review (a teacher of their class, or an admin)",
    auth: 'teacherOfLearner',
    params: FairPlayParamsSchema,
    responses: { 200: FairPlayClearedSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
} as const satisfies Record<string, RouteContract>;
