/** The error book's writes: a question mastered, a personal note; both answer the record after. */
import { bookCard, planInForce, reviewBookOf } from '@wenyan/domain';
import { findQuestion, readLearnerView } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { toErrorRecord, toKeyedQuestion } from '../../learner/mappers.ts';
import { knownTags } from '../../learner/reviews.ts';
import { withEvents } from '../../learner/view.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

/** Master an error-book question or save its note: the reply is the record as the command left it. */
export async function errorBookRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /** What the error-book answer needs, read before the command's transaction. */
  async function errorRecordInputs(userId: string, questionId: string) {
    const [{ view }, question, facts] = await Promise.all([
      // The question's own error record and card: the view holds no other item.
      readLearnerView(db, userId, [questionId]),
      findQuestion(db, questionId),
      app.learnerContext(),
    ]);
    return { view, question, adminExamDates: facts.adminExamDates };
  }

  function errorRecordAfter(
    questionId: string,
    events: Parameters<typeof withEvents>[1],
    inputs: Awaited<ReturnType<typeof errorRecordInputs>>,
  ) {
    const view = withEvents(inputs.view, events);
    const record = view.errorBook[questionId];
    if (!record || !inputs.question) throw notFound('error-book question');
    const nowMs = Date.now();
    const book = reviewBookOf(view);
    return toErrorRecord(record, toKeyedQuestion(inputs.question), {
      card: bookCard(book, questionId),
      tags: knownTags(inputs.question.tags ?? []),
      plan: planInForce(book.plan, inputs.adminExamDates, nowMs),
      nowMs,
    });
  }

  defineRoute(app, 'masterErrorQuestion', async (ctx) => {
    const { input, user } = ctx;
    const { questionId } = input.params;
    return runLearnerCommand(
      app,
      ctx,
      { type: 'MasterErrorQuestion', data: { questionId } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
  });

  // The spec's client saves a personal note "as an incorrect answer with the note": the note is the
  // change; the answer itself is not re-graded here (answers go through POST /api/users/answers).
  defineRoute(app, 'updateErrorQuestion', async (ctx) => {
    const { input, user } = ctx;
    const { questionId } = input.params;
    return runLearnerCommand(
      app,
      ctx,
      { type: 'SaveErrorNote', data: { questionId, note: input.body.userExplanation } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
  });
}
