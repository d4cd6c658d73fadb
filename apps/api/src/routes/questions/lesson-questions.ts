/** A lesson's questions: plain and keyed, per roadmap node, a type's course, adaptive picks. */
import { QUESTION_TYPES } from '@wenyan/contracts';
import { pickAdaptive, pickCourse, seededRandom } from '@wenyan/domain';
import {
  lessonQuestions,
  nodeAvailability,
  nodeQuestions,
  nodeSessionQuestions,
  readAdaptiveHistory,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toKeyedQuestion, toQuestion } from '../../learner/mappers.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';
import { PRACTICE_TYPE_ORDER, PRACTICE_TYPE_TITLES, requireLesson } from './shared.ts';

/** A lesson's questions (plain and keyed), its roadmap nodes and their questions, a type's course, adaptive picks. */
export async function lessonQuestionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /**
   * A lesson's stored questions served to the user, cached in the instance (one read for everyone while
   * no teacher's question is kept to its classes; then one per viewer).
   */
  async function cachedLessonQuestions(lessonId: number, userId: string) {
    const viewer = await app.questionViewer(userId);
    return app.cachedContent(`lesson-questions:${lessonId}:${viewer ?? '*'}`, async () => {
      await requireLesson(db, lessonId);
      return lessonQuestions(db, lessonId, viewer);
    });
  }

  defineRoute(app, 'listLessonQuestions', async ({ input, user }) =>
    (await cachedLessonQuestions(input.params.lessonId, user.id)).map((q) => toQuestion(q, user.id)),
  );

  defineRoute(app, 'listKeyedLessonQuestions', async ({ input, user }) =>
    (await cachedLessonQuestions(input.params.lessonId, user.id)).map(toKeyedQuestion),
  );

  defineRoute(app, 'getNodeAvailability', async ({ input, user }) => {
    await requireLesson(db, input.params.lessonId);
    const counts = await nodeAvailability(db, input.params.lessonId, await app.questionViewer(user.id));
    return counts
      .filter((c) => PRACTICE_TYPE_TITLES[c.type])
      .sort((a, b) => PRACTICE_TYPE_ORDER.indexOf(a.type) - PRACTICE_TYPE_ORDER.indexOf(b.type))
      .map((c) => ({
        id: `${input.params.lessonId}-${c.type}`,
        type: member(QUESTION_TYPES, c.type),
        title: PRACTICE_TYPE_TITLES[c.type] ?? c.type,
        availableQuestions: c.count,
      }));
  });

  defineRoute(app, 'listNodeQuestions', async ({ input, user }) => {
    await requireLesson(db, input.params.lessonId);
    const rows = await nodeSessionQuestions(
      db,
      input.params.lessonId,
      input.params.type,
      input.query.characterThreshold,
      await app.questionViewer(user.id),
    );
    return rows.slice(0, 8).map((q) => toQuestion(q, user.id));
  });

  defineRoute(app, 'listCourseQuestions', async ({ input, user }) => {
    const { lessonId, courseId, type, limit } = input.query;
    const viewer = await app.questionViewer(user.id);
    const rows = await app.cachedContent(
      `course-candidates:${lessonId}:${type ?? 'all'}:${viewer ?? '*'}`,
      async () => {
        await requireLesson(db, lessonId);
        return type ? nodeQuestions(db, lessonId, type, 900, viewer) : lessonQuestions(db, lessonId, viewer);
      },
    );
    // Course n serves the n-th quarter of the questions by difficulty, the learner's unseen ones first
    // (the domain's pickCourse).
    const history = await readAdaptiveHistory(db, user.id, lessonId);
    const candidates = rows.map((row) => ({
      id: row.id,
      difficulty: row.difficulty,
      characterFrequency: row.character_frequency,
      row,
    }));
    const answered = new Set(Object.keys(history.latestByQuestion));
    return pickCourse(candidates, courseId, limit, answered).map((c) => toQuestion(c.row, user.id));
  });

  defineRoute(app, 'getAdaptiveQuestions', async ({ input, user }) => {
    const { id } = input.params;
    const { type, characterThreshold, count } = input.query;
    await requireLesson(db, id);
    const viewer = await app.questionViewer(user.id);
    const candidates = type
      ? await nodeQuestions(db, id, type, characterThreshold, viewer)
      : await lessonQuestions(db, id, viewer);
    const history = await readAdaptiveHistory(db, user.id, id);
    const seed = Number(user.id) * 7919 + Math.floor(Date.now() / 60_000);
    return pickAdaptive(candidates, history, count, seededRandom(seed)).map((q) => toQuestion(q, user.id));
  });
}
