import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ErrorBodySchema } from './errors.ts';
import type { Lesson } from './lessons.ts';
import type { CreateQuestionInput } from './questions.ts';
import {
  AUTH_RULES,
  apiRoutes,
  buildPath,
  type Input,
  type Output,
  type ParsedInput,
  pathParamNames,
  RESPONSE_KINDS,
  routeEntries,
  SUCCESS_STATUSES,
  toOpenApiPath,
} from './routes.ts';
import type { User } from './users.ts';

const routes = routeEntries();

/** The path inside a schema of a one-way `.transform()` (which `z.encode` cannot run), or null. */
function findOneWayTransform(schema: z.ZodType, at = '$', seen = new Set<unknown>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition tree
  const def = (schema as any)._zod.def;
  const walk = (child: z.ZodType | undefined, where: string) =>
    child ? findOneWayTransform(child, where, seen) : null;
  switch (def.type) {
    case 'transform':
      return at;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const found = walk(child, `${at}.${key}`);
        if (found) return found;
      }
      return walk(def.catchall, `${at}[*]`);
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'union':
      for (const option of def.options as z.ZodType[]) {
        const found = walk(option, `${at}|`);
        if (found) return found;
      }
      return null;
    case 'intersection':
      return walk(def.left, at) ?? walk(def.right, at);
    case 'record':
      return walk(def.keyType, `${at}{key}`) ?? walk(def.valueType, `${at}{value}`);
    case 'pipe':
      return walk(def.in, `${at}<in>`) ?? walk(def.out, `${at}<out>`);
    case 'lazy':
      return walk(def.getter(), at);
    default:
      return def.innerType ? walk(def.innerType, at) : null;
  }
}

describe('the route registry', () => {
  it('has unique method and path pairs', () => {
    const keys = routes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses known auth rules and response kinds', () => {
    for (const [, route] of routes) {
      expect(AUTH_RULES).toContain(route.auth);
      expect(RESPONSE_KINDS).toContain(route.kind ?? 'json');
    }
  });

  it.each(routes)('%s: its params schema names exactly the path parameters', (_name, route) => {
    const inPath = pathParamNames(route.path).sort();
    const inSchema = Object.keys(route.params?.shape ?? {}).sort();
    expect(inSchema).toEqual(inPath);
  });

  it.each(routes)('%s: declares the error answers its auth rule and its input can cause', (_name, route) => {
    const statuses = Object.keys(route.responses).map(Number);
    if (route.auth !== 'public') expect(statuses).toContain(401);
    if (route.auth !== 'public' && route.auth !== 'user') expect(statuses).toContain(403);
    if (route.params || route.query || route.body) expect(statuses).toContain(400);
    for (const status of statuses.filter((code) => code >= 400 && code < 500)) {
      expect(route.responses[status]).toBe(ErrorBodySchema);
    }
  });

  it.each(routes)('%s: has a success answer', (_name, route) => {
    const statuses = Object.keys(route.responses).map(Number);
    expect(statuses.some((status) => (SUCCESS_STATUSES as readonly number[]).includes(status))).toBe(true);
  });

  it('names the learner in the path of every self and teacherOrSelf route', () => {
    for (const [, route] of routes.filter(
      ([, r]) => r.auth === 'self' || r.auth === 'teacherOrSelf' || r.auth === 'teacherOfLearner',
    )) {
      const params = pathParamNames(route.path);
      expect(params.includes('id') || params.includes('userId')).toBe(true);
    }
  });

  it('sends no body with a GET', () => {
    for (const [, route] of routes.filter(([, r]) => r.method === 'GET')) expect(route.body).toBeUndefined();
  });

  it.each(routes)('%s: its response schemas can be encoded (no one-way transform)', (_name, route) => {
    for (const schema of Object.values(route.responses)) expect(findOneWayTransform(schema)).toBeNull();
  });

  it('spots a one-way transform (the check above can fail)', async () => {
    const { z } = await import('zod');
    expect(findOneWayTransform(z.object({ a: z.string().transform(Number) }))).toBe('$.a<out>');
  });

  it('includes the extra calls of the project (identity, operations, teachers)', () => {
    const paths = routes.map(([, route]) => `${route.method} ${route.path}`);
    for (const call of [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/health',
      'GET /api/metrics',
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/ws',
      'POST /api/recitations',
      'GET /api/admin/status',
      'POST /api/teacher/classes',
      'GET /api/teacher/classes',
      'GET /api/teacher/classes/:id/learners',
      'GET /api/teacher/learners/:id/events',
      'GET /api/teacher/learners/:id/state',
      'POST /api/classes/join',
      'POST /api/classes/:id/leave',
      'PUT /api/admin/users/:id/roles',
    ]) {
      expect(paths).toContain(call);
    }
  });
});

describe('path helpers', () => {
  it('lists path parameters in order', () => {
    expect(pathParamNames(apiRoutes.updateErrorQuestion.path)).toEqual(['id', 'questionId']);
    expect(pathParamNames(apiRoutes.listLessons.path)).toEqual([]);
  });

  it('writes a path in OpenAPI form', () => {
    expect(toOpenApiPath(apiRoutes.completeNode.path)).toBe(
      '/api/users/{userId}/lessons/{lessonId}/nodes/{type}/complete',
    );
  });

  it('fills a path with encoded values and refuses a missing one', () => {
    expect(buildPath(apiRoutes.getLesson.path, { id: 3 })).toBe('/api/lessons/3');
    expect(buildPath(apiRoutes.masterErrorQuestion.path, { id: 'u 1', questionId: 'q/1' })).toBe(
      '/api/users/u%201/error-questions/q%2F1/master',
    );
    expect(() => buildPath(apiRoutes.getLesson.path)).toThrow(/:id/);
  });
});

describe('inferred types', () => {
  it('give a client the input and output of a call by name', () => {
    expectTypeOf<Output<'getLesson'>>().toEqualTypeOf<Lesson>();
    expectTypeOf<Output<'getCurrentUser'>>().toEqualTypeOf<User>();
    expectTypeOf<Output<'listVocabularyQuestions'>[number]['options']>().toEqualTypeOf<string[]>();
    expectTypeOf<Input<'getLesson'>>().toEqualTypeOf<{ params: { id: string | number } }>();
    expectTypeOf<keyof Input<'listLessons'>>().toEqualTypeOf<never>();
    expectTypeOf<Input<'createQuestion'>>().toEqualTypeOf<{ body: CreateQuestionInput }>();
  });

  it('give a handler the parsed input', () => {
    expectTypeOf<ParsedInput<'getLesson'>>().toEqualTypeOf<{ params: { id: number } }>();
    expectTypeOf<ParsedInput<'listVocabularyQuestions'>['query']['lessonIds']>().toEqualTypeOf<
      number[] | undefined
    >();
  });
});
