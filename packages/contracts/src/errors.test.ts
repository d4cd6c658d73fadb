import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_CODES,
  ERROR_STATUS,
  ErrorBodySchema,
  errorBody,
  errorResponses,
  ValidationDetailsSchema,
} from './errors.ts';

describe('the error body', () => {
  it('accepts { error: { code, message, details } } with or without details', () => {
    expect(
      ErrorBodySchema.safeParse({ error: { code: 'NOT_FOUND', message: '找不到相關資料。' } }).success,
    ).toBe(true);
    expect(
      ErrorBodySchema.safeParse({
        error: { code: 'VALIDATION_FAILED', message: 'x', details: { issues: [] } },
      }).success,
    ).toBe(true);
  });

  it('accepts a code it does not know, so an older client survives a newer server', () => {
    expect(ErrorBodySchema.safeParse({ error: { code: 'SOMETHING_NEW', message: '' } }).success).toBe(true);
  });

  it('rejects bodies without the error envelope, a code or a message', () => {
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND', message: 'x' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { message: 'x' } }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { code: '', message: 'x' } }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { code: 'NOT_FOUND' } }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('include the generic codes the API relies on', () => {
    for (const code of [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'RATE_LIMITED',
      'UNAVAILABLE',
      'INTERNAL',
    ]) {
      expect(Object.values(ERROR_CODES)).toContain(code);
    }
  });

  it('each have an HTTP status and a Traditional Chinese default message', () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(DEFAULT_ERROR_MESSAGES[code]).toMatch(/\p{Script=Han}/u);
    }
    expect(ERROR_STATUS.VALIDATION_FAILED).toBe(400);
    expect(ERROR_STATUS.UNAUTHENTICATED).toBe(401);
    expect(ERROR_STATUS.RATE_LIMITED).toBe(429);
  });
});

describe('errorBody', () => {
  it('builds a valid body with the default message', () => {
    const body = errorBody('NOT_FOUND');
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: DEFAULT_ERROR_MESSAGES.NOT_FOUND } });
    expect(ErrorBodySchema.parse(body)).toEqual(body);
  });

  it('keeps a given message and details', () => {
    const details = { in: 'body', issues: [{ path: ['content'], message: '請輸入題目內容' }] };
    const body = errorBody('VALIDATION_FAILED', '請檢查', details);
    expect(body.error.details).toEqual(details);
    expect(ValidationDetailsSchema.safeParse(body.error.details).success).toBe(true);
  });
});

describe('errorResponses', () => {
  it('maps each status to the error body schema', () => {
    const responses = errorResponses(400, 404);
    expect(Object.keys(responses)).toEqual(['400', '404']);
    expect(responses[400]).toBe(ErrorBodySchema);
    expect(responses[404]).toBe(ErrorBodySchema);
  });
});
