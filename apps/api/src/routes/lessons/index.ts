import { placeNotes, placeSentences } from '@wenyan/domain';
import { findLesson, findLessonAnnotations, lessonQuestions, listLessons } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { toLesson } from './lesson.ts';

/** The set texts: `GET /api/lessons`, `GET /api/lessons/:id` and its annotations. */
export async function lessonRoutes(app: FastifyInstance): Promise<void> {
  // Content changes only by an admin's import: a replica's lag is no matter.
  const { readDb: db } = app.deps;

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

  defineRoute(app, 'getLessonAnnotations', async ({ input }) => {
    const lessonId = input.params.id;
    const annotations = await app.cachedContent(`annotations:${lessonId}`, async () => {
      const lesson = await findLesson(db, lessonId);
      if (!lesson) return null;
      const stored = await findLessonAnnotations(db, lessonId);
      if (!stored) return { lessonId, notes: [], sentences: [] };
      // The word questions a note links to: the lesson's stored bank (and teachers' items), by highlight.
      const drills = (await lessonQuestions(db, lessonId))
        .filter((q) => q.type === 'word_interpretation')
        .map((q) => ({ id: q.id, targetText: q.target_text, highlight: q.highlight }));
      return {
        lessonId,
        notes: placeNotes(lesson.content, stored.notes, drills),
        sentences: placeSentences(lesson.content, stored.sentences),
      };
    });
    if (!annotations) throw notFound('lesson');
    return annotations;
  });
}
