/**
 * The one error shape every call answers with when it fails: `{ error: { code, message, details } }`.
 */
import { z } from 'zod';

/** Every error code the API sends. Clients must still accept an unknown code (the schema keeps `code` a string). */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  // Domain codes.
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  INVALID_JOIN_CODE: 'INVALID_JOIN_CODE',
  NOT_A_CLASS_MEMBER: 'NOT_A_CLASS_MEMBER',
  INVALID_CONTENT: 'INVALID_CONTENT',
} as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The HTTP statuses an error answer can carry. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** The HTTP status each code is sent with. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, ErrorStatus>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  INVALID_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  INVALID_JOIN_CODE: 404,
  NOT_A_CLASS_MEMBER: 404,
  INVALID_CONTENT: 400,
};

/** A default message for each code, in the words a student reads (Traditional Chinese, Hong Kong). */
export const DEFAULT_ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: '提交的資料不正確，請檢查後再試。',
  UNAUTHENTICATED: '請先登入。',
  FORBIDDEN: '你沒有權限進行此操作。',
  NOT_FOUND: '找不到相關資料。',
  CONFLICT: '資料已被更新，請重新載入後再試。',
  RATE_LIMITED: '操作太頻繁，請稍後再試。',
  UNAVAILABLE: '服務暫時未能使用，請稍後再試。',
  INTERNAL: '系統發生錯誤，請稍後再試。',
  INVALID_CREDENTIALS: '用戶名稱或密碼不正確。',
  USERNAME_TAKEN: '此用戶名稱已被使用。',
  INVALID_JOIN_CODE: '班別代碼無效。',
  NOT_A_CLASS_MEMBER: '你不是此班別的成員。',
  INVALID_CONTENT: '上載的內容格式不正確。',
};

/** One problem found by validation, as sent in `details.issues` of a VALIDATION_FAILED answer. */
export const ValidationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The `details` of a VALIDATION_FAILED answer. */
export const ValidationDetailsSchema = z.object({
  /** Which part of the request failed. */
  in: z.enum(['params', 'query', 'body', 'headers']).optional(),
  issues: z.array(ValidationIssueSchema),
});
export type ValidationDetails = z.infer<typeof ValidationDetailsSchema>;

/** `{ error: { code, message, details } }`; `details` is free-form (see ValidationDetailsSchema for 400). */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().min(1),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Builds an error body; the message defaults to the code's Traditional Chinese text. */
export function errorBody(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  const error: ErrorBody['error'] = { code, message: message ?? DEFAULT_ERROR_MESSAGES[code] };
  if (details !== undefined) error.details = details;
  return { error };
}

/**
 * The error part of a route's `responses`: each given status answers with ErrorBodySchema.
 *
 * @example responses: { 200: LessonSchema, ...errorResponses(400, 401, 404) }
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as {
    [K in S[number]]: typeof ErrorBodySchema;
  };
}
