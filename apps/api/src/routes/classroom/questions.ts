/** A teacher's own questions (list, edit, withdraw) and the admin's review queue and publish. */
import type { TeacherQuestion } from '@wenyan/contracts';
import {
  changeTeacherQuestion,
  editTeacherQuestion,
  findLesson,
  findTeacherQuestion,
  listTeacherQuestions,
  questionChanges,
  teacherQuestionStatus,
  type UserRecord,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toKeyedQuestion } from '../../learner/mappers.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { questionFields } from '../questions/shared.ts';

type ListedRow = Awaited<ReturnType<typeof listTeacherQuestions>>[number];

const isAdmin = (user: UserRecord) => user.roles.includes('admin');

/** Teachers' questions (their list, edit, withdraw) and the admin's review queue. */
export async function classroomQuestionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  async function withHistory(rows: ListedRow[]): Promise<TeacherQuestion[]> {
    const history = await questionChanges(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      ...toKeyedQuestion(row),
      status: teacherQuestionStatus(row),
      authorId: row.created_by === null ? null : String(row.created_by),
      authorName: row.author_first ?? row.author_username ?? null,
      createdAt: new Date(row.created_at).toISOString(),
      history: (history.get(row.id) ?? []).map((h) => ({
        change: h.change,
        actorId: h.actorId,
        actorName: h.actorName,
        at: h.recordedAt.toISOString(),
      })),
    }));
  }

  async function oneQuestion(id: string): Promise<TeacherQuestion> {
    const [row] = await withHistory(await listTeacherQuestions(db, { id }));
    if (!row) throw notFound('question');
    return row;
  }

  /** A teacher's question the user may change: its author, or an admin (404 unknown, 403 another's). */
  async function ownQuestion(user: UserRecord, id: string) {
    const found = await findTeacherQuestion(db, id);
    if (!found) throw notFound('question');
    if (String(found.created_by) !== user.id && !isAdmin(user)) throw forbidden('this is not your question');
    if (found.withdrawn_at !== null) throw new ApiError(409, 'CONFLICT', '此題目已撤回');
    return found;
  }

  defineRoute(app, 'listTeacherQuestions', async ({ input, user }) =>
    withHistory(
      await listTeacherQuestions(db, {
        ...(isAdmin(user) ? {} : { authorId: user.id }),
        ...(input.query.status ? { status: input.query.status } : {}),
      }),
    ),
  );

  defineRoute(app, 'editQuestion', async ({ input, user }) => {
    await ownQuestion(user, input.params.id);
    const body = input.body;
    if (!(await findLesson(db, body.lessonId))) throw notFound('lesson');
    const edited = await editTeacherQuestion(
      db,
      input.params.id,
      questionFields(body),
      user.id,
      // A teacher's edit of a published question goes back to the review queue; an admin's does not.
      !isAdmin(user),
    );
    if (!edited) throw new ApiError(409, 'CONFLICT', '此題目已撤回');
    app.invalidateContent();
    return oneQuestion(input.params.id);
  });

  defineRoute(app, 'withdrawQuestion', async ({ input, user }) => {
    await ownQuestion(user, input.params.id);
    if (!(await changeTeacherQuestion(db, input.params.id, 'withdrawn', user.id))) {
      throw new ApiError(409, 'CONFLICT', '此題目已撤回');
    }
    app.invalidateContent();
    return oneQuestion(input.params.id);
  });

  defineRoute(app, 'listQuestionReview', async () =>
    withHistory(await listTeacherQuestions(db, { status: 'class' })),
  );

  defineRoute(app, 'publishQuestion', async ({ input, user }) => {
    const found = await findTeacherQuestion(db, input.params.id);
    if (!found) throw notFound('question');
    if (!(await changeTeacherQuestion(db, found.id, 'published', user.id))) {
      throw new ApiError(
        409,
        'CONFLICT',
        found.withdrawn_at !== null ? '此題目已撤回，不能發佈' : '此題目已經發佈',
      );
    }
    app.invalidateContent();
    return oneQuestion(found.id);
  });
}
