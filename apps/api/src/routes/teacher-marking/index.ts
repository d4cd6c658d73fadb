import type { PendingAnswer } from '@wenyan/contracts';
import { markingSource, pendingAnswerOf } from '@wenyan/domain';
import {
  acceptedRenderings,
  findAnswerEvent,
  findPendingAnswer,
  findQuestions,
  findUserById,
  listPendingAnswers,
  type PendingAnswerRecord,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { schemePoints } from '../../learner/mappers.ts';
import { learnerLabels, namesakeCircle } from '../../learner/namesakes.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

/**
 * 待老師批閱: answers the marker could not be sure of. The teacher of the learner's class (an admin:
 * anyone's, learners in no class too) lists them with the question as a teacher reads it, and marks
 * one: a command on the learner's stream (AnswerTeacherMarked, XP by the fair rules). The learner
 * reads their own, with the teacher's marks and note.
 */
export async function teacherMarkingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  /** The records with their questions: wording, source, model answer and scheme (accepted renderings in). */
  async function withQuestions(
    records: readonly PendingAnswerRecord[],
    labels?: ReadonlyMap<string, string>,
  ): Promise<PendingAnswer[]> {
    const ids = [...new Set(records.map((r) => r.questionId))];
    const [questions, renderings] = await Promise.all([findQuestions(db, ids), acceptedRenderings(db, ids)]);
    const byId = new Map(questions.map((q) => [q.id, q]));
    return records.map((r) => {
      const q = byId.get(r.questionId);
      const scheme = withAcceptedRenderings(
        q?.marking ?? null,
        renderings.filter((x) => x.questionId === r.questionId),
      );
      const m = r.marks;
      return {
        ...r,
        learnerLabel: labels?.get(r.learnerId) ?? r.learnerName,
        points: r.points.map((p) => ({ ...p })),
        marks: m
          ? { pointsEarned: m.pointsEarned, isCorrect: m.isCorrect, note: m.note, markedAt: m.markedAt }
          : null,
        question: {
          content: q?.content ?? '',
          source: q ? markingSource({ targetText: q.target_text, content: q.content }) : '',
          correctAnswer: q?.correct_answer ?? '',
          points: schemePoints(scheme),
        },
      };
    });
  }

  defineRoute(app, 'listMyPendingAnswers', async ({ input }) => {
    const learner = await findUserById(db, input.params.userId);
    if (!learner) throw notFound('learner');
    return withQuestions(await listPendingAnswers(db, { learnerIds: [learner.id] }));
  });

  defineRoute(app, 'listPendingAnswers', async ({ input, user }) => {
    const learnerIds = await namesakeCircle(db, user);
    const queue = await listPendingAnswers(db, { learnerIds, status: input.query.status });
    // Two 陳大文 of the teacher's classes carry their usernames, as on the class table.
    const labels = await learnerLabels(
      db,
      queue.map((a) => a.learnerId),
      learnerIds,
    );
    return withQuestions(queue, labels);
  });

  defineRoute(app, 'markPendingAnswer', async ({ input, request, user }) => {
    const { id: learnerId, version } = input.params;
    const stored = await findAnswerEvent(db, learnerId, version);
    if (!stored) throw notFound('answer');
    const answer = pendingAnswerOf(stored, version);
    const { earnedPointIds, pointsEarned, note } = input.body;
    const marked = await executeLearnerCommand(
      app,
      request,
      learnerId,
      {
        type: 'MarkPendingAnswer',
        data: {
          answer,
          ...(earnedPointIds !== undefined ? { earnedPointIds } : {}),
          ...(pointsEarned !== undefined ? { pointsEarned } : {}),
          note: note ?? null,
          teacherId: user.id,
        },
      },
      (_state, events) => {
        const e = events.find((x) => x.type === 'AnswerTeacherMarked');
        return e?.type === 'AnswerTeacherMarked'
          ? {
              pointsEarned: e.data.pointsEarned,
              isCorrect: e.data.isCorrect,
              note: e.data.note,
              markedAt: e.data.at,
            }
          : null;
      },
    );
    // The queue's row is written by the projector (it may not have caught up): the reply is the row as
    // it was read, with the marks the command recorded.
    const record = await findPendingAnswer(db, learnerId, version);
    if (!record) throw notFound('pending answer');
    const labels = await learnerLabels(db, [learnerId], await namesakeCircle(db, user));
    const [reply] = await withQuestions(
      [
        {
          ...record,
          status: marked ? 'marked' : record.status,
          marks: marked ? { ...marked, teacherId: user.id } : record.marks,
        },
      ],
      labels,
    );
    if (!reply) throw notFound('pending answer');
    return reply;
  });
}
