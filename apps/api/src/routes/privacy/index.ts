import type { FastifyInstance } from 'fastify';
import { erasureRoutes } from './erasure.ts';
import { exportRoutes } from './export.ts';
import { leaderboardPreferenceRoutes } from './nickname.ts';

/** The learner's own data: export, erasure, leaderboard nickname and opt-out; the privacy notice. */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  await exportRoutes(app);
  await erasureRoutes(app);
  await leaderboardPreferenceRoutes(app);
}
