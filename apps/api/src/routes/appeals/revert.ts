/** A rendering reverted: it stops marking, and the answers whose point its words had earned are marked again. */
import { type AppealedAnswer, foldText } from '@wenyan/domain';
import {
  type AcceptedRendering,
  changeRendering,
  findMarkedQuestion,
  findRendering,
  type StandingAnswer,
  scopedRenderings,
  standingAnswers,
  teachersOfLearners,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { questionForGrading } from '../../learner/mappers.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { isAdmin, replyFor, statusRefused } from './rendering-replies.ts';

/** Whether the answer's point was earned by these words (as the marker records the rendering found). */
function earnedBy(answer: StandingAnswer, rendering: AcceptedRendering): boolean {
  const point = answer.points.find((p) => p.id === rendering.pointId);
  return (
    point?.earned === true &&
    point.matched !== null &&
    foldText(point.matched) === foldText(rendering.rendering)
  );
}

/** An answer as the decider re-marks it: its text and its marks as they stand. */
function currentAnswer(a: StandingAnswer): AppealedAnswer {
  const d = a.answer.data;
  return {
    version: a.version,
    questionId: d.questionId,
    lessonId: d.lessonId,
    questionType: d.questionType,
    selectedAnswer: d.selectedAnswer,
    isCorrect: a.isCorrect,
    pointsEarned: a.pointsEarned,
    pointsAvailable: a.pointsAvailable,
    pointCount: a.points.length,
    selfAssessed: d.selfAssessed,
  };
}

/**
 * The revert (an admin: any; a teacher: their own while class-scoped), which marks again, as events on
 * each learner's stream, the answers whose point the reverted words had earned.
 */
export async function revertRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /**
   * Marks again, without the reverted rendering, every answer to its question whose point those words
   * earned (and the appealed answer it was accepted on): one command per learner, each against the
   * scheme as that learner is marked now. Returns how many answers changed. Safe to run again.
   */
  async function remarkWithout(
    request: FastifyRequest,
    reverted: AcceptedRendering,
    revertedBy: string,
  ): Promise<number> {
    const affected = (await standingAnswers(db, reverted.questionId)).filter(
      (a) =>
        earnedBy(a, reverted) || (a.learnerId === reverted.learnerId && a.version === reverted.answerVersion),
    );
    if (affected.length === 0) return 0;
    const learners = [...new Set(affected.map((a) => a.learnerId))];
    const [question, scoped, teachers] = await Promise.all([
      findMarkedQuestion(db, reverted.questionId),
      scopedRenderings(db),
      teachersOfLearners(db, learners),
    ]);
    if (!question) return 0;
    let remarked = 0;
    for (const learnerId of learners) {
      const theirs = new Set(teachers.get(learnerId) ?? []);
      const marking = withAcceptedRenderings(
        question.marking,
        scoped.filter(
          (r) => r.questionId === question.id && r.scopeTeacherId !== null && theirs.has(r.scopeTeacherId),
        ),
      );
      remarked += await executeLearnerCommand(
        app,
        request,
        learnerId,
        {
          type: 'RemarkAfterRevert',
          data: {
            answers: affected.filter((a) => a.learnerId === learnerId).map(currentAnswer),
            question: questionForGrading({ ...question, marking }),
            pointId: reverted.pointId,
            rendering: reverted.rendering,
            revertedBy,
          },
        },
        (_state, events) => events.length,
        { keyed: false },
      );
    }
    return remarked;
  }

  defineRoute(app, 'revertRendering', async ({ input, request, user }) => {
    const found = await findRendering(db, input.params.id);
    if (!found) throw notFound('rendering');
    // A teacher reverts only their own, and only while it marks their classes alone; an admin any.
    if (!isAdmin(user) && (found.acceptedBy !== user.id || found.status === 'approved')) {
      throw forbidden('只有管理員或接納這個譯法的老師（在譯法只適用於其班別時）可以撤回');
    }
    if (found.status !== 'reverted') {
      const changed = await changeRendering(db, { id: found.id, action: 'reverted', actorId: user.id });
      if (!changed) throw statusRefused();
    }
    // The cached schemes drop it before the sweep; a revert already made runs the sweep again (a
    // retry after a failure part-way): answers already re-marked get no second event.
    app.invalidateContent();
    const remarkedAnswers = await remarkWithout(request, found, user.id);
    return { rendering: await replyFor(db, found.id), remarkedAnswers };
  });
}
