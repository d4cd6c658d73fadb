import type { Input } from '@wenyan/contracts';
import { HttpError } from '../../lib/api.ts';
import { call } from '../../lib/client.ts';

/** POST /api/recitations: a finished recitation, with the run's key (kept by the machine's retries). */
export function finishRecitation(body: Input<'finishRecitation'>['body'], idempotencyKey: string) {
  return call('finishRecitation', { body }, { idempotencyKey });
}

/**
 * POST /api/recitations/served: the learner begins writing a lesson's passage from memory. The token
 * goes back with the written run, which the server times from it (issue 37); undefined when it failed
 * (the run is then sent without one: a phrase is still marked, a longer run is refused).
 */
export function serveRecitation(lessonId: number): Promise<string | undefined> {
  return call('serveRecitation', { body: { lessonId } }).then(
    (reply) => reply.served,
    () => undefined,
  );
}

/** What to tell the learner when a written run was not marked: the server's refusal, else the network. */
export function recallFailure(error: unknown): string {
  return error instanceof HttpError && error.status === 400 && error.code === 'RECITATION_TOO_FAST'
    ? error.message
    : '未能交卷，請檢查網絡後再試。';
}
