/** The teacher's side of appeals: their learners' appeals with the scheme, accepted (a re-mark) or declined. */
import type { TeacherAppeal } from '@wenyan/contracts';
import {
  acceptedRenderings,
  findQuestions,
  listAppeals,
  recordAcceptedRendering,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { questionForGrading, schemePoints } from '../../learner/mappers.ts';
import { learnerLabels, namesakeCircle } from '../../learner/namesakes.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { appealOf, storedAnswer, toAppeal } from './stored.ts';

/**
 * The teacher of the learner's class (or an admin) lists the appeals, accepts one (the answer is
 * re-marked as a new event; the rendering becomes accepted content for the teacher's classes, or
 * everyone's for an admin) or declines it with a note: each a command on the learner's stream.
 */
export async function appealResolutionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listTeacherAppeals', async ({ input, user }) => {
    const learnerIds = await namesakeCircle(db, user);
    const appeals = await listAppeals(db, { learnerIds, status: input.query.status });
    const ids = [...new Set(appeals.map((a) => a.questionId))];
    // The scheme as the teacher's classes are marked: approved renderings and the teacher's own.
    const [questions, renderings, labels] = await Promise.all([
      findQuestions(db, ids),
      acceptedRenderings(db, ids, { teacherIds: [user.id] }),
      learnerLabels(
        db,
        appeals.map((a) => a.learnerId),
        learnerIds,
      ),
    ]);
    const byId = new Map(questions.map((q) => [q.id, q]));
    return appeals.map((a): TeacherAppeal => {
      const q = byId.get(a.questionId);
      const scheme = withAcceptedRenderings(
        q?.marking ?? null,
        renderings.filter((r) => r.questionId === a.questionId),
      );
      return {
        ...toAppeal(a, labels),
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
    const answer = await storedAnswer(db, learnerId, version);
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
    return appealOf(
      db,
      learnerId,
      version,
      await learnerLabels(db, [learnerId], await namesakeCircle(db, user)),
    );
  });

  defineRoute(app, 'declineAppeal', async ({ input, request, user }) => {
    const { id: learnerId, version } = input.params;
    const answer = await storedAnswer(db, learnerId, version);
    await executeLearnerCommand(
      app,
      request,
      learnerId,
      { type: 'DeclineAppeal', data: { answer, note: input.body.note, teacherId: user.id } },
      () => ({ answerVersion: version }),
    );
    return appealOf(
      db,
      learnerId,
      version,
      await learnerLabels(db, [learnerId], await namesakeCircle(db, user)),
    );
  });
}
