import type { Appeal, TeacherAppeal } from '@wenyan/contracts';
import type { AppealedAnswer } from '@wenyan/domain';
import {
  type AppealRecord,
  acceptedRenderings,
  findAnswerEvent,
  findQuestions,
  findUserById,
  listAppeals,
  recordAcceptedRendering,
  teacherLearnerIds,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { appealedAnswer, questionForGrading, schemePoints } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { renderingRoutes } from './renderings.ts';

const toAppeal = (r: AppealRecord): Appeal => ({ ...r, remark: r.remark ? { ...r.remark } : null });

/**
 * Appeals: a learner appeals one of their marked answers; the teacher of their class (or an admin)
 * lists them, accepts one (the answer is re-marked as a new event; the rendering becomes accepted
 * content for the teacher's classes, or everyone's for an admin) or declines it with a note. Every
 * write is a command on the learner's stream. The renderings' queue, log and revert: `renderings.ts`.
 */
export async function appealRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  await renderingRoutes(app);

  async function storedAnswer(learnerId: string, version: number): Promise<AppealedAnswer> {
    const answer = await findAnswerEvent(db, learnerId, version);
    if (!answer) throw notFound('answer');
    return appealedAnswer(answer, version);
  }

  /** The learner's appeal of the answer at `version`, as the read model has it after a command. */
  async function appealOf(learnerId: string, version: number): Promise<Appeal> {
    const found = (await listAppeals(db, { learnerIds: [learnerId] })).find(
      (a) => a.answerVersion === version,
    );
    if (!found) throw notFound('appeal');
    return toAppeal(found);
  }

  defineRoute(
    app,
    'appealAnswer',
    async ({ input, request, user }) => {
      const answer = await storedAnswer(user.id, input.body.answerVersion);
      // A refusal throws (its status from REFUSAL_STATUS); a replay under the same key appends nothing.
      await executeLearnerCommand(
        app,
        request,
        user.id,
        { type: 'AppealAnswer', data: { answer, note: input.body.note ?? null } },
        () => ({ answerVersion: answer.version }),
      );
      return appealOf(user.id, answer.version);
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'listAppeals', async ({ input }) => {
    const learner = await findUserById(db, input.params.userId);
    if (!learner) throw notFound('learner');
    return (await listAppeals(db, { learnerIds: [learner.id] })).map(toAppeal);
  });

  defineRoute(app, 'listTeacherAppeals', async ({ input, user }) => {
    const learnerIds = user.roles.includes('admin') ? null : await teacherLearnerIds(db, user.id);
    const appeals = await listAppeals(db, { learnerIds, status: input.query.status });
    const ids = [...new Set(appeals.map((a) => a.questionId))];
    // The scheme as the teacher's classes are marked: approved renderings and the teacher's own.
    const [questions, renderings] = await Promise.all([
      findQuestions(db, ids),
      acceptedRenderings(db, ids, { teacherIds: [user.id] }),
    ]);
    const byId = new Map(questions.map((q) => [q.id, q]));
    return appeals.map((a): TeacherAppeal => {
      const q = byId.get(a.questionId);
      const scheme = withAcceptedRenderings(
        q?.marking ?? null,
        renderings.filter((r) => r.questionId === a.questionId),
      );
      return {
        ...toAppeal(a),
        question: {
          content: q?.content ?? '',
          targetText: q?.target_text ?? null,
          correctAnswer: q?.correct_answer ?? '',
          points: schemePoints(scheme),
        },
      };
    });
  });

  defineRoute(app, 'acceptAppeal', async ({ input, request, user }) => {
    const { id: learnerId, version } = input.params;
    const answer = await storedAnswer(learnerId, version);
    // The learner's own scheme: what they were marked with, their classes' renderings included.
    const question = await app.questionForLearner(answer.questionId, learnerId);
    if (!question) throw notFound('question');
    const rendering = input.body.rendering.trim();
    await executeLearnerCommand(
      app,
      request,
      learnerId,
      {
        type: 'AcceptAppeal',
        data: {
          answer,
          question: questionForGrading(question),
          pointId: input.body.pointId,
          rendering,
          teacherId: user.id,
        },
      },
      () => ({ answerVersion: version }),
    );
    // After the re-mark is committed (a retry with the same Idempotency-Key records it again if this
    // failed): a teacher's rendering marks their classes at once and everyone once an admin approves
    // it; an admin's marks everyone at once. The cached questions and scoped renderings are forgotten.
    await recordAcceptedRendering(db, {
      questionId: answer.questionId,
      pointId: input.body.pointId,
      rendering,
      acceptedBy: user.id,
      learnerId,
      answerVersion: version,
      global: user.roles.includes('admin'),
    });
    app.invalidateContent();
    return appealOf(learnerId, version);
  });

  defineRoute(app, 'declineAppeal', async ({ input, request, user }) => {
    const { id: learnerId, version } = input.params;
    const answer = await storedAnswer(learnerId, version);
    await executeLearnerCommand(
      app,
      request,
      learnerId,
      { type: 'DeclineAppeal', data: { answer, note: input.body.note, teacherId: user.id } },
      () => ({ answerVersion: version }),
    );
    return appealOf(learnerId, version);
  });
}
