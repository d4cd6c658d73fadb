/**
 * Sign-in that resists guessing, and accounts (issue 23, items 1 and 2), through the API in both modes:
 * the proxy is believed only when configured, attempts are limited per address and per account with a
 * 429 and Retry-After, new passwords follow the rules, hashes are Argon2id and old scrypt hashes are
 * upgraded at sign-in, a password change ends the other sessions (in every API process), and a teacher's
 * one-time reset code lets a learner back in once.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openClass,
  signUp,
  signUpAdmin,
  signUpTeacher,
  type TestAccount,
  useAccounts,
} from '../support/accounts.ts';
import { MODES, startOtherInstance, type TestApp, useTestApp } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set : [String(set)]).map((c) => String(c).split(';')[0]).join('; ');
};
let n = 0;
const unique = (prefix: string) => `${prefix}_${process.pid}_${n++}_${Date.now().toString(36)}`;

describe.each(MODES)('sign-in and accounts (%s mode)', (mode) => {
  const t = useTestApp(mode, { LOGIN_RATE_LIMIT: '4', LOGIN_ADDRESS_RATE_LIMIT: '6' });

  const login = (
    username: string,
    password: string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const register = (username: string, password: string, remoteAddress = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, password },
      remoteAddress,
    });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
  const storedHash = async (userId: string) =>
    (
      await t.runtime.deps.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).password_hash;

  describe('guessing', () => {
    it('ignores X-Forwarded-For from an unconfigured proxy: rotating it still hits the address limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login(
          unique('nobody'),
          'wrong password!',
          { 'x-forwarded-for': `203.0.113.${i}` },
          '10.1.1.1',
        );
        statuses.push(res.statusCode);
      }
      // LOGIN_ADDRESS_RATE_LIMIT is 6: the seventh attempt from the one real address is refused.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    });

    it('limits attempts on one account from any number of addresses, with Retry-After and a Chinese message', async () => {
      const learner = await signUp(t.app, 'guessed');
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof login>> | undefined;
      for (let i = 0; i < 6; i++) {
        // Other addresses, and the name in other cases: still the same account.
        const name = i % 2 ? learner.username.toUpperCase() : learner.username;
        last = await login(name, 'wrong password!', {}, `10.2.0.${i + 1}`);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(last?.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(last?.json().error.code).toBe('RATE_LIMITED');
      expect(last?.json().error.message).toMatch(/嘗試次數太多，請於 \d+ 秒後再試/);
      // Even the right password waits: the limit is on attempts, not on failures.
      expect((await login(learner.username, PASSWORD, {}, '10.2.0.99')).statusCode).toBe(429);
    });
  });

  describe('new passwords', () => {
    it('refuses common passwords, spaces alone and the username, naming the field in Traditional Chinese', async () => {
      const username = unique('weak');
      const cases: Array<[string, RegExp]> = [
        ['password', /太常見/],
        ['12345678', /太常見/],
        ['        ', /不可只有空格/],
        [username, /不可包含用戶名稱/],
        [`${username.toUpperCase()}!`, /不可包含用戶名稱/],
      ];
      for (const [password, message] of cases) {
        const res = await register(username, password, `10.3.0.${n++ % 250}`);
        expect(res.statusCode, password).toBe(400);
        const error = res.json().error;
        expect(error.details[0].field).toBe('body.password');
        expect(error.details[0].message).toMatch(message);
      }
      const row = await t.runtime.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      // No composition rules: a plain phrase with spaces is welcome.
      expect((await register(username, 'my cat eats rice daily', '10.3.1.1')).statusCode).toBe(201);
    });

    it('stores Argon2id at OWASP parameters, and upgrades an old scrypt hash at the next sign-in', async () => {
      const learner = await signUp(t.app, 'hash');
      expect(await storedHash(learner.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      // An account from an earlier release: scrypt at N = 2^14.
      const salt = randomBytes(16);
      const old = scryptSync(PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 });
      const scryptHash = ['scrypt', 16384, 8, 1, salt.toString('base64'), old.toString('base64')].join('$');
      await t.runtime.deps.db
        .updateTable('users')
        .set({ password_hash: scryptHash })
        .where('id', '=', learner.id)
        .execute();
      expect((await login(learner.username, 'not the password', {}, '10.4.0.1')).statusCode).toBe(401);
      expect(await storedHash(learner.id)).toBe(scryptHash);
      expect((await login(learner.username, PASSWORD, {}, '10.4.0.2')).statusCode).toBe(200);
      expect(await storedHash(learner.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await login(learner.username, PASSWORD, {}, '10.4.0.3')).statusCode).toBe(200);
    });

    it('gives no role from a chosen name: "admin" signs up as a student', async () => {
      const res = await register(`admin_${n++}_${process.pid}`.slice(0, 32), PASSWORD, '10.4.1.1');
      expect(res.statusCode).toBe(201);
      expect(res.json().roles).toEqual(['student']);
    });
  });

  describe('changing the password', () => {
    it('needs the current password, checks the rules, and ends the other sessions only', async () => {
      const learner = await signUp(t.app, 'changer');
      const other = { cookie: cookieOf(await login(learner.username, PASSWORD, {}, '10.5.0.1')) };
      expect((await me(other)).statusCode).toBe(200);
      const change = (currentPassword: string, newPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          headers: learner.headers,
          payload: { currentPassword, newPassword },
        });

      const wrong = await change('not my password', 'a brand new phrase');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details[0].field).toBe('body.currentPassword');
      const weak = await change(PASSWORD, 'iloveyou');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.details[0].field).toBe('body.newPassword');
      expect((await me(other)).statusCode).toBe(200);

      const ok = await change(PASSWORD, 'a brand new phrase');
      expect(ok.statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(learner.headers)).statusCode).toBe(200);
      expect((await login(learner.username, PASSWORD, {}, '10.5.0.2')).statusCode).toBe(401);
      expect((await login(learner.username, 'a brand new phrase', {}, '10.5.0.3')).statusCode).toBe(200);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: 'x', newPassword: 'a brand new phrase' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('reset codes', () => {
    const { teacher, otherTeacher, admin, learner, stranger } = useAccounts(t, {
      teacher: (app) => signUpTeacher(app, 'rteacher'),
      otherTeacher: (app) => signUpTeacher(app, 'rteacher2'),
      admin: (app) => signUpAdmin(app, 'radmin'),
      learner: 'rlearner',
      stranger: 'rstranger',
    });

    beforeAll(async () => {
      await openClass(t.app, teacher, '中五乙班', [learner]);
    });

    const issue = (who: TestAccount | null, learnerId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/teacher/learners/${learnerId}/reset-code`,
        headers: who?.headers ?? {},
      });
    const reset = (username: string, code: string, newPassword: string, remoteAddress = '10.6.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { username, code, newPassword },
        remoteAddress,
      });

    it('is issued only by a teacher of the learner’s class or an admin', async () => {
      expect((await issue(null, learner.id)).statusCode).toBe(401);
      expect((await issue(stranger, learner.id)).statusCode).toBe(403);
      expect((await issue(learner, learner.id)).statusCode).toBe(403);
      expect((await issue(otherTeacher, learner.id)).statusCode).toBe(403);
      expect((await issue(teacher, stranger.id)).statusCode).toBe(403);
      expect((await issue(admin, stranger.id)).statusCode).toBe(201);
    });

    it('is shown once, kept only as a hash, works once within a day, and ends the old sessions', async () => {
      const issued = await issue(teacher, learner.id);
      expect(issued.statusCode).toBe(201);
      const { code, expiresAt } = issued.json() as { code: string; expiresAt: string };
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      const rows = await t.runtime.deps.db.selectFrom('password_resets').selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replaceAll('-', ''));

      const wrong = await reset(learner.username, 'AAAA-BBBB-CCCC', 'my new secret phrase');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details[0].field).toBe('body.code');
      // A refused password does not use the code up.
      const weak = await reset(learner.username, code, 'password1');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.details[0].field).toBe('body.newPassword');

      const ok = await reset(learner.username, code.toLowerCase(), 'my new secret phrase');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().id).toBe(learner.id);
      expect((await me({ cookie: cookieOf(ok) })).statusCode).toBe(200);
      expect((await me(learner.headers)).statusCode).toBe(401);
      expect((await login(learner.username, 'my new secret phrase', {}, '10.6.0.2')).statusCode).toBe(200);
      const again = await reset(learner.username, code, 'another secret phrase');
      expect(again.statusCode).toBe(400);
    });

    it('expires after a day', async () => {
      // Another account: the learner's attempts of the test before count towards their limit.
      const { code } = (await issue(admin, stranger.id)).json() as { code: string };
      await t.runtime.deps.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', stranger.id)
        .execute();
      expect((await reset(stranger.username, code, 'yet another phrase', '10.6.0.3')).statusCode).toBe(400);
    });
  });
});

describe('a password change signs the other sessions out in every API process (distributed)', () => {
  let other: TestApp;
  const t = useTestApp('distributed', { SESSION_CACHE_MS: '60000' });

  beforeAll(async () => {
    other = await startOtherInstance(t);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('the other instance stops honouring its cached session at once', async () => {
    const learner = await signUp(t.app, 'across');
    const second = await other.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: learner.username, password: PASSWORD },
    });
    const phone = { cookie: cookieOf(second) };
    // Cached in the other instance now.
    expect(
      (await other.app.inject({ method: 'GET', url: '/api/auth/user', headers: phone })).statusCode,
    ).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: learner.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'a phrase for the exam eve' },
    });
    expect(changed.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await other.app.inject({ method: 'GET', url: '/api/auth/user', headers: phone })).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
