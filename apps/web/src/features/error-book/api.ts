import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readByIdQuery } from '../../lib/reads.ts';

export const errorQuestionsQuery = (userId: string) =>
  readByIdQuery(queryKeys.errorQuestions(userId), 'listErrorQuestions', userId);

export const errorStatsQuery = (userId: string) =>
  readByIdQuery(queryKeys.errorStats(userId), 'getErrorStats', userId);

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
