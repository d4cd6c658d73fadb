import type { FastifyInstance } from 'fastify';

/**
 * Decorates `teachesLearner(teacherId, learnerId)`: true when the learner is a member of one of the
 * teacher's classes. Registered without encapsulation so every route's auth rule can ask it.
 */
export async function registerTeacherAccess(app: FastifyInstance): Promise<void> {
  app.decorate('teachesLearner', async (_teacherId: string, _learnerId: string) => false);
}

/** Classes, the class dashboard and a learner's replay (filled in by the teacher issue). */
export async function teacherRoutes(_app: FastifyInstance): Promise<void> {}
