/**
 * The leaderboard: the top ten, the signed-in learner's own place, and the number of learners.
 * The same figures travel over the websocket (see ws.ts), each with the version it reflects.
 */
import { z } from 'zod';
import { CountSchema, PercentSchema, PROFILE_SHAPE, UserIdSchema } from './common.ts';

/** The most entries `top` holds. */
export const LEADERBOARD_TOP_SIZE = 10;

/** One learner on the leaderboard (spec part 2 §3, plus their rank, 1-based). */
export const LeaderboardEntrySchema = z
  .object({
    id: UserIdSchema,
    /** Its `email` is shown only to the learner themself; null for everyone else. */
    ...PROFILE_SHAPE,
    totalXP: CountSchema,
    completedLessons: CountSchema,
    averageAccuracy: PercentSchema,
    streakDays: CountSchema,
    rank: z.number().int().positive(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** The learner's own place, whether or not they are in the top ten. */
export const LeaderboardMeSchema = z.object({
  entry: LeaderboardEntrySchema,
  rank: z.number().int().positive(),
});
export type LeaderboardMe = z.infer<typeof LeaderboardMeSchema>;

/** GET /api/leaderboard. `version` grows with every change; websocket messages carry the same counter. */
export const LeaderboardSchema = z.object({
  version: CountSchema,
  top: z.array(LeaderboardEntrySchema).max(LEADERBOARD_TOP_SIZE),
  /** Null when the learner has no place yet (no XP). */
  me: LeaderboardMeSchema.nullable(),
  /** How many learners compete. */
  total: CountSchema,
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
