import { normaliseSchoolName } from '@wenyan/domain';
import { findQuestion, learnerStreamId, loadState } from '@wenyan/store';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { learnerModel, runLearnerCommand } from '../../learner/commands.ts';
import { toErrorRecord, toQuestion, xpAwards } from '../../learner/mappers.ts';
import { loadLearnerView, totalsOf, withEvents } from '../../learner/view.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

/** Sends a command's outcome: its status and body (a refusal keeps the error shape). */
function send(reply: FastifyReply, result: { status: number; body: unknown }) {
  return reply.status(result.status).send(result.body);
}

/** A claim the content does not bear out (a lesson that does not exist, a range past the text): 400. */
function unsupportedClaim(field: string, message: string) {
  return new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

/** The learner's write calls. Each turns the request into a command; the server decides the rest. */
export async function learnerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /** Each lesson's length in characters (code points, as the recitation screen counts them), cached. */
  const lessonLengths = () =>
    app.cachedContent('lesson-lengths', async () => {
      const rows = await db.selectFrom('lessons').select(['id', 'content']).execute();
      return new Map(rows.map((row) => [row.id, Array.from(row.content).length]));
    });

  defineRoute(app, 'submitAnswer', async ({ input, request, reply, user }) => {
    const { body } = input;
    if (body.userId !== user.id) throw forbidden('you can only answer for yourself');
    const question = await app.questionById(body.questionId);
    if (!question) throw notFound('question');
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      {
        type: 'SubmitAnswer',
        data: {
          question: {
            id: question.id,
            lessonId: question.lesson_id,
            type: question.type,
            difficulty: question.difficulty,
            correctAnswer: question.correct_answer,
            targetText: question.target_text,
            content: question.content,
            marking: question.marking,
          },
          selectedAnswer: body.selectedAnswer,
          timeSpent: body.timeSpent,
          source:
            question.paper_id !== null ? 'past_paper' : question.session_id !== null ? 'vocabulary' : 'quiz',
        },
      },
      (state, events) => {
        const answer = events.find((e) => e.type === 'AnswerSubmitted');
        return {
          isCorrect: answer?.type === 'AnswerSubmitted' ? answer.data.isCorrect : false,
          correctAnswer: question.correct_answer,
          explanation: question.explanation,
          culturalContext: question.cultural_context,
          xpAwarded: xpAwards(events),
          totals: totalsOf(state),
        };
      },
    );
    return send(reply, result);
  });

  // The spec's client posts its own XP figure after each correct answer. XP is the server's to decide
  // (it was awarded with the answer), so this records nothing and answers the learner's true totals.
  defineRoute(app, 'awardXp', async ({ user }) => {
    const { state } = await loadState(db, learnerStreamId(user.id), learnerModel);
    return totalsOf(state);
  });

  defineRoute(app, 'completeNode', async ({ input, request, reply, user }) => {
    const { params, body } = input;
    if (!(await lessonLengths()).has(params.lessonId)) {
      throw unsupportedClaim('params.lessonId', '沒有這一課');
    }
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
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
        completedActivities: [...(state.lessons[String(params.lessonId)]?.nodeTypes ?? [])] as never,
      }),
    );
    return send(reply, result);
  });

  defineRoute(app, 'saveVocabularyRecord', async ({ input, request, reply, user }) => {
    const { body } = input;
    if (body.userId !== user.id) throw forbidden('you can only record your own practice');
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      {
        type: 'CompleteVocabularyExercise',
        data: {
          exerciseType: body.exerciseType,
          exerciseId: body.exerciseId,
          lessonIds: body.lessonIds,
          score: body.score,
          questionsAnswered: body.questionsAnswered,
          correctAnswers: body.correctAnswers,
          timeSpent: body.timeSpent,
          difficulty: body.difficulty,
        },
      },
      (_state, events) => {
        const done = events.find((e) => e.type === 'VocabularyExerciseCompleted');
        const at = done?.data.at ?? new Date().toISOString();
        return {
          id: `${user.id}-${body.exerciseType}-${body.exerciseId}-${at}`,
          exerciseType: body.exerciseType,
          exerciseId: body.exerciseId,
          lessonIds: body.lessonIds,
          score: done?.type === 'VocabularyExerciseCompleted' ? done.data.score : body.score,
          timeSpent: body.timeSpent,
          questionsAnswered: body.questionsAnswered,
          correctAnswers: body.correctAnswers,
          difficulty: body.difficulty,
          completedAt: at,
        };
      },
      { successStatus: 201 },
    );
    return send(reply, result);
  });

  defineRoute(app, 'updateSchool', async ({ input, request, reply, user }) => {
    const current = await loadUserView(db, user);
    const schoolName = normaliseSchoolName(input.body.schoolName);
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      {
        type: 'ChangeSchoolName',
        data: { schoolName: input.body.schoolName, currentSchoolName: current.schoolName },
      },
      (state) => ({ ...current, schoolName, ...totalsOf(state) }),
    );
    // The log records that the school changed; the name itself is kept only in the account.
    if (result.status < 300 && schoolName !== current.schoolName) {
      await db
        .updateTable('users')
        .set({ school_name: schoolName, updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
    }
    return send(reply, result);
  });

  /** What the error-book answer needs, read before the command's transaction. */
  async function errorRecordInputs(userId: string, questionId: string) {
    const [{ view }, question] = await Promise.all([
      loadLearnerView(db, userId),
      findQuestion(db, questionId),
    ]);
    return { view, question };
  }

  function errorRecordAfter(
    questionId: string,
    events: Parameters<typeof withEvents>[1],
    inputs: Awaited<ReturnType<typeof errorRecordInputs>>,
  ) {
    const record = withEvents(inputs.view, events).errorBook[questionId];
    if (!record || !inputs.question) throw notFound('error-book question');
    return toErrorRecord(record, toQuestion(inputs.question));
  }

  defineRoute(app, 'masterErrorQuestion', async ({ input, request, reply, user }) => {
    const { questionId } = input.params;
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      { type: 'MasterErrorQuestion', data: { questionId } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
    return send(reply, result);
  });

  // The spec's client saves a personal note "as an incorrect answer with the note": the note is the
  // change; the answer itself is not re-graded here (answers go through POST /api/users/answers).
  defineRoute(app, 'updateErrorQuestion', async ({ input, request, reply, user }) => {
    const { questionId } = input.params;
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      { type: 'SaveErrorNote', data: { questionId, note: input.body.userExplanation } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
    return send(reply, result);
  });

  defineRoute(app, 'finishRecitation', async ({ input, request, reply, user }) => {
    const { body } = input;
    const length = (await lessonLengths()).get(body.lessonId);
    if (length === undefined) throw unsupportedClaim('body.lessonId', '沒有這一課');
    if (body.end > length) throw unsupportedClaim('body.end', `結束位置超出課文（共 ${length} 字）`);
    const result = await runLearnerCommand(
      app,
      request,
      user.id,
      {
        type: 'FinishRecitation',
        data: {
          lessonId: body.lessonId,
          start: body.start,
          end: body.end,
          characters: body.correctCount,
          mistakes: body.mistakes,
          durationMs: body.durationMs,
        },
      },
      (state, events) => {
        const done = events.find((e) => e.type === 'RecitationFinished');
        return {
          xpAwarded: xpAwards(events),
          totals: totalsOf(state),
          accuracy: done?.type === 'RecitationFinished' ? done.data.accuracy : 0,
          grade: (done?.type === 'RecitationFinished' ? done.data.grade : 'needs_improvement') as never,
        };
      },
      { successStatus: 201 },
    );
    return send(reply, result);
  });
}
