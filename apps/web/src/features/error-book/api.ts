import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export const errorQuestionsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.errorQuestions(userId),
    queryFn: () => call('listErrorQuestions', { params: { id: userId } }),
  });

export const errorStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.errorStats(userId),
    queryFn: () => call('getErrorStats', { params: { id: userId } }),
  });

/** PATCH: the learner's note on a question (the question stays in the book). */
export function saveErrorNote(userId: string, questionId: string, note: string) {
  return call('updateErrorQuestion', {
    params: { id: userId, questionId },
    body: { isCorrect: false, userExplanation: note },
  });
}

/** PATCH .../master: the question leaves the active list. */
export function masterErrorQuestion(userId: string, questionId: string) {
  return call('masterErrorQuestion', { params: { id: userId, questionId } });
}
