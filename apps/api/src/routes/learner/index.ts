import { findLesson, findQuestion, learnerStreamId, loadState, readLearnerView } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { learnerModel, runLearnerCommand } from '../../learner/commands.ts';
import { toErrorRecord, toQuestion, xpAwards } from '../../learner/mappers.ts';
import { totalsOf, withEvents } from '../../learner/view.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

/** The learner's write calls. Each turns the request into a command; the server decides the rest. */
export async function learnerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'submitAnswer', async (ctx) => {
    const { input, user } = ctx;
    const { body } = input;
    if (body.userId !== user.id) throw forbidden('you can only answer for yourself');
    const question = await app.questionById(body.questionId);
    if (!question) throw notFound('question');
    return runLearnerCommand(
      app,
      ctx,
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
  });

  // The spec's client posts its own XP figure after each correct answer. XP is the server's to decide
  // (it was awarded with the answer), so this records nothing and answers the learner's true totals.
  defineRoute(app, 'awardXp', async ({ user }) => {
    const { state } = await loadState(db, learnerStreamId(user.id), learnerModel);
    return totalsOf(state);
  });

  defineRoute(app, 'completeNode', async (ctx) => {
    const { input } = ctx;
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
        completedActivities: [...(state.lessons[String(params.lessonId)]?.nodeTypes ?? [])] as never,
      }),
    );
  });

  defineRoute(
    app,
    'saveVocabularyRecord',
    async (ctx) => {
      const { input, user } = ctx;
      const { body } = input;
      if (body.userId !== user.id) throw forbidden('you can only record your own practice');
      return runLearnerCommand(
        app,
        ctx,
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
      );
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'updateSchool', async (ctx) => {
    const { input, user } = ctx;
    const current = await loadUserView(db, user);
    return runLearnerCommand(
      app,
      ctx,
      { type: 'ChangeSchoolName', data: { schoolName: input.body.schoolName } },
      (state) => ({ ...current, schoolName: state.schoolName, ...totalsOf(state) }),
    );
  });

  /** What the error-book answer needs, read before the command's transaction. */
  async function errorRecordInputs(userId: string, questionId: string) {
    const [{ view }, question] = await Promise.all([
      readLearnerView(db, userId),
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

  defineRoute(
    app,
    'finishRecitation',
    async (ctx) => {
      const { input } = ctx;
      const { body } = input;
      if (!(await findLesson(db, body.lessonId))) throw notFound('lesson');
      return runLearnerCommand(
        app,
        ctx,
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
      );
    },
    { successStatus: 201 },
  );
}
