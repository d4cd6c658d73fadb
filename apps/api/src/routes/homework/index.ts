import { randomUUID } from 'node:crypto';
import type { AssignmentBody } from '@wenyan/contracts';
import {
  type AssignmentCommand,
  type AssignmentTask,
  type HomeworkRefusal,
  openAssignments,
  PRACTICE_NODE_TYPES,
} from '@wenyan/domain';
import {
  assignmentHistory,
  classesOfLearner,
  classMembers,
  findClass,
  findLesson,
  globalLeaderboardHiddenFor,
  hidesGlobalLeaderboard,
  homeworkProgress,
  listClasses,
  listPapers,
  loadClassAssignments,
  paperQuestions,
  setHideGlobalLeaderboard,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { lessonTitles } from '../../replay/queries.ts';
import { ownClass } from '../teacher/index.ts';
import { executeClassCommand } from './class-command.ts';
import { type Titles, toAssignmentView, toProgressView } from './describe.ts';
import { readClassLeague } from './league.ts';

const HOMEWORK_REFUSAL_STATUS: Readonly<Record<HomeworkRefusal['code'], number>> = {
  ASSIGNMENT_NOT_FOUND: 404,
  ASSIGNMENT_WITHDRAWN: 409,
  DUE_IN_THE_PAST: 400,
  INVALID_TASK: 400,
  NOTHING_CHANGED: 409,
};

/** A field the content does not bear out (a lesson that does not exist, a range past the text): 400. */
const badField = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);

/** Homework (assignments on the class's stream) and class leagues. */
export async function homeworkRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  const titles = async (): Promise<Titles> => {
    const [lessons, papers] = await Promise.all([
      lessonTitles(db),
      app.cachedContent('homework-paper-titles', async () => listPapers(db)),
    ]);
    return { lessons, papers: new Map(papers.map((p) => [String(p.id), p.title])) };
  };

  /** The task checked against the content and stored with what completion needs (a paper's question ids). */
  async function resolveTask(body: AssignmentBody): Promise<AssignmentTask> {
    const task = body.task;
    const lessonLength = async (id: number) => {
      const lesson = await findLesson(db, id);
      return lesson ? Array.from(lesson.content).length : null;
    };
    switch (task.kind) {
      case 'practice':
        if ((await lessonLength(task.lessonId)) === null) throw badField('body.task.lessonId', '沒有這一課');
        if (!(PRACTICE_NODE_TYPES as readonly string[]).includes(task.nodeType)) {
          throw badField('body.task.nodeType', '沒有這個練習類型');
        }
        return task;
      case 'vocabulary':
        if (task.lessonId !== null && (await lessonLength(task.lessonId)) === null) {
          throw badField('body.task.lessonId', '沒有這一課');
        }
        return task;
      case 'paper': {
        const questions = await paperQuestions(db, task.paperId);
        if (questions.length === 0) throw badField('body.task.paperId', '沒有這份試卷');
        return {
          kind: 'paper',
          paperId: String(task.paperId),
          questionIds: questions.map((q) => String(q.id)),
        };
      }
      case 'recitation': {
        const length = await lessonLength(task.lessonId);
        if (length === null) throw badField('body.task.lessonId', '沒有這一課');
        if (task.end <= task.start || task.end > length) throw badField('body.task.end', '背誦範圍超出課文');
        return task;
      }
      case 'reviews':
        return task;
    }
  }

  /** A teacher's assignment command on the class stream; the assignment's view after it. */
  async function runClassCommand(
    request: FastifyRequest,
    actorId: string,
    classId: string,
    command: AssignmentCommand,
  ) {
    const names = await titles();
    const outcome = await executeClassCommand(db, request, actorId, classId, command, (next) =>
      toAssignmentView(classId, next.assignments[command.assignmentId]!, names),
    );
    if (!outcome.ok) {
      const { code, message } = outcome.refusal;
      throw new ApiError(HOMEWORK_REFUSAL_STATUS[code], code, message);
    }
    return outcome.reply;
  }

  defineRoute(
    app,
    'setAssignment',
    async ({ input, user, request }) => {
      const found = await ownClass(app, user, input.params.id);
      const task = await resolveTask(input.body);
      const draft = { title: input.body.title, task, dueAt: input.body.dueAt };
      return runClassCommand(request, user.id, found.id, {
        type: 'SetAssignment',
        assignmentId: randomUUID(),
        draft,
      });
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'editAssignment', async ({ input, user, request }) => {
    const found = await ownClass(app, user, input.params.id);
    const task = await resolveTask(input.body);
    const draft = { title: input.body.title, task, dueAt: input.body.dueAt };
    return runClassCommand(request, user.id, found.id, {
      type: 'EditAssignment',
      assignmentId: input.params.assignmentId,
      draft,
    });
  });

  defineRoute(app, 'withdrawAssignment', async ({ input, user, request }) => {
    const found = await ownClass(app, user, input.params.id);
    return runClassCommand(request, user.id, found.id, {
      type: 'WithdrawAssignment',
      assignmentId: input.params.assignmentId,
    });
  });

  defineRoute(app, 'listClassAssignments', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const [{ state }, members, names, hidden] = await Promise.all([
      loadClassAssignments(db, found.id),
      classMembers(db, found.id),
      titles(),
      hidesGlobalLeaderboard(db, found.id),
    ]);
    const assignments = openAssignments(state);
    const progress = await homeworkProgress(
      db,
      members.map((m) => m.userId),
      assignments,
    );
    return {
      hideGlobalLeaderboard: hidden,
      assignments: assignments.map((a) => toAssignmentView(found.id, a, names)),
      learners: members.map((m) => ({
        learnerId: m.userId,
        progress: Object.fromEntries(
          [...(progress.get(m.userId) ?? new Map())].map(([id, p]) => [id, toProgressView(p)]),
        ),
      })),
    };
  });

  defineRoute(app, 'getAssignmentHistory', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const [history, names] = await Promise.all([
      assignmentHistory(db, found.id, input.params.assignmentId),
      titles(),
    ]);
    if (history.length === 0) throw notFound('assignment');
    return history.map(({ version, event, assignment }) => ({
      version,
      type: event.type,
      at: event.data.at,
      by: event.data.by,
      title: assignment.title,
      description: toAssignmentView(found.id, assignment, names).description,
      dueAt: assignment.dueAt,
    }));
  });

  defineRoute(app, 'getMyHomework', async ({ user }) => {
    const classes = await classesOfLearner(db, user.id);
    const names = await titles();
    const lists = await Promise.all(
      classes.map(async (c) => {
        const { state } = await loadClassAssignments(db, c.id);
        const assignments = openAssignments(state);
        const progress = (await homeworkProgress(db, [user.id], assignments)).get(user.id)!;
        return assignments.map((a) => ({
          ...toAssignmentView(c.id, a, names),
          className: c.name,
          progress: toProgressView(progress.get(a.id)!),
        }));
      }),
    );
    // What is due first at the top; finished work after the open work.
    return lists
      .flat()
      .sort(
        (a, b) =>
          Number(a.progress.completedAt !== null) - Number(b.progress.completedAt !== null) ||
          a.dueAt.localeCompare(b.dueAt),
      );
  });

  defineRoute(app, 'getClassLeague', async ({ input, user }) => {
    const found = await findClass(db, input.params.id);
    if (!found) throw notFound('class');
    const league = await readClassLeague(db, found, user, new Date().toISOString());
    if (!league) throw forbidden('you are not in this class');
    return league;
  });

  defineRoute(app, 'getMyLeagues', async ({ user }) => {
    // A learner's classes, then the classes a teacher teaches (issue 40: a teacher is in no class as a
    // member, and their leagues page said so).
    const [joined, taught] = await Promise.all([
      classesOfLearner(db, user.id),
      user.roles.includes('teacher') ? listClasses(db, user.id) : Promise.resolve([]),
    ]);
    const classes = [...joined, ...taught.filter((t) => !joined.some((c) => c.id === t.id))];
    const now = new Date().toISOString();
    const leagues = await Promise.all(
      classes.map(async (c) => {
        const found = await findClass(db, c.id);
        return found ? readClassLeague(db, found, user, now) : null;
      }),
    );
    return leagues.filter((l) => l !== null);
  });

  defineRoute(app, 'getLeaderboardVisibility', async ({ user }) => ({
    globalHidden: await globalBoardHidden(app, user),
  }));

  defineRoute(app, 'setClassSettings', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    await setHideGlobalLeaderboard(db, found.id, input.body.hideGlobalLeaderboard);
    return { hideGlobalLeaderboard: input.body.hideGlobalLeaderboard };
  });
}

/** True when a teacher of one of the user's classes hid the global board (never for teachers and admins). */
export async function globalBoardHidden(
  app: FastifyInstance,
  user: { id: string; roles: readonly string[] },
) {
  if (user.roles.includes('teacher') || user.roles.includes('admin')) return false;
  return globalLeaderboardHiddenFor(app.deps.db, user.id);
}
