/** Homework read: a class's open assignments and statuses, an assignment's history, the learner's 「功課」. */
import { openAssignments } from '@wenyan/domain';
import {
  assignmentHistory,
  classesOfLearner,
  classMembers,
  hidesGlobalLeaderboard,
  homeworkProgress,
  loadClassAssignments,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { ownClass } from '../teacher/index.ts';
import { toAssignmentView, toProgressView } from './describe.ts';
import { homeworkTitles } from './task.ts';

/** The teacher's class view and history; the learner's homework across their classes. */
export async function homeworkReadRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listClassAssignments', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const [{ state }, members, names, hidden] = await Promise.all([
      loadClassAssignments(db, found.id),
      classMembers(db, found.id),
      homeworkTitles(app),
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
      homeworkTitles(app),
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
    const names = await homeworkTitles(app);
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
}
