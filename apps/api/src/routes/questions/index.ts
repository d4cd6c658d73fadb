import { QUESTION_TYPES, QUESTIONS_PER_HOUR } from '@wenyan/contracts';
import { pickAdaptive, pickCourse, seededRandom } from '@wenyan/domain';
import {
  findLesson,
  findQuestions,
  findSentencePatternSessions,
  insertUserQuestion,
  lessonQuestions,
  listVocabularySessions,
  nodeAvailability,
  nodeQuestions,
  nodeSessionQuestions,
  readAdaptiveHistory,
  sessionQuestions,
  vocabularyLessonList,
  wordQuestionCounts,
  wordQuestionsOfLessons,
} from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toKeyedQuestion, toQuestion } from '../../learner/mappers.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';

/** Display titles of the roadmap nodes (the practice types). */
const NODE_TITLES: Record<string, string> = {
  word_interpretation: '詞解',
  sentence_translation: '句譯',
  theme_understanding: '主題理解',
  writing_techniques: '寫作技巧',
  cultural_knowledge: '文化常識',
};
const NODE_ORDER = Object.keys(NODE_TITLES);

/** Questions: per lesson, per roadmap node, adaptive, vocabulary; and the add-question form. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  async function requireLesson(id: number) {
    const lesson = await findLesson(db, id);
    if (!lesson) throw notFound('lesson');
    return lesson;
  }

  /**
   * A lesson's stored questions served to the user, cached in the instance (one read for everyone while
   * no teacher's question is kept to its classes; then one per viewer).
   */
  async function cachedLessonQuestions(lessonId: number, userId: string) {
    const viewer = await app.questionViewer(userId);
    return app.cachedContent(`lesson-questions:${lessonId}:${viewer ?? '*'}`, async () => {
      await requireLesson(lessonId);
      return lessonQuestions(db, lessonId, viewer);
    });
  }

  defineRoute(app, 'listLessonQuestions', async ({ input, user }) =>
    (await cachedLessonQuestions(input.params.lessonId, user.id)).map((q) => toQuestion(q, user.id)),
  );

  defineRoute(app, 'listKeyedLessonQuestions', async ({ input, user }) =>
    (await cachedLessonQuestions(input.params.lessonId, user.id)).map(toKeyedQuestion),
  );

  defineRoute(app, 'getNodeAvailability', async ({ input, user }) => {
    await requireLesson(input.params.lessonId);
    const counts = await nodeAvailability(db, input.params.lessonId, await app.questionViewer(user.id));
    return counts
      .filter((c) => NODE_TITLES[c.type])
      .sort((a, b) => NODE_ORDER.indexOf(a.type) - NODE_ORDER.indexOf(b.type))
      .map((c) => ({
        id: `${input.params.lessonId}-${c.type}`,
        type: member(QUESTION_TYPES, c.type),
        title: NODE_TITLES[c.type] ?? c.type,
        availableQuestions: c.count,
      }));
  });

  defineRoute(app, 'listNodeQuestions', async ({ input, user }) => {
    await requireLesson(input.params.lessonId);
    const rows = await nodeSessionQuestions(
      db,
      input.params.lessonId,
      input.params.type,
      input.query.characterThreshold,
      await app.questionViewer(user.id),
    );
    return rows.slice(0, 8).map((q) => toQuestion(q, user.id));
  });

  defineRoute(app, 'listCourseQuestions', async ({ input, user }) => {
    const { lessonId, courseId, type, limit } = input.query;
    const viewer = await app.questionViewer(user.id);
    const rows = await app.cachedContent(
      `course-candidates:${lessonId}:${type ?? 'all'}:${viewer ?? '*'}`,
      async () => {
        await requireLesson(lessonId);
        return type ? nodeQuestions(db, lessonId, type, 900, viewer) : lessonQuestions(db, lessonId, viewer);
      },
    );
    // Course n serves the n-th quarter of the questions by difficulty, the learner's unseen ones first
    // (the domain's pickCourse).
    const history = await readAdaptiveHistory(db, user.id, lessonId);
    const candidates = rows.map((row) => ({
      id: row.id,
      difficulty: row.difficulty,
      characterFrequency: row.character_frequency,
      row,
    }));
    const answered = new Set(Object.keys(history.latestByQuestion));
    return pickCourse(candidates, courseId, limit, answered).map((c) => toQuestion(c.row, user.id));
  });

  defineRoute(app, 'getAdaptiveQuestions', async ({ input, user }) => {
    const { id } = input.params;
    const { type, characterThreshold, count } = input.query;
    await requireLesson(id);
    const viewer = await app.questionViewer(user.id);
    const candidates = type
      ? await nodeQuestions(db, id, type, characterThreshold, viewer)
      : await lessonQuestions(db, id, viewer);
    const history = await readAdaptiveHistory(db, user.id, id);
    const seed = Number(user.id) * 7919 + Math.floor(Date.now() / 60_000);
    return pickAdaptive(candidates, history, count, seededRandom(seed)).map((q) => toQuestion(q, user.id));
  });

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

  // A teacher adds at most QUESTIONS_PER_HOUR an hour (counted in Redis when distributed); admins are not limited.
  const questionCount = app.createRateLimit({
    max: QUESTIONS_PER_HOUR,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (request) => `questions-added:${request.user?.id ?? ''}`,
  });
  const questionLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user || request.user.roles.includes('admin')) return;
    const result = await questionCount(request);
    if (result.isAllowed || !result.isExceeded) return;
    const wait = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(wait));
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `每小時最多新增 ${QUESTIONS_PER_HOUR} 題，請於 ${Math.ceil(wait / 60)} 分鐘後再試。`,
      { retryAfter: wait, limit: QUESTIONS_PER_HOUR },
    );
  };

  defineRoute(
    app,
    'createQuestion',
    async ({ input, user }) => {
      const body = input.body;
      await requireLesson(body.lessonId);
      const row = await insertUserQuestion(db, {
        id: `u-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        lessonId: body.lessonId,
        content: body.content,
        targetText: body.targetText,
        options: body.options,
        correctAnswer: body.correctAnswer,
        explanation: body.explanation,
        culturalContext: body.culturalContext ?? null,
        difficulty: body.difficulty,
        characterFrequency: body.characterFrequency,
        createdBy: user.id,
      });
      app.invalidateContent();
      return toKeyedQuestion(row);
    },
    { successStatus: 201, preHandler: questionLimit },
  );
}
