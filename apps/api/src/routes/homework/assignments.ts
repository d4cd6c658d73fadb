/** A teacher's assignments: set, edited, withdrawn, each a command on the class's stream. */
import { randomUUID } from 'node:crypto';
import type { AssignmentCommand, HomeworkRefusal } from '@wenyan/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { ownClass } from '../teacher/index.ts';
import { executeClassCommand } from './class-command.ts';
import { toAssignmentView } from './describe.ts';
import { homeworkTitles, resolveTask } from './task.ts';

const HOMEWORK_REFUSAL_STATUS: Readonly<Record<HomeworkRefusal['code'], number>> = {
  ASSIGNMENT_NOT_FOUND: 404,
  ASSIGNMENT_WITHDRAWN: 409,
  DUE_IN_THE_PAST: 400,
  INVALID_TASK: 400,
  NOTHING_CHANGED: 409,
};

/** Set (201), edit and withdraw an assignment of the teacher's own class, under their Idempotency-Key. */
export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /** A teacher's assignment command on the class stream; the assignment's view after it. */
  async function runClassCommand(
    request: FastifyRequest,
    actorId: string,
    classId: string,
    command: AssignmentCommand,
  ) {
    const names = await homeworkTitles(app);
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
      const task = await resolveTask(db, input.body);
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
    const task = await resolveTask(db, input.body);
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
}
