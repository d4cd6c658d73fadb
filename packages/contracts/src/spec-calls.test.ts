import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HTTP_METHODS, routeEntries } from './routes.ts';
import specCalls from './spec-calls.json' with { type: 'json' };

/** One row of the spec's call tables (spec part 1 §7, part 2 §7), with the spec's `{param}` paths. */
const SpecCallSchema = z.strictObject({
  method: z.enum(HTTP_METHODS),
  path: z.string().regex(/^\/api\//),
  source: z.enum(['spec part 1 §7', 'spec part 2 §7']),
  note: z.string().optional(),
});

/** `{x}` in a spec path matches any `:y` of a route path; other segments must be equal. */
function samePath(specPath: string, routePath: string): boolean {
  const spec = specPath.split('/');
  const route = routePath.split('/');
  return (
    spec.length === route.length &&
    spec.every((segment, index) => {
      const other = route[index] ?? '';
      return /^\{\w+\}$/.test(segment) ? other.startsWith(':') : segment === other;
    })
  );
}

const calls = z.array(SpecCallSchema).parse(specCalls);

describe('the calls of the spec tables', () => {
  it('are all listed (49 rows of the two tables)', () => {
    expect(calls.length).toBe(49);
    expect(calls.filter((call) => call.source === 'spec part 1 §7').length).toBe(16);
  });

  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s has a contract',
    (_label, call) => {
      const match = routeEntries().find(
        ([, route]) => route.method === call.method && samePath(call.path, route.path),
      );
      expect(match, `no entry in apiRoutes for ${call.method} ${call.path} (${call.source})`).toBeDefined();
    },
  );

  it('match {x} with :y and nothing else', () => {
    expect(samePath('/api/lessons/{id}', '/api/lessons/:lessonId')).toBe(true);
    expect(samePath('/api/lessons/{id}', '/api/lessons/availability')).toBe(false);
    expect(samePath('/api/lessons/{id}', '/api/lessons/:id/questions')).toBe(false);
  });
});
