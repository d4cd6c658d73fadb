import { ADMIN_IMPORTS } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

const DAY = 86_400_000;

describe('identity, sessions and the admin imports', () => {
  const t = useTestApp('embedded', { LOGIN_RATE_LIMIT: '5', SESSION_CACHE_MS: '0' });
  beforeAll(async () => {
    // No session cache: these tests age sessions by editing their rows, which a cache would not see
    // (session-cache.int.test.ts tests the cache).
  });

  const login = (username: string, password: string, rememberMe?: boolean) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, rememberMe } });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;

  it('signs in with a password, keeps the session 7 days (90 with remember-me), httpOnly and SameSite=Lax', async () => {
    const learner = await signUp(t.app, 'sessions');
    const plain = await login(learner.username, 'correct horse battery');
    expect(plain.statusCode).toBe(200);
    expect(String(plain.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(plain.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const remembered = await login(learner.username, 'correct horse battery', true);
    const rows = await t.runtime.deps.db
      .selectFrom('sessions')
      .select(['remember_me', 'expires_at', 'created_at'])
      .where('user_id', '=', learner.id)
      .execute();
    const days = (r: (typeof rows)[number]) =>
      Math.round((new Date(r.expires_at).getTime() - new Date(r.created_at).getTime()) / DAY);
    expect(rows.filter((r) => !r.remember_me).map(days)).toContain(7);
    expect(rows.filter((r) => r.remember_me).map(days)).toEqual([90]);
    expect(remembered.statusCode).toBe(200);
    const wrong = await login(learner.username, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('ends a session at its expiry and after 30 days without activity', async () => {
    const learner = await signUp(t.app, 'expiry');
    const db = t.runtime.deps.db;
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers });
    expect((await me()).statusCode).toBe(200);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * DAY) })
      .where('user_id', '=', learner.id)
      .execute();
    expect((await me()).statusCode).toBe(401);
    const again = await login(learner.username, 'correct horse battery');
    const headers = { cookie: cookieOf(again) };
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', learner.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
  });

  it('signs out: the session no longer works', async () => {
    const learner = await signUp(t.app, 'signout');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: learner.headers });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })).statusCode,
    ).toBe(401);
    const redirect = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/');
  });

  it('serves the sign-in page at /api/login', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('登入');
  });

  it('rate-limits sign-in attempts per address and username', async () => {
    const learner = await signUp(t.app, 'limited');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(learner.username, 'wrong password!')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('refuses a state-changing request from another site', async () => {
    const learner = await signUp(t.app, 'origin');
    const payload = { schoolName: '皇仁書院' };
    const url = `/api/users/${learner.id}/school`;
    const patchFrom = (site: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url, headers: { ...learner.headers, ...site }, payload });
    const evil = await patchFrom({ origin: 'https://evil.example', host: 'wenyan.example' });
    expect(evil.statusCode).toBe(403);
    const crossSite = await patchFrom({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const same = await patchFrom({ origin: 'https://wenyan.example', host: 'wenyan.example' });
    expect(same.statusCode).toBe(200);
    expect(same.json().schoolName).toBe('皇仁書院');
  });

  it('an admin granted by the operator runs the six imports, which add nothing twice', async () => {
    const { headers } = await signUpAdmin(t.app, 'id_admin');
    for (const name of ADMIN_IMPORTS) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/import-${name}`, headers });
      expect(res.statusCode, name).toBe(200);
      // The fresh database was seeded with the same content: the import finds everything already there.
      expect(res.json().imported, name).toBe(0);
      expect(res.json().skipped, name).toBeGreaterThan(0);
    }
    const questions = await t.runtime.deps.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const name of ADMIN_IMPORTS)
      await t.app.inject({ method: 'POST', url: `/api/admin/import-${name}`, headers });
    const count = async () =>
      Number(
        (
          await t.runtime.deps.db
            .selectFrom('questions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(Number(questions.n));

    // An uploaded question file is checked against the content schema, then imported once.
    const question = {
      id: 'upload-test-01',
      lessonId: 1,
      type: 'word_interpretation',
      difficulty: 'beginner',
      characterFrequency: 200,
      content: '「約」在「不可以久處約」中的意思是：',
      targetText: '不可以久處約',
      highlight: '約',
      options: ['窮困', '約定', '節儉', '大約'],
      correctAnswer: '窮困',
      keywords: null,
      explanation: '約：窮困。',
      culturalContext: null,
    };
    const upload = (content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/upload-text',
        headers,
        payload: { title: '補充題目', content, type: 'questions' },
      });
    // The API caches a lesson's questions; an import makes the new one appear at once.
    const lessonQuestionIds = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/lessons/1/questions', headers }))
        .json()
        .map((q: { id: string }) => q.id);
    expect(await lessonQuestionIds()).not.toContain(question.id);
    expect((await upload(JSON.stringify([question]))).json().message).toContain('匯入 1 題');
    expect(await lessonQuestionIds()).toContain(question.id);
    expect((await upload(JSON.stringify([question]))).json().message).toContain('匯入 0 題');
    const bad = await upload(JSON.stringify([{ ...question, options: ['只有一個'] }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CONTENT');
    const after = await t.runtime.deps.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(questions.n) + 1);
  });
});
