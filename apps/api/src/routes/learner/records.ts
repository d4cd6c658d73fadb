/** A vocabulary session's record and the learner's school name. */
import { normaliseSchoolName } from '@wenyan/domain';
import { setSchoolName } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { totalsOf } from '../../learner/view.ts';
import { forbidden } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

/** The vocabulary record (201) and the school name, each a learner command. */
export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

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
            // The answers the server recorded in the session, not the claim.
            questionsAnswered: done?.type === 'VocabularyExerciseCompleted' ? done.data.questionsAnswered : 0,
            correctAnswers: done?.type === 'VocabularyExerciseCompleted' ? done.data.correctAnswers : 0,
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
    const schoolName = normaliseSchoolName(input.body.schoolName);
    const reply = await runLearnerCommand(
      app,
      ctx,
      {
        type: 'ChangeSchoolName',
        data: { schoolName: input.body.schoolName, currentSchoolName: current.schoolName },
      },
      (state) => ({ ...current, schoolName, ...totalsOf(state) }),
    );
    // The log records that the school changed; the name itself is kept only in the account.
    if (schoolName !== current.schoolName) await setSchoolName(db, user.id, schoolName);
    return reply;
  });
}
