/**
 * Self-marks confirmed by a teacher (issue 37): the class's self-marked answers waiting, and the
 * confirmation (at the learner's mark or adjusted), a teacher's command on the learner's stream; and
 * the class's rule (須老師確認 / 直接計算), a teacher's command on the class stream.
 */
import type { SelfMark } from '@wenyan/contracts';
import { appealedAnswerOf, selfMarkRuleOf } from '@wenyan/domain';
import { classMembers, findAnswerEvent, loadClassAssignments, pendingSelfMarks } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { executeClassCommand } from '../homework/class-command.ts';
import { ownClass } from './index.ts';

export async function selfMarkRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listSelfMarks', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const members = await classMembers(db, found.id);
    const names = new Map(
      members.map((m) => [m.userId, [m.lastName, m.firstName].filter(Boolean).join('') || null]),
    );
    const pending = await pendingSelfMarks(
      db,
      members.map((m) => m.userId),
    );
    return pending.map((p): SelfMark => ({ ...p, learnerName: names.get(p.learnerId) ?? null }));
  });

  defineRoute(app, 'getSelfMarkRule', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const { state } = await loadClassAssignments(db, found.id);
    return { rule: selfMarkRuleOf(state) };
  });

  defineRoute(app, 'setSelfMarkRule', async ({ input, request, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const { rule } = input.body;
    const outcome = await executeClassCommand(
      db,
      request,
      user.id,
      found.id,
      { type: 'SetSelfMarkRule', rule },
      (next) => ({ rule: selfMarkRuleOf(next) }),
    );
    if (outcome.ok) return outcome.reply;
    // Setting the rule the class already has changes nothing and is no error.
    if (outcome.refusal.code === 'NOTHING_CHANGED') return { rule };
    throw new ApiError(400, outcome.refusal.code, outcome.refusal.message);
  });

  defineRoute(app, 'confirmSelfMark', async ({ input, request, user }) => {
    const { id: learnerId, version } = input.params;
    const stored = await findAnswerEvent(db, learnerId, version);
    if (!stored) throw notFound('answer');
    const d = stored.data;
    return executeLearnerCommand(
      app,
      request,
      learnerId,
      {
        type: 'ConfirmSelfMark',
        data: {
          answer: { ...appealedAnswerOf(stored, version), selfMarkCounted: d.selfMarkCounted === true },
          pointsEarned: input.body.pointsEarned,
          teacherId: user.id,
        },
      },
      (_state, events) => {
        const confirmed = events.find((e) => e.type === 'SelfMarkConfirmed');
        const c = confirmed?.type === 'SelfMarkConfirmed' ? confirmed.data : null;
        return {
          answerVersion: version,
          pointsEarned: c?.pointsEarned ?? input.body.pointsEarned,
          pointsAvailable: c?.pointsAvailable ?? d.pointsAvailable,
          isCorrect: c?.isCorrect ?? false,
        };
      },
    );
  });
}
