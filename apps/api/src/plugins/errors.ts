import type { DomainError, DomainErrorCode } from '@wenyan/domain';
import { IdempotencyMismatchError, StreamBusyError } from '@wenyan/store';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A failure the API reports to its caller as `{ error: { code, message, details } }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: unknown;
  constructor(statusCode: number, code: string, message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

/**
 * The one table from a domain refusal to its HTTP status. Complete by type: a new refusal code does not
 * compile until it has a status here.
 */
export const REFUSAL_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  INVALID_NOW: 500,
  EMPTY_ANSWER: 400,
  INVALID_TIME_SPENT: 400,
  INVALID_RESULT_COUNTS: 400,
  SCORE_MISMATCH: 400,
  UNKNOWN_NODE_TYPE: 400,
  INVALID_EXERCISE: 400,
  EMPTY_NOTE: 400,
  NOTE_TOO_LONG: 400,
  NOT_IN_ERROR_BOOK: 404,
  ALREADY_MASTERED: 409,
  EMPTY_SCHOOL_NAME: 400,
  SCHOOL_NAME_TOO_LONG: 400,
  INVALID_RANGE: 400,
  INVALID_MISTAKES: 400,
  INVALID_ATTEMPTS: 400,
  INVALID_WRITTEN: 400,
  ACCURACY_MISMATCH: 400,
  INVALID_SELF_ASSESSMENT: 400,
  NOT_APPEALABLE: 400,
  ALREADY_APPEALED: 409,
  NO_APPEAL: 404,
  APPEAL_RESOLVED: 409,
  QUESTION_MISMATCH: 400,
  UNKNOWN_POINT: 400,
  EMPTY_RENDERING: 400,
  RENDERING_NOT_IN_ANSWER: 400,
  RENDERING_COPIES_SOURCE: 400,
  RENDERING_DROPS_NEGATION: 400,
  INVALID_EXAM_DATE: 400,
  INVALID_TARGET_RECALL: 400,
  INVALID_DAILY_GOAL: 400,
  NOT_PENDING: 409,
  ALREADY_MARKED: 409,
  NOT_LEARNERS_ANSWER: 404,
  INVALID_MARKS: 400,
  RECITATION_TOO_FAST: 400,
  NOT_FLAGGED: 409,
  NO_RECORDED_ANSWERS: 400,
  NOT_SELF_MARKED: 400,
  ALREADY_CONFIRMED: 409,
};

/** A domain refusal as the API reports it: its code and message, the status from `REFUSAL_STATUS`. */
export const refused = (error: DomainError) =>
  new ApiError(REFUSAL_STATUS[error.code], error.code, error.message);

export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'not allowed') => new ApiError(403, 'FORBIDDEN', message);
export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'sign in first');

/** A database or connection failure: the request may be retried (with the same Idempotency-Key). */
function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300'].includes(code) ||
    code.startsWith('08') ||
    /Connection terminated|terminating connection|connection timeout/i.test(e?.message ?? '')
  );
}

function body(code: string, message: string, details?: unknown) {
  return { error: { code, message, details: details ?? null } };
}

/** The one error handler: validation → 400 naming the field; known errors as they are; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details = error.validation.map((v) => {
        const path = (v.instancePath ?? '').split('/').filter(Boolean).join('.');
        return { field: path ? `${where}.${path}` : where, message: v.message ?? 'invalid' };
      });
      const first = details[0];
      return reply
        .status(400)
        .send(
          body('VALIDATION_FAILED', first ? `${first.field}: ${first.message}` : 'invalid request', details),
        );
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (error instanceof IdempotencyMismatchError) {
      return reply
        .status(422)
        .send(body('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used for a different request'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send(body('INTERNAL', 'internal error'));
    }
    // A backing service away, or a learner stream that stayed busy: both pass if the client retries.
    if (isUnavailable(error) || error instanceof StreamBusyError) {
      request.log.warn({ err: error }, 'unavailable for now; the client may retry');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(body('UNAVAILABLE', '服務暫時未能使用，請稍後再試。'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body(status === 503 ? 'UNAVAILABLE' : 'INTERNAL', 'internal error'));
    }
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST';
    return reply.status(status).send(body(code, error.message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
