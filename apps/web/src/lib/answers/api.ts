import type { AnswerResult } from '@wenyan/contracts';
import { call } from '../client.ts';
import type { AnswerSubmission } from './answerSubmitter.ts';

/** POST /api/users/answers with the attempt's key: the server grades and answers the verdict, awards and totals. */
export function sendAnswer(answer: AnswerSubmission, idempotencyKey: string): Promise<AnswerResult> {
  return call('submitAnswer', { body: answer }, { idempotencyKey });
}
