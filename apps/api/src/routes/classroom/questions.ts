import type { QuestionType, TeacherQuestion, WorksheetKey } from '@wenyan/contracts';
import {
  acceptedRenderings,
  changeTeacherQuestion,
  editTeacherQuestion,
  findLesson,
  findTeacherQuestion,
  listTeacherQuestions,
  nodeQuestions,
  questionChanges,
  teacherQuestionStatus,
  type UserRecord,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toKeyedQuestion, toQuestion } from '../../learner/mappers.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

type ListedRow = Awaited<ReturnType<typeof listTeacherQuestions>>[number];

/** The practice types' names as a worksheet's heading shows them. */
export const TYPE_TITLES: Partial<Record<QuestionType, string>> = {
  word_interpretation: '詞解',
  sentence_translation: '句譯',
  theme_understanding: '主題理解',
  writing_techniques: '寫作技巧',
  cultural_knowledge: '文化常識',
};

const isAdmin = (user: UserRecord) => user.roles.includes('admin');

/** Every frequency tier: a worksheet prints the lesson's whole set of a type. */
const ANY_FREQUENCY = 2_147_483_647;

/** Teachers' questions (their list, edit, withdraw), the admin's review queue, and worksheets. */
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
      {
        lessonId: body.lessonId,
        content: body.content,
        targetText: body.targetText,
        options: body.options,
        correctAnswer: body.correctAnswer,
        explanation: body.explanation,
        culturalContext: body.culturalContext ?? null,
        difficulty: body.difficulty,
        characterFrequency: body.characterFrequency,
      },
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
      typeTitle: TYPE_TITLES[type] ?? type,
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
          scheme: (scheme?.points ?? []).map((p) => ({
            id: p.id,
            kind: p.kind,
            source: p.source,
            label: p.label,
            accept: [...p.accept],
            reject: [...(p.reject ?? [])],
          })),
        };
      }),
    };
  });
}
