/**
 * 待老師批閱: the queue of answers the marker could not be sure of (the teacher's classes'; an admin's:
 * everyone's) and the teacher's marks of one. Every answer is parsed with its contract.
 */
import { queryOptions } from '@tanstack/react-query';
import type { MarkPendingAnswerBody } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The answers still waiting for a teacher, oldest first. */
export const pendingAnswersQuery = queryOptions({
  queryKey: queryKeys.teacher.pendingAnswers,
  queryFn: () => call('listPendingAnswers', { query: { status: 'pending' } }),
  staleTime: 30_000,
});

/** Records the teacher's marks of one pending answer (one Idempotency-Key per form). */
export function markPendingAnswer(
  answer: { learnerId: string; answerVersion: number },
  body: MarkPendingAnswerBody,
  idempotencyKey: string,
) {
  return call(
    'markPendingAnswer',
    { params: { id: answer.learnerId, version: answer.answerVersion }, body },
    { idempotencyKey },
  );
}
