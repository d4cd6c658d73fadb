/**
 * The security leftovers of issue 37, through the API in both modes: strangers cannot lock an owner
 * out, every password check shares the account's limit, metrics refuse anything that came through a
 * proxy, sign-out needs the same origin, nicknames are folded and unique, ids in bodies are strict,
 * the session cookie without 記住我 ends with the browser, and the leaderboard socket is limited per
 * user across processes, per minute, and closed to one-time-password accounts.
 */
import { WS_LIMITS } from '@wenyan/api/src/routes/leaderboard/pacing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { MODES, startOtherInstance, type TestApp, useTestApp } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';
const LIMIT = 4;

/** The cookies a reply sets, by name: their value and attributes. */
function setCookies(res: { headers: Record<string, unknown> }): Map<string, { value: string; raw: string }> {
  const set = res.headers['set-cookie'];
  const list = set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
  return new Map(
    list.map((raw) => {
      const [pair = ''] = raw.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), { value: pair.slice(at + 1), raw }] as const;
    }),
  );
}
const cookieHeader = (cookies: Map<string, { value: string }>, only?: (name: string) => boolean) =>
  [...cookies]
    .filter(([name]) => !only || only(name))
    .map(([name, c]) => `${name}=${c.value}`)
    .join('; ');
const isDevice = (name: string) => name.startsWith('wyt_dev_');
const isSession = (name: string) => name === 'wyt_session';

describe.each(MODES)('the security leftovers of issue 37 (%s mode)', (mode) => {
  let base: string;
  const t = useTestApp(mode, { LOGIN_RATE_LIMIT: String(LIMIT), LOGIN_ADDRESS_RATE_LIMIT: '50' });
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const login = (username: string, password: string, cookie = '', remoteAddress = '10.3.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });
  /** A fresh account and the cookies its sign-up left (session and device). */
  const owner = async (prefix: string) => {
    const account = await signUp(t.app, prefix);
    // Signed in again from the sign-up's browser (its session and device cookies): the owner's budget.
    const res = await login(account.username, PASSWORD, account.cookie);
    expect(res.statusCode).toBe(200);
    return { account, cookies: setCookies(res) };
  };
  /** A stranger uses up the account-wide budget from many addresses. */
  const lockOut = async (username: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await login(username, 'a wrong guess!', '', `10.4.${i}.1`)).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  };

  describe('strangers cannot lock the owner out', () => {
    it('every sign-in leaves a signed, HttpOnly device cookie for the account', async () => {
      const { cookies } = await owner('devcookie');
      const devices = [...cookies].filter(([name]) => isDevice(name));
      expect(devices).toHaveLength(1);
      const raw = devices[0]![1].raw;
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Strict/i);
      expect(raw).toMatch(/Path=\/api(;|$)/);
      expect(raw).toMatch(/Max-Age=\d{6,}/);
    });

    it('after a stranger’s lock-out the owner signs in from a recognised device, and a stranger still waits', async () => {
      const { account, cookies } = await owner('lockdev');
      await lockOut(account.username);
      // The owner's device cookie alone (no session): its own budget.
      const fromDevice = await login(account.username, PASSWORD, cookieHeader(cookies, isDevice), '10.9.9.9');
      expect(fromDevice.statusCode).toBe(200);
      // The right password without the device cookie is a stranger's attempt: the account waits.
      expect((await login(account.username, PASSWORD, '', '10.9.9.8')).statusCode).toBe(429);
    });

    it('the owner’s own session counts as recognised too', async () => {
      const { account, cookies } = await owner('locksess');
      await lockOut(account.username);
      const signedIn = await login(account.username, PASSWORD, cookieHeader(cookies, isSession));
      expect(signedIn.statusCode).toBe(200);
    });

    it('a forged or another account’s device cookie is a stranger’s', async () => {
      const victim = await owner('lockvict');
      const other = await owner('lockothr');
      await lockOut(victim.account.username);
      const [name, cookie] = [...victim.cookies].find(([n]) => isDevice(n))!;
      const [id] = cookie.value.split('.');
      expect((await login(victim.account.username, PASSWORD, `${name}=${id}.forged`)).statusCode).toBe(429);
      // Another account's valid cookie, renamed to the victim's cookie name.
      const [, otherCookie] = [...other.cookies].find(([n]) => isDevice(n))!;
      expect(
        (await login(victim.account.username, PASSWORD, `${name}=${otherCookie.value}`)).statusCode,
      ).toBe(429);
    });

    it('a recognised device has a budget of its own, which its wrong passwords use up', async () => {
      const account = await signUp(t.app, 'devbudget');
      const device = account.cookie;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        statuses.push((await login(account.username, 'a wrong guess!', device)).statusCode);
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
      // The stranger budget is untouched by the owner's typos.
      expect((await login(account.username, PASSWORD, '', '10.5.0.1')).statusCode).toBe(200);
    });
  });

  describe('every password check shares the account’s limit', () => {
    const deleteAccount = (headers: Record<string, string>, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/delete-account',
        headers,
        payload: { confirm: '刪除帳戶', password },
      });
    const changePassword = (headers: Record<string, string>, currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers,
        payload: { currentPassword, newPassword: 'another long pass phrase' },
      });

    it('account deletion refuses wrong passwords past the limit with 429, even the right one then', async () => {
      const learner = await signUp(t.app, 'delguess');
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++)
        statuses.push((await deleteAccount(learner.headers, 'wrong!')).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(403), 429, 429]);
      const last = await deleteAccount(learner.headers, PASSWORD);
      expect(last.statusCode).toBe(429);
      expect(last.json().error.message).toMatch(/嘗試次數太多/);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: learner.headers })).statusCode,
      ).toBe(200);
    });

    it('deletion, password changes and the device’s sign-ins draw from one budget', async () => {
      const learner = await signUp(t.app, 'delshare');
      expect((await changePassword(learner.headers, 'wrong!')).statusCode).toBe(400);
      expect((await deleteAccount(learner.headers, 'wrong!')).statusCode).toBe(403);
      expect((await login(learner.username, 'wrong!', learner.cookie)).statusCode).toBe(401);
      expect((await changePassword(learner.headers, 'wrong!')).statusCode).toBe(400);
      expect((await deleteAccount(learner.headers, 'wrong!')).statusCode).toBe(429);
      expect((await changePassword(learner.headers, PASSWORD)).statusCode).toBe(429);
    });

    it('a stranger’s lock-out does not stop the owner deleting their account', async () => {
      const learner = await signUp(t.app, 'delstranger');
      await lockOut(learner.username);
      expect((await deleteAccount(learner.headers, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('metrics', () => {
    it('refuse any request that came through a proxy, whatever header says so', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(200);
      for (const headers of [
        { 'x-real-ip': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7' },
        { via: '1.1 nginx' },
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-host': 'example.org' },
        { 'true-client-ip': '203.0.113.7' },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
        expect(res.body).not.toContain('wyt_');
      }
    });
  });

  describe('GET /api/logout', () => {
    const me = (who: TestAccount) =>
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers });
    const logout = (who: TestAccount, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/logout', headers: { ...who.headers, ...headers } });

    it('refuses a foreign Referer or Origin alone, and a request that shows no origin at all', async () => {
      const learner = await signUp(t.app, 'logoutref');
      for (const headers of [
        { referer: 'https://evil.example/page' } as Record<string, string>,
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/', 'sec-fetch-site': 'same-origin' },
        {},
      ]) {
        const res = await logout(learner, headers);
        expect(res.statusCode).toBe(302);
        expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
        expect((await me(learner)).statusCode).toBe(200);
      }
    });

    it('signs out a navigation from this site (its Referer, or Sec-Fetch-Site same-origin or none)', async () => {
      for (const headers of [
        { referer: 'http://localhost:3000/settings' } as Record<string, string>,
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
      ]) {
        const learner = await signUp(t.app, 'logoutok');
        const res = await logout(learner, { host: 'localhost:3000', ...headers });
        expect(res.statusCode).toBe(302);
        expect((await me(learner)).statusCode, JSON.stringify(headers)).toBe(401);
      }
    });
  });

  describe('nicknames', () => {
    const setNickname = (who: TestAccount, nickname: string | null, optOut = false) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/leaderboard',
        headers: who.headers,
        payload: { nickname, optOut },
      });
    const suffix = `${process.pid.toString(36)}${mode[0]}`;

    it('cannot copy another learner’s shown name with full-width, invisible, other-case or look-alike letters', async () => {
      const name = `Alice${suffix}`;
      const alice = await signUp(t.app, name);
      expect((await setNickname(alice, `Queen${suffix}`)).statusCode).toBe(200);
      const mallory = await signUp(t.app, 'mallory');
      const fullWidth = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
      for (const copy of [
        fullWidth,
        `Al\u200bice${suffix}`,
        `ALICE${suffix}`,
        `\u0410lice${suffix}`, // Cyrillic А
        `Alíce${suffix}`,
        `Qu\u200deen${suffix}`,
        `ｑｕｅｅｎ${suffix}`,
      ]) {
        const res = await setNickname(mallory, copy);
        expect(res.statusCode, copy).toBe(409);
        expect(res.json().error.code).toBe('NICKNAME_TAKEN');
        expect(res.json().error.message).toMatch(/暱稱與其他同學的名稱太相似/);
        expect(res.json().error.details[0].field).toBe('body.nickname');
      }
      expect((await setNickname(mallory, `Mallory${suffix}`)).statusCode).toBe(200);
      // Keeping one's own nickname (changing only the opt-out) is not a copy.
      expect((await setNickname(mallory, `mallory${suffix}`, true)).statusCode).toBe(200);
    });

    it('cannot copy a Chinese name in Simplified characters or other glyphs of it', async () => {
      const tag = `${process.pid % 10_000}${mode[0]}`;
      const owner = await signUp(t.app, 'chen');
      expect((await setNickname(owner, `陳大文${tag}`)).statusCode).toBe(200);
      const copier = await signUp(t.app, 'copier');
      for (const copy of [`陈大文${tag}`, `陳大文${tag}`, `陈 大\u200b文${tag}`]) {
        const res = await setNickname(copier, copy);
        expect(res.statusCode, copy).toBe(409);
        expect(res.json().error.code).toBe('NICKNAME_TAKEN');
      }
      expect((await setNickname(copier, `陳小文${tag}`)).statusCode).toBe(200);
    });

    it('refuses a nickname of invisible characters only with a 400 naming the field', async () => {
      const learner = await signUp(t.app, 'invisible');
      const res = await setNickname(learner, '\u200b\u200d\u2060');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({
        field: 'body.nickname',
        message: '暱稱必須有看得見的字',
      });
    });
  });

  describe('ids in bodies', () => {
    it('POST /api/questions refuses lessonId true or "1" with a 400 naming the field', async () => {
      const teacher = await signUpTeacher(t.app, 'idteacher');
      const question = {
        type: 'word_interpretation',
        content: '「學而時習之」的「習」是甚麼意思？',
        targetText: '習',
        correctAnswer: '溫習',
        explanation: '習：溫習、練習。',
        options: ['溫習', '學習'],
      };
      for (const lessonId of [true, '1', 1.5]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/questions',
          headers: teacher.headers,
          payload: { ...question, lessonId },
        });
        expect(res.statusCode, String(lessonId)).toBe(400);
        expect(JSON.stringify(res.json().error.details)).toContain('lessonId');
      }
    });
  });

  describe('integer ids elsewhere', () => {
    it('refuses "1" and 1.5 for an answer version or a lesson id with a 400 naming the field', async () => {
      const learner = await signUp(t.app, 'idlearner');
      const cases: Array<{ url: string; field: string; body: (v: unknown) => object }> = [
        {
          url: `/api/users/${learner.id}/appeals`,
          field: 'answerVersion',
          body: (v) => ({ answerVersion: v, note: '潦倒即窮困' }),
        },
        { url: '/api/recitations/served', field: 'lessonId', body: (v) => ({ lessonId: v }) },
      ];
      for (const { url, field, body } of cases) {
        for (const value of ['1', 1.5, true]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: learner.headers,
            payload: body(value),
          });
          expect(res.statusCode, `${url} ${JSON.stringify(value)}`).toBe(400);
          expect(JSON.stringify(res.json().error.details)).toContain(field);
        }
      }
    });
  });

  describe('the session cookie', () => {
    it('without 記住我 ends with the browser session; with it, lasts as long as the session', async () => {
      const learner = await signUp(t.app, 'cookielife');
      const plain = setCookies(await login(learner.username, PASSWORD)).get('wyt_session')!;
      expect(plain.raw).not.toMatch(/Expires=|Max-Age=/i);
      const remembered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: learner.username, password: PASSWORD, rememberMe: true },
        remoteAddress: '10.3.0.2',
      });
      const kept = setCookies(remembered).get('wyt_session')!;
      const expires = Date.parse(/Expires=([^;]+)/i.exec(kept.raw)?.[1] ?? '');
      expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(90);
    });
  });

  describe('the leaderboard socket', () => {
    const wsUrl = () => `${base.replace(/^http/, 'ws')}/api/ws`;

    it('refuses an account still on its one-time password at the handshake (403)', async () => {
      const learner = await signUp(t.app, 'wsotp');
      await t.runtime.deps.db
        .updateTable('users')
        .set({ must_change_password: true })
        .where('id', '=', learner.id)
        .execute();
      await t.app.sessions.forgetUser(learner.id);
      expect(await open(wsUrl(), learner)).toEqual({ refused: 403 });
    });

    it(`refuses the ${WS_LIMITS.connectsPerUserPerMinute + 1}th new socket of a user within the minute (429)`, async () => {
      const learner = await signUp(t.app, 'wsloop');
      for (let i = 0; i < WS_LIMITS.connectsPerUserPerMinute; i++) {
        const s = await open(wsUrl(), learner);
        if (!('ws' in s)) throw new Error(`refused at ${i}: ${s.refused}`);
        expect(await s.first).toMatchObject({ type: 'welcome' });
        await closeAndWait(s.ws);
      }
      expect(await open(wsUrl(), learner)).toEqual({ refused: 429 });
      // Another user from the same address is not affected.
      const other = await open(wsUrl(), await signUp(t.app, 'wsloop2'));
      expect('ws' in other).toBe(true);
      if ('ws' in other) await closeAndWait(other.ws);
    });
  });
});

describe('new leaderboard sockets from one address (embedded)', () => {
  let url: string;
  const t = useTestApp('embedded');
  beforeAll(async () => {
    url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/api/ws`;
  });

  it(`refuses the ${WS_LIMITS.connectsPerAddressPerMinute + 1}th handshake from one address within the minute (429)`, async () => {
    const anonymous = { id: '', username: '', cookie: '', headers: {} };
    const outcomes: Array<number | 'open'> = [];
    for (let batch = 0; batch < WS_LIMITS.connectsPerAddressPerMinute / 50; batch++) {
      const opened = await Promise.all(Array.from({ length: 50 }, () => open(url, anonymous)));
      for (const s of opened) {
        outcomes.push('ws' in s ? 'open' : s.refused);
        if ('ws' in s) s.ws.terminate();
      }
    }
    // Signed out, each was opened only to be told to sign in; the next one is refused outright.
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(WS_LIMITS.connectsPerAddressPerMinute);
    expect(await open(url, anonymous)).toEqual({ refused: 429 });
  });
});

describe('the leaderboard socket across API processes (distributed)', () => {
  let other: TestApp & { url: string };
  let base: string;
  const t = useTestApp('distributed');

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const instance = await startOtherInstance(t);
    other = { ...instance, url: await instance.app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await other?.close();
  });

  it(`keeps at most ${WS_LIMITS.socketsPerUser} sockets per user open across processes`, async () => {
    const learner = await signUp(t.app, 'wsacross');
    const urls = [base, other.url].map((u) => `${u.replace(/^http/, 'ws')}/api/ws`);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < WS_LIMITS.socketsPerUser; i++) {
      const s = await open(urls[i % 2]!, learner);
      if (!('ws' in s)) throw new Error('refused');
      expect(await s.first).toMatchObject({ type: 'welcome' });
      sockets.push(s.ws);
    }
    for (const url of urls) {
      const extra = await open(url, learner);
      if (!('ws' in extra)) throw new Error('refused at the handshake');
      expect(await extra.first).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
      expect(await closed(extra.ws)).toBe(4429);
    }
    // One closed anywhere, one may open again anywhere (its slot is given back in Redis).
    await closeAndWait(sockets.shift()!);
    let again: Awaited<ReturnType<typeof open>> | null = null;
    for (let attempt = 0; attempt < 20; attempt++) {
      again = await open(urls[1]!, learner);
      if (!('ws' in again)) throw new Error('refused at the handshake');
      if (((await again.first) as { type: string }).type === 'welcome') break;
      await closed(again.ws);
    }
    expect(again && 'ws' in again && (await again.first)).toMatchObject({ type: 'welcome' });
    for (const s of [...sockets, ...(again && 'ws' in again ? [again.ws] : [])]) await closeAndWait(s);
  });

  it(`counts a user's reconnects across processes: the ${WS_LIMITS.connectsPerUserPerMinute + 1}th in a minute is refused on either`, async () => {
    const learner = await signUp(t.app, 'wsreconnect');
    const urls = [base, other.url].map((u) => `${u.replace(/^http/, 'ws')}/api/ws`);
    for (let i = 0; i < WS_LIMITS.connectsPerUserPerMinute; i++) {
      const s = await open(urls[i % 2]!, learner);
      if (!('ws' in s)) throw new Error(`refused at ${i}: ${s.refused}`);
      await s.first;
      await closeAndWait(s.ws);
    }
    for (const url of urls) expect(await open(url, learner)).toEqual({ refused: 429 });
  });
});

function open(url: string, who: TestAccount) {
  return new Promise<{ ws: WebSocket; first: Promise<unknown> } | { refused: number }>((resolve) => {
    const ws = new WebSocket(url, { headers: who.headers });
    const first = new Promise((r) => ws.once('message', (data) => r(JSON.parse(String(data)))));
    ws.once('open', () => resolve({ ws, first }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
  });
}

function closed(ws: WebSocket) {
  return new Promise<number>((r) => {
    if (ws.readyState === WebSocket.CLOSED) r(-1);
    ws.once('close', (code) => r(code));
  });
}

async function closeAndWait(ws: WebSocket) {
  const done = closed(ws);
  ws.close();
  await done;
}
