import { apiRoutes, buildPath, type RouteName } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { putRoles, signUp, signUpAdmin, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

type Who = 'anonymous' | 'owner' | 'otherStudent' | 'teacher' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'otherStudent', 'teacher', 'admin'];

/**
 * What each auth rule allows. "allowed" means neither 401 nor 403 (the call may still answer 400 or 404
 * for the sample input); "401"/"403" must be exactly that.
 */
const EXPECTED: Record<string, Record<Who, 'allowed' | 401 | 403>> = {
  public: {
    anonymous: 'allowed',
    owner: 'allowed',
    otherStudent: 'allowed',
    teacher: 'allowed',
    admin: 'allowed',
  },
  user: { anonymous: 401, owner: 'allowed', otherStudent: 'allowed', teacher: 'allowed', admin: 'allowed' },
  self: { anonymous: 401, owner: 'allowed', otherStudent: 403, teacher: 403, admin: 403 },
  teacherOrSelf: { anonymous: 401, owner: 'allowed', otherStudent: 403, teacher: 403, admin: 'allowed' },
  teacherOfLearner: { anonymous: 401, owner: 403, otherStudent: 403, teacher: 403, admin: 'allowed' },
  teacher: { anonymous: 401, owner: 403, otherStudent: 403, teacher: 'allowed', admin: 'allowed' },
  admin: { anonymous: 401, owner: 403, otherStudent: 403, teacher: 403, admin: 'allowed' },
};

/** Routes whose call has side effects on the caller's session that would spoil the table. */
const SKIP = new Set<RouteName>(['logout', 'logoutRedirect', 'websocket', 'loginPage', 'register', 'login']);

describe('authorization: every route × anonymous / owner / other student / teacher / admin', () => {
  const t = useTestApp('embedded');
  const accounts = {} as Record<Exclude<Who, 'anonymous'>, TestAccount>;

  beforeAll(async () => {
    accounts.owner = await signUp(t.app, 'owner');
    accounts.otherStudent = await signUp(t.app, 'other');
    accounts.teacher = await signUp(t.app, 'teacher');
    accounts.admin = await signUpAdmin(t.app, 'authz_admin');
    const granted = await putRoles(t.app, accounts.admin, accounts.teacher, ['student', 'teacher']);
    expect(granted.statusCode).toBe(200);
  });

  it('lets an admin find an account by username to grant it roles', async () => {
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?username=${accounts.teacher.username}`,
      headers: accounts.admin.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      id: accounts.teacher.id,
      username: accounts.teacher.username,
      roles: ['student', 'teacher'],
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?username=nobody_here',
      headers: accounts.admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  const entries = (Object.entries(apiRoutes) as Array<[RouteName, (typeof apiRoutes)[RouteName]]>).filter(
    ([name]) => !SKIP.has(name),
  );

  it.each(entries)('%s', async (name, route) => {
    const expected = EXPECTED[route.auth]!;
    for (const who of WHO) {
      const params: Record<string, string | number> = {
        id: accounts.owner.id,
        userId: accounts.owner.id,
        lessonId: 1,
        type: 'word_interpretation',
        paperId: 1,
        questionId: 'l01-wi-01',
        assignmentId: 'a1',
        version: 1,
        year: 2027,
      };
      // Class routes take a class id, not a user id.
      if (route.path.includes('/classes/:id')) params.id = '999999';
      const url = buildPath(route.path, params);
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: who === 'anonymous' ? {} : accounts[who].headers,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const want = expected[who];
      if (want === 'allowed') {
        expect([401, 403], `${name} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`).not.toContain(
          res.statusCode,
        );
      } else {
        expect(res.statusCode, `${name} as ${who}`).toBe(want);
      }
    }
  });
});
