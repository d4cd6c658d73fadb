import { queryOptions } from '@tanstack/react-query';
import type { QuestionType } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** The character threshold (word-frequency tier) used when the user has none (spec: 400). */
export const DEFAULT_CHARACTER_THRESHOLD = 400;

export const completedActivitiesQuery = (userId: string, lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.completedActivities(userId, lessonId),
    queryFn: () => call('getCompletedActivities', { params: { id: userId, lessonId } }),
  });

/** The server's node results of a lesson: completed or not, the best session score, the unit. */
export const nodeResultsQuery = (userId: string, lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.nodeResults(userId, lessonId),
    queryFn: () => call('getNodeResults', { params: { id: userId, lessonId } }),
  });

export const nodeAvailabilityQuery = (lessonId: number, characterThreshold: number) =>
  queryOptions({
    queryKey: queryKeys.nodeAvailability(lessonId, characterThreshold),
    queryFn: () => call('getNodeAvailability', { params: { lessonId }, query: { characterThreshold } }),
  });

export const nodeQuestionsQuery = (lessonId: number, type: QuestionType, characterThreshold: number) =>
  queryOptions({
    queryKey: queryKeys.nodeQuestions(lessonId, type, characterThreshold),
    queryFn: () => call('listNodeQuestions', { params: { lessonId, type }, query: { characterThreshold } }),
  });

/** The type roadmap's course questions: courseId is the node id without "course" (default 1), limit 8. */
export const courseQuestionsQuery = (lessonId: number, courseId: number, type: QuestionType) =>
  queryOptions({
    queryKey: queryKeys.courseQuestions(lessonId, courseId, type),
    queryFn: () => call('listCourseQuestions', { query: { lessonId, courseId, type, limit: 8 } }),
  });
