import { type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  AnswerResultSchema,
  apiRoutes,
  buildPath,
  CompletedActivitiesSchema,
  type CreateQuestionInput,
  LessonListSchema,
  LessonSchema,
  MixedLessonListSchema,
  NodeAvailabilityListSchema,
  type NodeCompleteBody,
  NodeCompleteResultSchema,
  type ProgressResult,
  type Question,
  QuestionListSchema,
  QuestionSchema,
  type QuestionType,
  type User,
  UserSchema,
  UserStatsListSchema,
  VocabularyLessonListSchema,
  type VocabularyRecordBody,
  VocabularyRecordListSchema,
  VocabularyRecordSchema,
  VocabularyStatsSchema,
} from '@wenyan/contracts';
import { CURRENT_USER_KEY, getJson, HttpError, sendJson, withQuery } from './api.ts';
import { clearSession, saveSession } from './session.ts';

const MINUTE = 60_000;

/** The character threshold (word-frequency tier) used when the user has none (spec: 400). */
export const DEFAULT_CHARACTER_THRESHOLD = 400;

/**
 * Every query key of the client, in one place, so a write can refresh exactly what the spec says.
 * Keys start with the resource, so invalidating `['users', id]` refreshes everything of that user.
 */
export const queryKeys = {
  currentUser: CURRENT_USER_KEY,
  lessons: ['lessons'] as const,
  lesson: (id: number) => ['lessons', id] as const,
  userStats: (userId: string) => ['users', userId, 'stats'] as const,
  completedActivities: (userId: string, lessonId: number) =>
    ['users', userId, 'completed-activities', lessonId] as const,
  allCompletedActivities: (userId: string) => ['users', userId, 'completed-activities'] as const,
  nodeAvailability: (lessonId: number, threshold: number) =>
    ['lessons', lessonId, 'nodes', 'availability', threshold] as const,
  nodeQuestions: (lessonId: number, type: string, threshold: number) =>
    ['lessons', lessonId, 'nodes', type, 'questions', threshold] as const,
  courseQuestions: (lessonId: number, courseId: number, type: string) =>
    ['course-questions', lessonId, courseId, type] as const,
  vocabularyLessons: ['vocabulary', 'lessons'] as const,
  mixedLessons: ['vocabulary', 'mixed-lessons'] as const,
  vocabularyRecords: (userId: string) => ['users', userId, 'vocabulary', 'records'] as const,
  vocabularyStats: (userId: string) => ['users', userId, 'vocabulary', 'stats'] as const,
  /** The leaderboard (its query lives with the rank screen; writes invalidate this key). */
  leaderboard: ['leaderboard'] as const,
} as const;

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/**
 * The signed-in user; null when signed out (a 401 yields no data instead of failing). Each successful
 * fetch saves the local session record; a 401 clears it. Fresh 5 minutes, cached 30.
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: async (): Promise<User | null> => {
    try {
      const user = await getJson(apiRoutes.getCurrentUser.path, UserSchema);
      saveSession(user);
      return user;
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        clearSession();
        return null;
      }
      throw err;
    }
  },
  staleTime: 5 * MINUTE,
  gcTime: 30 * MINUTE,
});

export const lessonsQuery = queryOptions({
  queryKey: queryKeys.lessons,
  queryFn: () => getJson(apiRoutes.listLessons.path, LessonListSchema),
});

/** One lesson; null when it does not exist (404). */
export const lessonQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.lesson(id),
    queryFn: async () => {
      try {
        return await getJson(buildPath(apiRoutes.getLesson.path, { id }), LessonSchema);
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: id > 0,
  });

export const userStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.userStats(userId),
    queryFn: () => getJson(buildPath(apiRoutes.getUserStats.path, { userId }), UserStatsListSchema),
  });

export const completedActivitiesQuery = (userId: string, lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.completedActivities(userId, lessonId),
    queryFn: () =>
      getJson(
        buildPath(apiRoutes.getCompletedActivities.path, { id: userId, lessonId }),
        CompletedActivitiesSchema,
      ),
  });

export const nodeAvailabilityQuery = (lessonId: number, characterThreshold: number) =>
  queryOptions({
    queryKey: queryKeys.nodeAvailability(lessonId, characterThreshold),
    queryFn: () =>
      getJson(
        withQuery(buildPath(apiRoutes.getNodeAvailability.path, { lessonId }), { characterThreshold }),
        NodeAvailabilityListSchema,
      ),
  });

export const nodeQuestionsQuery = (lessonId: number, type: string, characterThreshold: number) =>
  queryOptions({
    queryKey: queryKeys.nodeQuestions(lessonId, type, characterThreshold),
    queryFn: () =>
      getJson(
        withQuery(buildPath(apiRoutes.listNodeQuestions.path, { lessonId, type }), { characterThreshold }),
        QuestionListSchema,
      ),
  });

/** The type roadmap's course questions: courseId is the node id without "course" (default 1), limit 8. */
export const courseQuestionsQuery = (lessonId: number, courseId: number, type: string) =>
  queryOptions({
    queryKey: queryKeys.courseQuestions(lessonId, courseId, type),
    queryFn: () =>
      getJson(
        withQuery(apiRoutes.listCourseQuestions.path, { lessonId, courseId, type, limit: 8 }),
        QuestionListSchema,
      ),
  });

export const vocabularyLessonsQuery = queryOptions({
  queryKey: queryKeys.vocabularyLessons,
  queryFn: () => getJson(apiRoutes.listVocabularyLessons.path, VocabularyLessonListSchema),
});

export const mixedLessonsQuery = queryOptions({
  queryKey: queryKeys.mixedLessons,
  queryFn: () => getJson(apiRoutes.listMixedLessons.path, MixedLessonListSchema),
});

export const vocabularyRecordsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.vocabularyRecords(userId),
    queryFn: () =>
      getJson(buildPath(apiRoutes.listVocabularyRecords.path, { id: userId }), VocabularyRecordListSchema),
  });

export const vocabularyStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.vocabularyStats(userId),
    queryFn: () =>
      getJson(buildPath(apiRoutes.getVocabularyStats.path, { id: userId }), VocabularyStatsSchema),
  });

/** What a quiz needs to fetch its questions (spec part 1 §7, the four forms of the quiz's call). */
export interface QuizQuestionsRequest {
  /** Negative: a mixed session, whose id is the absolute value. 0 with `lessonIds`: quick practice. */
  lessonId: number;
  userId: string;
  lessonIds?: readonly number[] | undefined;
  type: QuestionType;
  questionCount: number;
  characterThreshold: number;
}

/** Fetches a quiz's questions by the spec's rule: word questions by lessonIds, sessionId or lessonId, else adaptive. */
export function fetchQuizQuestions(request: QuizQuestionsRequest): Promise<Question[]> {
  const { lessonId, lessonIds, type, questionCount: limit } = request;
  if (type === 'word_interpretation') {
    const path = apiRoutes.listVocabularyQuestions.path;
    if (lessonIds && lessonIds.length > 0) {
      return getJson(withQuery(path, { lessonIds, limit }), QuestionListSchema);
    }
    if (lessonId < 0) return getJson(withQuery(path, { sessionId: -lessonId, limit }), QuestionListSchema);
    return getJson(withQuery(path, { lessonId, limit }), QuestionListSchema);
  }
  return getJson(
    withQuery(buildPath(apiRoutes.getAdaptiveQuestions.path, { id: lessonId }), {
      userId: request.userId,
      characterThreshold: request.characterThreshold,
      type,
      count: limit,
    }),
    QuestionListSchema,
  );
}

// ---------------------------------------------------------------------------------------------
// Writes (each sends an Idempotency-Key; see sendJson)
// ---------------------------------------------------------------------------------------------

export interface AnswerSubmission {
  userId: string;
  questionId: string;
  selectedAnswer: string;
  timeSpent: number;
}

/** POST /api/users/answers: the server grades the answer and answers the verdict, awards and totals. */
export function submitAnswer(answer: AnswerSubmission, idempotencyKey?: string) {
  return sendJson(
    'POST',
    apiRoutes.submitAnswer.path,
    { ...answer, timeSpent: Math.max(0, Math.round(answer.timeSpent)) },
    AnswerResultSchema,
    idempotencyKey,
  );
}

/** POST .../nodes/:type/complete. */
export function completeNode(
  params: { userId: string; lessonId: number; type: QuestionType },
  body: NodeCompleteBody,
  idempotencyKey?: string,
) {
  return sendJson(
    'POST',
    buildPath(apiRoutes.completeNode.path, params),
    body,
    NodeCompleteResultSchema,
    idempotencyKey,
  );
}

/** POST /api/vocabulary/records. */
export function saveVocabularyRecord(body: VocabularyRecordBody, idempotencyKey?: string) {
  return sendJson('POST', apiRoutes.saveVocabularyRecord.path, body, VocabularyRecordSchema, idempotencyKey);
}

/** POST /api/questions (teachers and admins). */
export function createQuestion(body: CreateQuestionInput, idempotencyKey?: string) {
  return sendJson('POST', apiRoutes.createQuestion.path, body, QuestionSchema, idempotencyKey);
}

// ---------------------------------------------------------------------------------------------
// Refreshing after a write
// ---------------------------------------------------------------------------------------------

/** Puts the server's new totals into the cached user at once, so the header's XP and streak move. */
export function applyTotals(client: QueryClient, result: Pick<ProgressResult, 'totals'>): void {
  client.setQueryData<User | null>(CURRENT_USER_KEY, (user) => (user ? { ...user, ...result.totals } : user));
}

/** After an answer: the user and the per-lesson stats (spec part 1 §7). */
export function refreshAfterAnswer(client: QueryClient, userId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    client.invalidateQueries({ queryKey: queryKeys.userStats(userId) }),
  ]).then(() => undefined);
}

/** After a node completion: lesson records, completed activities, the user and the leaderboard. */
export function refreshAfterNodeComplete(client: QueryClient, userId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    client.invalidateQueries({ queryKey: queryKeys.userStats(userId) }),
    client.invalidateQueries({ queryKey: queryKeys.allCompletedActivities(userId) }),
    client.invalidateQueries({ queryKey: queryKeys.leaderboard }),
  ]).then(() => undefined);
}

/** After a word quiz: its records and stats, the user, the stats and the leaderboard. */
export function refreshAfterVocabulary(client: QueryClient, userId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    client.invalidateQueries({ queryKey: queryKeys.userStats(userId) }),
    client.invalidateQueries({ queryKey: queryKeys.vocabularyRecords(userId) }),
    client.invalidateQueries({ queryKey: queryKeys.vocabularyStats(userId) }),
    client.invalidateQueries({ queryKey: queryKeys.leaderboard }),
  ]).then(() => undefined);
}
