import type { Input } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';

/** POST /api/recitations: a finished recitation, with the run's key (kept by the machine's retries). */
export function finishRecitation(body: Input<'finishRecitation'>['body'], idempotencyKey: string) {
  return call('finishRecitation', { body }, { idempotencyKey });
}
