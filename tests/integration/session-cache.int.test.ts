/**
 * The API's session cache, in both modes: what this instance changes (a sign-out, a role) holds at
 * once; in the distributed mode, what another API instance changes (or `npm run roles`) holds here as
 * soon as its notice arrives over Redis. A session ended behind the API's back (a row deleted directly)
 * is still served from the cache until someone forgets it. The content cache likewise: what one
 * instance changes (an admin's exam date) every instance forgets at once. The caches live a minute
 * here, far longer than any of these tests, so nothing depends on the clock.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putRoles, signUp, signUpAdmin, type TestAccount } from '../support/accounts.ts';
import { MODES, startOtherInstance, type TestApp, useTestApp } from '../support/app-harness.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(MODES)('the session cache (%s mode)', (mode) => {
  const adminName = `cache_admin_${mode}`;
  let admin: TestAccount;
  const t = useTestApp(mode, { SESSION_CACHE_MS: '60000' });

  beforeAll(async () => {
    admin = await signUpAdmin(t.app, adminName);
  });

  const me = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers });
  const teacherClasses = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/teacher/classes', headers: who.headers });
  const setRoles = (who: TestAccount, roles: string[]) => putRoles(t.app, admin, who, roles);

  it('refuses a session signed out on this instance at once', async () => {
    const learner = await signUp(t.app, 'cache_out');
    expect((await me(learner)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: learner.headers });
    expect(out.statusCode).toBe(200);
    expect((await me(learner)).statusCode).toBe(401);

    const other = await signUp(t.app, 'cache_out');
    expect((await me(other)).statusCode).toBe(200);
    // A navigation from the app itself (GET /api/logout signs out only what shows it came from this site).
    const redirect = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...other.headers, 'sec-fetch-site': 'same-origin' },
    });
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

describe('the session cache across API instances (distributed mode)', () => {
  let other: TestApp;
  let admin: TestAccount;
  const t = useTestApp('distributed', { SESSION_CACHE_MS: '60000' });
  const adminName = 'cache_admin_across';

  beforeAll(async () => {
    // A second instance of the same deployment: the same database, the same Redis prefix.
    other = await startOtherInstance(t);
    admin = await signUpAdmin(t.app, adminName);
  });
  afterAll(async () => {
    await other?.close();
  });

  /** Asks the other instance until it answers `status` (a notice travels through Redis), for up to 5 s. */
  async function untilOther(url: string, who: TestAccount, status: number): Promise<number> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const res = await other.app.inject({ method: 'GET', url, headers: who.headers });
      if (res.statusCode === status || Date.now() > deadline) return res.statusCode;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('refuses on every instance a session signed out on one', async () => {
    const learner = await signUp(t.app, 'cache_across');
    // The other instance has the session in its cache.
    expect(
      (await other.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: learner.headers });
    expect(out.statusCode).toBe(200);
    expect(await untilOther('/api/auth/user', learner, 401)).toBe(401);
  });

  it('applies on every instance a role changed through one of them, or by npm run roles', async () => {
    const teacher = await signUp(t.app, 'cache_across_roles');
    expect(await untilOther('/api/teacher/classes', teacher, 403)).toBe(403);
    const granted = await putRoles(t.app, admin, teacher, ['student', 'teacher']);
    expect(granted.statusCode).toBe(200);
    expect(await untilOther('/api/teacher/classes', teacher, 200)).toBe(200);

    const env = t.runtime.deps.env;
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'packages/store/src/cli/roles.ts'), 'revoke', teacher.username, 'teacher'],
      {
        env: {
          ...process.env,
          DATABASE_URL: env.DATABASE_URL,
          REDIS_URL: env.REDIS_URL,
          REDIS_PREFIX: env.REDIS_PREFIX,
        },
      },
    );
    expect(await untilOther('/api/teacher/classes', teacher, 403)).toBe(403);
  });

  it('forgets the cached content on every instance when one changes it (an admin exam date)', async () => {
    const learner = await signUp(t.app, 'content_across');
    const settings = async () =>
      (
        await other.app.inject({
          method: 'GET',
          url: `/api/users/${learner.id}/review-settings`,
          headers: learner.headers,
        })
      ).json() as { examDate: string };
    // The other instance reads (and caches for a minute) the facts that carry the default exam dates.
    const before = await settings();
    const year = Number(before.examDate.slice(0, 4));
    const examDate = before.examDate === `${year}-04-20` ? `${year}-04-21` : `${year}-04-20`;
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/exam-dates/${year}`,
      headers: admin.headers,
      payload: { examDate },
    });
    expect(set.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    let after = await settings();
    while (after.examDate !== examDate && Date.now() < deadline) after = await settings();
    expect(after.examDate).toBe(examDate);
  });
});
