/**
 * How the domain reports outcomes. An expected refusal (an empty note, a question that is not in the
 * error book) is a `Result` with a literal `code`; a broken invariant of the caller (an unknown stored
 * event, an unreadable clock value) throws a `DomainRuleError`, also with a literal `code`.
 */

/** Every code `decide` can refuse a command with. */
export const DOMAIN_ERROR_CODES = [
  'INVALID_NOW',
  'EMPTY_ANSWER',
  'INVALID_TIME_SPENT',
  'INVALID_RESULT_COUNTS',
  'SCORE_MISMATCH',
  'UNKNOWN_NODE_TYPE',
  'INVALID_EXERCISE',
  'EMPTY_NOTE',
  'NOTE_TOO_LONG',
  'NOT_IN_ERROR_BOOK',
  'ALREADY_MASTERED',
  'EMPTY_SCHOOL_NAME',
  'SCHOOL_NAME_TOO_LONG',
  'INVALID_RANGE',
  'INVALID_MISTAKES',
  'INVALID_ATTEMPTS',
  'INVALID_WRITTEN',
  'ACCURACY_MISMATCH',
  'INVALID_SELF_ASSESSMENT',
  'NOT_APPEALABLE',
  'ALREADY_APPEALED',
  'NO_APPEAL',
  'APPEAL_RESOLVED',
  'QUESTION_MISMATCH',
  'UNKNOWN_POINT',
  'EMPTY_RENDERING',
  'RENDERING_NOT_IN_ANSWER',
  'RENDERING_COPIES_SOURCE',
  'RENDERING_DROPS_NEGATION',
  'INVALID_EXAM_DATE',
  'INVALID_TARGET_RECALL',
  'INVALID_DAILY_GOAL',
  'NOT_PENDING',
  'ALREADY_MARKED',
  'NOT_LEARNERS_ANSWER',
  'INVALID_MARKS',
  'RECITATION_TOO_FAST',
  'NO_RECORDED_ANSWERS',
  'NOT_SELF_MARKED',
  'ALREADY_CONFIRMED',
  'NOT_FLAGGED',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A refusal: the code is for programs, the message (Traditional Chinese) may be shown to the learner. */
export type DomainError = { readonly code: DomainErrorCode; readonly message: string };

/** Codes of the invariants whose breach throws. */
export type DomainRuleErrorCode =
  | 'INVALID_TIME'
  | 'UNKNOWN_EVENT_TYPE'
  | 'UNSUPPORTED_SCHEMA_VERSION'
  | 'MALFORMED_EVENT'
  | 'UNEXPECTED_VARIANT';

/** Thrown when a caller breaks a rule of the domain's API (not for learner mistakes). */
export class DomainRuleError extends Error {
  readonly code: DomainRuleErrorCode;

  constructor(code: DomainRuleErrorCode, message: string) {
    super(message);
    this.name = 'DomainRuleError';
    this.code = code;
  }
}

/** Builds a refusal. */
export function refuse(
  code: DomainErrorCode,
  message: string,
): { readonly ok: false; readonly error: DomainError } {
  return { ok: false, error: { code, message } };
}

/** The exhaustiveness check closing a switch over a union; reached only when a caller bypassed the types. */
export function assertNever(value: never): never {
  throw new DomainRuleError('UNEXPECTED_VARIANT', `Unexpected variant: ${JSON.stringify(value)}`);
}
