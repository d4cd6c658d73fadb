import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateQuestionBodySchema } from './questions.ts';
import { routeEntries } from './routes.ts';

/** Every field of a schema, with its path, through objects, arrays, unions, pipes and wrappers. */
function fieldsOf(
  schema: z.ZodType,
  at = '$',
  out: Array<[string, string, z.ZodType]> = [],
  seen = new Set(),
) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition tree
  const def = (schema as any)._zod.def;
  const walk = (child: z.ZodType | undefined, where: string) => child && fieldsOf(child, where, out, seen);
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.push([`${at}.${key}`, key, child]);
        walk(child, `${at}.${key}`);
      }
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option, at);
      break;
    case 'intersection':
      walk(def.left, at);
      walk(def.right, at);
      break;
    case 'record':
      walk(def.valueType, `${at}{value}`);
      break;
    case 'pipe':
      walk(def.in, at);
      walk(def.out, at);
      break;
    case 'lazy':
      walk(def.getter(), at);
      break;
    default:
      if (def.innerType) walk(def.innerType, at);
  }
  return out;
}

/** Whether a schema (or anything inside it) coerces its input. */
function coerces(schema: z.ZodType, seen = new Set()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition tree
  const def = (schema as any)._zod.def;
  if (def.coerce === true) return true;
  const children = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.left,
    def.right,
    def.valueType,
    ...(def.options ?? []),
    ...Object.values(def.shape ?? {}),
  ].filter(Boolean) as z.ZodType[];
  return children.some((child) => coerces(child, seen));
}

const bodies = routeEntries().flatMap(([name, route]) =>
  route.body ? [[name, route.body as z.ZodType] as const] : [],
);
const isIdField = (key: string) => /^id$|Ids?$/.test(key);

describe('ids in request bodies (issue 37)', () => {
  it('no request body coerces its input (a boolean or a string never becomes a number)', () => {
    expect(bodies.length).toBeGreaterThan(10);
    const coercing = bodies.filter(([, body]) => coerces(body)).map(([name]) => name);
    expect(coercing).toEqual([]);
  });

  it.each(bodies)('%s: every id field refuses true, and never turns "1" into a number', (_name, body) => {
    for (const [path, key, field] of fieldsOf(body)) {
      if (!isIdField(key)) continue;
      expect(field.safeParse(true).success, `${path} took true`).toBe(false);
      const text = field.safeParse('1');
      if (text.success) expect(typeof text.data, `${path} made "1" a number`).not.toBe('number');
    }
  });

  it('the add-question form refuses lessonId true and "1", and takes 1', () => {
    const form = {
      content: '「學而時習之」的「習」是甚麼意思？',
      targetText: '習',
      correctAnswer: '溫習',
      explanation: '習：溫習、練習。',
      options: ['溫習', '學習'],
    };
    expect(CreateQuestionBodySchema.safeParse({ ...form, lessonId: true }).success).toBe(false);
    expect(CreateQuestionBodySchema.safeParse({ ...form, lessonId: '1' }).success).toBe(false);
    const parsed = CreateQuestionBodySchema.safeParse({ ...form, lessonId: 1 });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
