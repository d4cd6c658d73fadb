/**
 * The API's session cache, in both modes: what this instance changes (a sign-out, a role) holds at
 * once; a session ended elsewhere (another instance's sign-out, here a row deleted directly) is still
 * served from the cache until this instance forgets it. The cache lives a minute here, far longer
 * than any of these tests, so nothing depends on the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, startTestApp, type TestApp } from '../support/app-harness.ts';

describe.each(MODES)('the session cache (%s mode)', (mode) => {
  const adminName = `cache_admin_${mode}`;
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp(mode, { ADMIN_USERNAMES: adminName, SESSION_CACHE_MS: '60000' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: adminName, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    admin = { id: res.json().id, username: adminName, cookie, headers: { cookie } };
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers });
  const teacherClasses = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/teacher/classes', headers: who.headers });
  const setRoles = (who: TestAccount, roles: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${who.id}/roles`,
      headers: admin.headers,
      payload: { roles },
    });

  it('refuses a session signed out on this instance at once', async () => {
    const learner = await signUp(t.app, 'cache_out');
    expect((await me(learner)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: learner.headers });
    expect(out.statusCode).toBe(200);
    expect((await me(learner)).statusCode).toBe(401);

    const other = await signUp(t.app, 'cache_out');
    expect((await me(other)).statusCode).toBe(200);
    const redirect = await t.app.inject({ method: 'GET', url: '/api/logout', headers: other.headers });
    expect(redirect.statusCode).toBe(302);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('applies a role granted or revoked through the API at once', async () => {
    const teacher = await signUp(t.app, 'cache_roles');
    expect((await teacherClasses(teacher)).statusCode).toBe(403);
    expect((await setRoles(teacher, ['student', 'teacher'])).statusCode).toBe(200);
    expect((await teacherClasses(teacher)).statusCode).toBe(200);
    expect((await me(teacher)).json().roles).toEqual(['student', 'teacher']);
    expect((await setRoles(teacher, ['student'])).statusCode).toBe(200);
    expect((await teacherClasses(teacher)).statusCode).toBe(403);
  });

  it('serves a session ended elsewhere from the cache until this instance signs it out', async () => {
    const learner = await signUp(t.app, 'cache_elsewhere');
    expect((await me(learner)).statusCode).toBe(200);
    // Another instance's sign-out deletes the row; this instance has not heard of it.
    await t.runtime.deps.db.deleteFrom('sessions').where('user_id', '=', learner.id).execute();
    expect((await me(learner)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: learner.headers });
    expect((await me(learner)).statusCode).toBe(401);
  });
});
