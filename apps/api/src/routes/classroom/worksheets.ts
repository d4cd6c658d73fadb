/** Worksheets: a lesson's questions of a type to print, and the key with the marking scheme. */
import type { QuestionType, WorksheetKey } from '@wenyan/contracts';
import {
  acceptedRenderings,
  findLesson,
  nodeQuestions,
  type UserRecord,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { schemePoints, toKeyedQuestion, toQuestion } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { PRACTICE_TYPE_TITLES } from '../questions/shared.ts';

/** Every frequency tier: a worksheet prints the lesson's whole set of a type. */
const ANY_FREQUENCY = 2_147_483_647;

/** A lesson's worksheet of a practice type, and its key (the scheme as the teacher's classes are marked). */
export async function worksheetRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  async function worksheetRows(user: UserRecord, lessonId: number, type: QuestionType, only?: string) {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) throw notFound('lesson');
    const all = await nodeQuestions(db, lessonId, type, ANY_FREQUENCY, await app.questionViewer(user.id));
    // `?questions=`: the class report's worksheet of the items most got wrong, in the lesson's order.
    const chosen = only === undefined ? null : new Set(only.split(','));
    const rows = chosen === null ? all : all.filter((q) => chosen.has(q.id));
    if (rows.length === 0) throw notFound('questions of this type');
    const head = {
      lessonId,
      lessonTitle: lesson.title,
      author: lesson.author,
      type,
      typeTitle: PRACTICE_TYPE_TITLES[type] ?? type,
    };
    return { head, rows };
  }

  defineRoute(app, 'getWorksheet', async ({ input, user }) => {
    const { head, rows } = await worksheetRows(
      user,
      input.params.lessonId,
      input.params.type,
      input.query.questions,
    );
    return { ...head, questions: rows.map((q) => toQuestion(q, user.id)) };
  });

  defineRoute(app, 'getWorksheetKey', async ({ input, user }): Promise<WorksheetKey> => {
    const { head, rows } = await worksheetRows(
      user,
      input.params.lessonId,
      input.params.type,
      input.query.questions,
    );
    // The scheme as the teacher's classes are marked: approved renderings and the teacher's own.
    const renderings = await acceptedRenderings(
      db,
      rows.map((r) => r.id),
      { teacherIds: [user.id] },
    );
    return {
      ...head,
      questions: rows.map((q) => {
        const scheme = withAcceptedRenderings(
          q.marking ?? null,
          renderings.filter((r) => r.questionId === q.id),
        );
        return {
          ...toKeyedQuestion(q),
          scheme: schemePoints(scheme),
        };
      }),
    };
  });
}
