import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { applyTotals, refreshAfterAnswer } from '../cache.ts';
import { type AnswerSubmitter, createAnswerSubmitter } from './answerSubmitter.ts';
import { sendAnswer } from './api.ts';
import { offlineQueue } from './offlineQueue.ts';

/**
 * The answer submitter of one quiz-like screen (kept for the screen's life): sends through
 * `POST /api/users/answers` with the held Idempotency-Key and, once acknowledged, puts the server's totals
 * into the cached user at once and refreshes the user and the per-lesson stats (spec part 1 §7). Offline,
 * the answer is kept on the device and `submit` rejects with `AnswerQueuedError` (see offlineQueue.ts).
 *
 * @example const answers = useAnswerSubmission(); const result = await answers.submit({ userId, questionId, selectedAnswer, timeSpent });
 */
export function useAnswerSubmission(): AnswerSubmitter {
  const queryClient = useQueryClient();
  const [submitter] = useState(() =>
    createAnswerSubmitter(sendAnswer, {
      queue: offlineQueue,
      isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
      onAcknowledged: (result, answer) => {
        applyTotals(queryClient, result);
        void refreshAfterAnswer(queryClient, answer.userId);
      },
    }),
  );
  return submitter;
}
