/** The add-question form: a teacher's new question, limited to QUESTIONS_PER_HOUR an hour. */
import { QUESTIONS_PER_HOUR } from '@wenyan/contracts';
import { insertUserQuestion } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toKeyedQuestion } from '../../learner/mappers.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { questionFields, requireLesson } from './shared.ts';

/** The add-question form: a teacher's new question (201), QUESTIONS_PER_HOUR an hour. */
export async function addQuestionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  // A teacher adds at most QUESTIONS_PER_HOUR an hour (counted in Redis when distributed); admins are not limited.
  const questionCount = app.createRateLimit({
    max: QUESTIONS_PER_HOUR,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (request) => `questions-added:${request.user?.id ?? ''}`,
  });
  const questionLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user || request.user.roles.includes('admin')) return;
    const result = await questionCount(request);
    if (result.isAllowed || !result.isExceeded) return;
    const wait = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(wait));
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `每小時最多新增 ${QUESTIONS_PER_HOUR} 題，請於 ${Math.ceil(wait / 60)} 分鐘後再試。`,
      { retryAfter: wait, limit: QUESTIONS_PER_HOUR },
    );
  };

  defineRoute(
    app,
    'createQuestion',
    async ({ input, user }) => {
      const body = input.body;
      await requireLesson(db, body.lessonId);
      const row = await insertUserQuestion(db, {
        id: `u-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        ...questionFields(body),
        createdBy: user.id,
      });
      app.invalidateContent();
      return toKeyedQuestion(row);
    },
    { successStatus: 201, preHandler: questionLimit },
  );
}
