/** Vocabulary practice: its lessons and sessions, the 句式 sessions (cached), its questions. */
import { seededRandom } from '@wenyan/domain';
import {
  findQuestions,
  findSentencePatternSessions,
  listVocabularySessions,
  sessionQuestions,
  vocabularyLessonList,
  wordQuestionCounts,
  wordQuestionsOfLessons,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toQuestion } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

/** The vocabulary lessons and sessions, the 句式 sessions, and the vocabulary questions. */
export async function vocabularyQuestionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listVocabularyLessons', async () => {
    const [lessons, counts] = await Promise.all([vocabularyLessonList(db), wordQuestionCounts(db)]);
    return lessons.map((l) => ({ ...l, questionCount: counts.get(l.id) ?? 0 }));
  });

  defineRoute(app, 'listMixedLessons', async () => {
    const sessions = await listVocabularySessions(db);
    return sessions.map((s) => ({
      id: s.id,
      sessionId: s.id,
      title: s.title,
      description: s.description,
      questionCount: Number(s.question_count),
    }));
  });

  /** The 句式 sessions with their stored questions (retired or missing ids left out), cached. */
  function cachedSentencePatterns() {
    return app.cachedContent('sentence-patterns', async () => {
      const sessions = await findSentencePatternSessions(db);
      const rows = await findQuestions(db, [...new Set(sessions.flatMap((s) => s.questionIds))]);
      const byId = new Map(rows.filter((q) => q.origin === 'bank').map((q) => [q.id, q]));
      return sessions.map((s) => ({
        ...s,
        questions: s.questionIds.flatMap((id) => {
          const row = byId.get(id);
          return row ? [row] : [];
        }),
      }));
    });
  }

  defineRoute(app, 'listSentencePatterns', async () =>
    (await cachedSentencePatterns()).map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      questionCount: s.questions.length,
      lessonIds: [...new Set(s.questions.map((q) => q.lesson_id))].sort((a, b) => a - b),
    })),
  );

  defineRoute(app, 'listSentencePatternQuestions', async ({ input, user }) => {
    const session = (await cachedSentencePatterns()).find((s) => s.id === input.params.id);
    if (!session) throw notFound('sentence pattern session');
    return session.questions.map((q) => toQuestion(q, user.id));
  });

  defineRoute(app, 'listVocabularyQuestions', async ({ input, user }) => {
    const { lessonIds, sessionId, lessonId, limit } = input.query;
    let rows: Awaited<ReturnType<typeof sessionQuestions>>;
    if (lessonIds?.length) {
      const all = await wordQuestionsOfLessons(db, lessonIds, user.characterThreshold);
      // Spread the picks over the chosen texts: round-robin across lessons, in a seeded order.
      const byLesson = new Map<number, typeof all>();
      for (const q of all) byLesson.set(q.lesson_id, [...(byLesson.get(q.lesson_id) ?? []), q]);
      const random = seededRandom(Date.now() % 2 ** 31);
      const queues = [...byLesson.values()].map((qs) =>
        qs
          .map((q) => ({ q, key: random() }))
          .sort((a, b) => a.key - b.key)
          .map((x) => x.q),
      );
      rows = [];
      while (rows.length < limit && queues.some((qs) => qs.length > 0)) {
        for (const qs of queues) {
          const next = qs.shift();
          if (next && rows.length < limit) rows.push(next);
        }
      }
    } else if (sessionId !== undefined) {
      rows = (await sessionQuestions(db, sessionId)).slice(0, limit);
    } else {
      rows = (await wordQuestionsOfLessons(db, [lessonId!], 900)).slice(0, limit);
    }
    return rows.map((q) => toQuestion(q, user.id));
  });
}
