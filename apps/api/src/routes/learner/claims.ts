/** What the learner's writes check against the content before a command: the lesson exists, a range fits its text. */
import { findLesson } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';

/** A claim the content does not bear out (a lesson that does not exist, a range past the text): 400. */
export function unsupportedClaim(field: string, message: string) {
  return new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

/** A lesson's text, cached; null: no such lesson. */
export const lessonText = (app: FastifyInstance, id: number) =>
  app.cachedContent(`lesson-text:${id}`, async () => (await findLesson(app.deps.db, id))?.content ?? null);

/** A lesson's length in characters (code points, as the recitation screen counts them), cached; null: none. */
export const lessonLength = (app: FastifyInstance, id: number) =>
  app.cachedContent(`lesson-length:${id}`, async () => {
    const text = await lessonText(app, id);
    return text === null ? null : Array.from(text).length;
  });
