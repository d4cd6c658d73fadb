import type { Input } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';

/** POST /api/questions (teachers and admins). */
export function createQuestion(body: Input<'createQuestion'>['body'], idempotencyKey?: string) {
  return call('createQuestion', { body }, { idempotencyKey });
}
