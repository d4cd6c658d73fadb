/** POST /api/users/answers: the hottest route, an answer marked and recorded by the learner's command. */
import { selfMarkRuleForLearner } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { questionForGrading, xpAwards } from '../../learner/mappers.ts';
import { servedAt } from '../../learner/served.ts';
import { totalsOf } from '../../learner/view.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { answerMarking, answerReview, selfAssessmentOf } from './marking.ts';

/**
 * Whether a stored question is served to a learner: the bank's and papers' always; a teacher's unless
 * withdrawn, once published, or to its author and the learners of the author's classes.
 */
async function isServedTo(
  app: FastifyInstance,
  question: {
    origin: string;
    created_by: string | null;
    published_at: Date | null;
    withdrawn_at: Date | null;
  },
  learnerId: string,
): Promise<boolean> {
  if (question.origin !== 'user') return true;
  if (question.withdrawn_at !== null) return false;
  if (question.published_at !== null || question.created_by === null) return question.published_at !== null;
  const author = String(question.created_by);
  return author === learnerId || app.teachesLearner(author, learnerId);
}

/** The answer: the question as this learner is marked, the command, the reply with its marking. */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    'submitAnswer',
    async (ctx) => {
      const { input, user } = ctx;
      const { body } = input;
      if (body.userId !== user.id) throw forbidden('you can only answer for yourself');
      // The scheme as this learner is marked: approved renderings and their classes' own (issue 36).
      const question = await app.questionForLearner(body.questionId, user.id);
      // A teacher's question kept to their classes (or withdrawn) does not exist for anyone else.
      if (!question || !(await isServedTo(app, question, user.id))) throw notFound('question');
      const selfAssessment = selfAssessmentOf(question, body.selfAssessedLevel);
      return runLearnerCommand(
        app,
        ctx,
        {
          type: 'SubmitAnswer',
          data: {
            question: questionForGrading(question),
            selectedAnswer: body.selectedAnswer,
            timeSpent: body.timeSpent,
            ...(body.answeredAt === undefined ? {} : { answeredAt: body.answeredAt }),
            source:
              question.paper_id !== null
                ? 'past_paper'
                : question.session_id !== null
                  ? 'vocabulary'
                  : 'quiz',
            ...(selfAssessment
              ? { selfAssessment, selfMarkRule: await selfMarkRuleForLearner(app.deps.db, user.id) }
              : {}),
            ...(app.deps.env.XP_PACE === 'off'
              ? {}
              : { servedAt: servedAt(body.served, user.id, question.id) }),
          },
        },
        (state, events, _prepared, fromVersion) => {
          const answer = events.find((e) => e.type === 'AnswerSubmitted');
          return {
            answerVersion: fromVersion + events.findIndex((e) => e.type === 'AnswerSubmitted') + 1,
            isCorrect: answer?.type === 'AnswerSubmitted' ? answer.data.isCorrect : false,
            correctAnswer: question.correct_answer,
            explanation: question.explanation,
            culturalContext: question.cultural_context,
            marking: answerMarking(answer?.type === 'AnswerSubmitted' ? answer : undefined),
            earnedXp: answer?.type === 'AnswerSubmitted' ? answer.data.earnedXp : false,
            ...(answer?.type === 'AnswerSubmitted' && answer.data.xpWithheld !== undefined
              ? { xpWithheld: answer.data.xpWithheld }
              : {}),
            xpAwarded: xpAwards(events),
            totals: totalsOf(state),
            ...answerReview(state, answer?.type === 'AnswerSubmitted' ? answer : undefined, events),
          };
        },
      );
      // The hottest route: a small body in, a reply of about 1 KiB out (not worth compressing).
    },
    { compress: false },
  );
}
