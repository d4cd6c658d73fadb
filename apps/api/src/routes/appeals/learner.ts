/** A learner's appeals: an appeal of one of their marked answers (201), and their list. */
import { findUserById, listAppeals } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { appealOf, storedAnswer, toAppeal } from './stored.ts';

/** The learner appeals an answer by its stream version; they (or their teacher) list their appeals. */
export async function learnerAppealRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    'appealAnswer',
    async ({ input, request, user }) => {
      const answer = await storedAnswer(db, user.id, input.body.answerVersion);
      // A refusal throws (its status from REFUSAL_STATUS); a replay under the same key appends nothing.
      await executeLearnerCommand(
        app,
        request,
        user.id,
        { type: 'AppealAnswer', data: { answer, note: input.body.note ?? null } },
        () => ({ answerVersion: answer.version }),
      );
      return appealOf(db, user.id, answer.version);
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'listAppeals', async ({ input }) => {
    const learner = await findUserById(db, input.params.userId);
    if (!learner) throw notFound('learner');
    return (await listAppeals(db, { learnerIds: [learner.id] })).map((a) => toAppeal(a));
  });
}
