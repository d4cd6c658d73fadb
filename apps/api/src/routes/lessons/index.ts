import { findLesson, listLessons } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { toLesson } from './lesson.ts';

/** The set texts: `GET /api/lessons` and `GET /api/lessons/:id`. */
export async function lessonRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listLessons', () =>
    app.cachedContent('lessons', async () => (await listLessons(db)).map(toLesson)),
  );

  defineRoute(app, 'getLesson', async ({ input }) => {
    const lesson = await app.cachedContent(`lesson:${input.params.id}`, async () => {
      const row = await findLesson(db, input.params.id);
      return row ? toLesson(row) : null;
    });
    if (!lesson) throw notFound('lesson');
    return lesson;
  });
}
