/** A lesson's roadmap nodes: their results, a finished node session, and the spec's XP call. */
import { type NodeCompleteResult, QUESTION_TYPES } from '@wenyan/contracts';
import { type LearnerEvent, lessonPartKey, lessonState, NODE_PASS_PERCENT } from '@wenyan/domain';
import { learnerStreamId, loadState } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { learnerModel, runLearnerCommand } from '../../learner/commands.ts';
import { xpAwards } from '../../learner/mappers.ts';
import { totalsOf } from '../../learner/view.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';
import { lessonLength, unsupportedClaim } from './claims.ts';

/** The server's verdict on a finished node session, from the event it decided. */
function nodeVerdict(events: readonly LearnerEvent[]): NodeCompleteResult['node'] {
  for (const e of events) {
    if (e.type === 'NodeCompleted') {
      const { score, questionsAnswered, correctAnswers } = e.data;
      return {
        completed: true,
        score,
        questionsAnswered,
        correctAnswers,
        requiredScore: NODE_PASS_PERCENT,
        requiredQuestions: questionsAnswered,
      };
    }
    if (e.type === 'NodeFellShort') {
      const { score, questionsAnswered, correctAnswers, requiredScore, requiredQuestions } = e.data;
      return { completed: false, score, questionsAnswered, correctAnswers, requiredScore, requiredQuestions };
    }
  }
  return {
    completed: false,
    score: 0,
    questionsAnswered: 0,
    correctAnswers: 0,
    requiredScore: NODE_PASS_PERCENT,
    requiredQuestions: 0,
  };
}

/** The node calls and the spec's XP figure (answered with the learner's true totals). */
export async function nodeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  // The spec's client posts its own XP figure after each correct answer. XP is the server's to decide
  // (it was awarded with the answer), so this records nothing and answers the learner's true totals.
  defineRoute(app, 'awardXp', async ({ user }) => {
    const { state } = await loadState(db, learnerStreamId(user.id), learnerModel);
    return totalsOf(state);
  });

  defineRoute(app, 'getNodeResults', async ({ input }) => {
    const { state } = await loadState(db, learnerStreamId(input.params.id), learnerModel, [
      lessonPartKey(input.params.lessonId),
    ]);
    const lesson = lessonState(state, input.params.lessonId);
    const types = new Set([...lesson.nodeTypes, ...Object.keys(lesson.nodeBest)]);
    return {
      unitCompleted: lesson.unitCompleted,
      nodes: [...types].map((type) => ({
        type: member(QUESTION_TYPES, type),
        completed: lesson.nodeTypes.includes(type),
        bestScore: lesson.nodeBest[type] ?? 0,
        requiredScore: NODE_PASS_PERCENT,
      })),
    };
  });

  defineRoute(app, 'completeNode', async (ctx) => {
    const { input } = ctx;
    if ((await lessonLength(app, input.params.lessonId)) === null) {
      throw unsupportedClaim('params.lessonId', '沒有這一課');
    }
    const { params, body } = input;
    return runLearnerCommand(
      app,
      ctx,
      {
        type: 'CompleteNode',
        data: {
          lessonId: params.lessonId,
          nodeType: params.type,
          score: body.score,
          questionsAnswered: body.questionsAnswered,
          correctAnswers: body.correctAnswers,
          timeSpent: body.timeSpent,
        },
      },
      (state, events) => ({
        xpAwarded: xpAwards(events),
        totals: totalsOf(state),
        completedActivities: (state.lessons[String(params.lessonId)]?.nodeTypes ?? []).map((t) =>
          member(QUESTION_TYPES, t),
        ),
        node: nodeVerdict(events),
      }),
    );
  });
}
