import type { FastifyInstance } from 'fastify';
import { learnerAppealRoutes } from './learner.ts';
import { renderingRoutes } from './renderings.ts';
import { appealResolutionRoutes } from './resolve.ts';

/**
 * Appeals: the learner's (`learner.ts`), the teacher's acceptance or refusal (`resolve.ts`), and the
 * renderings accepted on appeal with their queue, log and revert (`renderings.ts`, `revert.ts`).
 */
export async function appealRoutes(app: FastifyInstance): Promise<void> {
  await renderingRoutes(app);
  await learnerAppealRoutes(app);
  await appealResolutionRoutes(app);
}
