import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CountInputSchema,
  CountSchema,
  commaList,
  INT4_MAX,
  inputProblem,
  isSafeText,
  LessonIdSchema,
  MAX_INPUT_DEPTH,
  positiveIntParam,
  repeatedParam,
  SafeTextSchema,
  UserIdInputSchema,
} from './common.ts';

describe('commaList', () => {
  const lessonIds = commaList(positiveIntParam());

  it('turns a comma-joined string into numbers', () => {
    expect(lessonIds.parse('1,2,3')).toEqual([1, 2, 3]);
  });

  it('accepts a single value, spaces and repeated parameters', () => {
    expect(lessonIds.parse('7')).toEqual([7]);
    expect(lessonIds.parse(' 1 , 2 ')).toEqual([1, 2]);
    expect(lessonIds.parse(['1,2', '3'])).toEqual([1, 2, 3]);
  });

  it('drops empty pieces, so an empty parameter is an empty list', () => {
    expect(lessonIds.parse('')).toEqual([]);
    expect(lessonIds.parse('1,,2,')).toEqual([1, 2]);
  });

  it('rejects an item its schema refuses', () => {
    expect(lessonIds.safeParse('1,x').success).toBe(false);
    expect(lessonIds.safeParse('0').success).toBe(false);
    expect(commaList(z.enum(['a', 'b'])).safeParse('a,c').success).toBe(false);
  });

  it('gives back any list of positive integers it was given joined', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 })), (ids) => {
        expect(lessonIds.parse(ids.join(','))).toEqual(ids);
      }),
    );
  });
});

describe('repeatedParam', () => {
  const types = repeatedParam(z.string());

  it('accepts repeated values and a single one', () => {
    expect(types.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(types.parse('a')).toEqual(['a']);
  });

  it('does not split on commas', () => {
    expect(types.parse('a,b')).toEqual(['a,b']);
  });

  it('coerces each value with the item schema', () => {
    expect(repeatedParam(positiveIntParam()).parse(['3', '4'])).toEqual([3, 4]);
  });
});

describe('a user id in a request body', () => {
  it('is a string whether sent as a string or a number', () => {
    expect(UserIdInputSchema.parse('42')).toBe('42');
    expect(UserIdInputSchema.parse(42)).toBe('42');
  });

  it('is never empty or negative', () => {
    expect(UserIdInputSchema.safeParse('').success).toBe(false);
    expect(UserIdInputSchema.safeParse(-1).success).toBe(false);
  });
});

describe('input every request must respect', () => {
  it('refuses NUL and lone surrogates, accepts paired surrogates and Chinese', () => {
    expect(isSafeText('學而時習之 𠀀')).toBe(true);
    expect(isSafeText('a\u0000')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udfffy')).toBe(false);
    expect(SafeTextSchema.safeParse('a\u0000').success).toBe(false);
  });

  it('names the field of the first unsafe string or key, at any depth', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, 'x\u0000'] }, 'body')?.field).toBe('body.a.1');
    expect(inputProblem({ 'k\ud800': 1 }, 'body')?.field).toBe('body.k\ud800');
    expect(inputProblem({ a: 'ok', n: 2 ** 40, none: null }, 'body')).toBeNull();
  });

  it('refuses nesting deeper than MAX_INPUT_DEPTH without recursing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(inputProblem({ a: deep }, 'body')?.field).toMatch(/^body\.a(\.0)*$/);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = [fine];
    expect(inputProblem(fine, 'body')).toBeNull();
  });

  it('bounds integers to Postgres int4', () => {
    expect(LessonIdSchema.safeParse(INT4_MAX).success).toBe(true);
    expect(LessonIdSchema.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(positiveIntParam().safeParse('99999999999').success).toBe(false);
    expect(CountInputSchema.safeParse(2 ** 31).success).toBe(false);
    expect(CountSchema.safeParse(Date.now()).success).toBe(true);
  });
});
