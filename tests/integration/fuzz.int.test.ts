import { apiRoutes, buildPath, type RouteName } from '@wenyan/contracts';
import { isRecitable } from '@wenyan/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUp, signUpAdmin, type TestAccount } from '../support/accounts.ts';
import { type Mode, type TestApp, useTestApp } from '../support/app-harness.ts';
import { TEACHER_QUESTION } from '../support/teacher-question.ts';

/** A valid body for each write route, the base the fuzzer spoils (extra fields, wrong types). */
function validBodies(userId: string): Partial<Record<RouteName, unknown>> {
  return {
    submitAnswer: { userId, questionId: 'l01-wi-01', selectedAnswer: '約', timeSpent: 3 },
    awardXp: { xpGained: 5, streakDays: 1 },
    completeNode: { score: 50, questionsAnswered: 2, correctAnswers: 1, timeSpent: 30 },
    saveVocabularyRecord: {
      userId,
      exerciseType: 'lesson_specific',
      exerciseId: '1',
      lessonIds: null,
      score: 50,
      timeSpent: 30,
      questionsAnswered: 2,
      correctAnswers: 1,
      difficulty: 'intermediate',
    },
    updateSchool: { schoolName: '皇仁書院' },
    updateErrorQuestion: { isCorrect: false, userExplanation: '之：的' },
    finishRecitation: {
      lessonId: 11,
      start: 0,
      end: 10,
      mistakes: 1,
      durationMs: 5000,
      picks: [{ position: 0, selected: '學', timeSpent: 400 }],
    },
    serveRecitation: { lessonId: 11 },
    createQuestion: { ...TEACHER_QUESTION, difficulty: 'intermediate', characterFrequency: 400 },
    uploadText: { title: '測試', content: '[]', type: 'questions' },
    createClass: { name: '5A 中文' },
    setAssignment: {
      title: '師說 詞解',
      task: { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' },
      dueAt: '2099-01-01T23:59:00+08:00',
    },
    editAssignment: {
      title: '師說 詞解',
      task: { kind: 'reviews', count: 10 },
      dueAt: '2099-01-01T23:59:00+08:00',
    },
    setClassSettings: { hideGlobalLeaderboard: true },
    setSelfMarkRule: { rule: 'direct' },
    appealAnswer: { answerVersion: 1, note: '潦倒即窮困' },
    acceptAppeal: { pointId: 'p1', rendering: '潦倒' },
    declineAppeal: { note: '未能譯出「約」' },
    markPendingAnswer: { earnedPointIds: ['p1'], note: '意思對了' },
    confirmSelfMark: { pointsEarned: 6 },
    joinClass: { joinCode: 'ABCDEFGH' },
    setUserRoles: { roles: ['student'] },
    register: { username: 'fuzz_user_x', password: 'correct horse battery' },
    login: { username: 'fuzz_user_x', password: 'correct horse battery' },
    // Only refused variants are sent: the account is never erased by the fuzzer.
    deleteMyAccount: { confirm: '刪除帳戶', password: 'correct horse battery' },
    setLeaderboardPreferences: { nickname: '小書蟲', optOut: false },
    setReminderSettings: { enabled: true, hour: 19 },
    subscribePush: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-device',
      expirationTime: null,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
    unsubscribePush: { endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-device' },
    setExamDate: { examDate: '2027-04-08', targetRecall: 0.9 },
    updateReviewSettings: { dailyGoal: 20, guideCompleted: true },
    setDefaultExamDate: { examDate: '2027-04-08' },
    // A wrong current password or reset code: refused, so the fuzzer changes no password.
    changePassword: { currentPassword: 'not the password', newPassword: 'a long unusual phrase 42' },
    resetPassword: { username: 'fuzz_user_x', code: 'ABCDEFGHJKLM', newPassword: 'a long unusual phrase 42' },
    // Teachers running their classes (issue 25). A wrong code: refused, so no one becomes a teacher.
    createTeacherInvitation: { note: '陳老師（中文科）' },
    redeemTeacherInvitation: { code: 'AAAA-BBBB-CCCC' },
    // The path names no class and no teacher's question: the valid body is refused with 404.
    createClassAccounts: { names: ['陳大文', '李小明'] },
    editQuestion: TEACHER_QUESTION,
  };
}

const junk = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
);

/** Spoils a valid body: a field of the wrong type, a huge string, an unknown field, or a field removed. */
function spoiled(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc
      .record({ key: fc.constantFrom(...keys), value: junk })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc
      .record({ key: fc.constantFrom(...keys), size: fc.integer({ min: 70_000, max: 90_000 }) })
      .map(({ key, size }) => ({ ...valid, [key]: '文'.repeat(size) })),
    fc
      .record({
        key: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !keys.includes(k)),
        value: junk,
      })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc
      .constantFrom(...keys)
      .map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    junk,
  );
}

/** How many events the app's log holds (every stream). */
async function eventCount(t: TestApp): Promise<number> {
  const row = await t.runtime.deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('fuzzing every write route with malformed bodies', () => {
  let learner: TestAccount;
  let admin: TestAccount;
  const t = useTestApp('embedded', { LOGIN_RATE_LIMIT: '100000', LOGIN_ADDRESS_RATE_LIMIT: '100000' });

  beforeAll(async () => {
    learner = await signUp(t.app, 'fuzz');
    admin = await signUpAdmin(t.app, 'fuzz_admin');
  });

  it('answers each malformed body with a 4xx, stays up, and appends nothing', async () => {
    const bodies = validBodies(learner.id);
    const before = await eventCount(t);
    let sent = 0;
    for (const [name, valid] of Object.entries(bodies) as Array<[RouteName, Record<string, unknown>]>) {
      const route = apiRoutes[name] as { method: string; path: string; body?: z.ZodType };
      const url = buildPath(route.path, {
        id: name === 'setUserRoles' ? learner.id : learner.id,
        userId: learner.id,
        lessonId: 1,
        type: 'word_interpretation',
        questionId: 'l01-wi-01',
        assignmentId: 'a1',
        version: 1,
        year: 2027,
      });
      const headers = [
        'createQuestion',
        'uploadText',
        'setUserRoles',
        'createClass',
        'createTeacherInvitation',
        'createClassAccounts',
        'editQuestion',
        'setDefaultExamDate',
        'setAssignment',
        'editAssignment',
        'setClassSettings',
        'setSelfMarkRule',
      ].includes(name)
        ? admin.headers
        : learner.headers;
      // Keep only bodies the route's contract (strict, as the API applies it) really rejects.
      const schema = route.body instanceof z.ZodObject ? route.body.strict() : (route.body as z.ZodType);
      expect(schema.safeParse(valid).success, `${name}: the base body is valid`).toBe(true);
      const samples = fc.sample(
        spoiled(valid).filter((body) => !schema.safeParse(body).success),
        { numRuns: 90, seed: name.length * 7919 },
      );
      for (const body of samples) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers,
          payload: body as never,
        });
        sent += 1;
        expect(
          res.statusCode,
          `${name} ${JSON.stringify(body).slice(0, 200)} → ${res.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(
          res.statusCode,
          `${name} ${JSON.stringify(body).slice(0, 200)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (res.statusCode === 400) expect(res.json().error.code).toBeTypeOf('string');
      }
      // Invalid JSON and a wrong content type.
      for (const raw of ['{', '{"a":', 'null x', '\u0000']) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: raw,
        });
        sent += 1;
        expect(res.statusCode, `${name} raw ${JSON.stringify(raw)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    console.log(`[fuzz] ${sent} malformed requests`);
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(await eventCount(t)).toBe(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Input classes that reached Postgres or the stack: NUL, lone surrogates, integers beyond int4,
// deep nesting, odd query strings, and claims the content does not bear out. Every one is a 400
// naming the field, on every write route of the registry, with no event written.
// ---------------------------------------------------------------------------------------------

type AnyRoute = {
  method: string;
  path: string;
  auth: string;
  kind?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
};

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const BEYOND_INT4 = [2 ** 31, 1e15, -(2 ** 31) - 1];

/** The JSON text of an array nested 20,000 deep (JSON.stringify itself cannot write one). */
const DEEP_ARRAY = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const DEEP = '__DEEP__';

/** The request body's text; a field holding the `DEEP` marker becomes the deep array. */
const bodyText = (body: unknown) => JSON.stringify(body).replace(`"${DEEP}"`, DEEP_ARRAY);

/** The registry's write routes (every method but GET, websockets aside). */
const writeRoutes = (Object.entries(apiRoutes) as Array<[RouteName, AnyRoute]>).filter(
  ([, route]) => route.method !== 'GET' && route.kind !== 'websocket',
);

/** The spoilt variants of one valid body: each field in turn gets each bad class of value. */
function badBodies(valid: Record<string, unknown>): Array<{ field: string; body: unknown; why: string }> {
  const out: Array<{ field: string; body: unknown; why: string }> = [];
  for (const [key, value] of Object.entries(valid)) {
    const field = `body.${key}`;
    out.push({ field, body: { ...valid, [key]: NUL }, why: 'NUL' });
    out.push({ field, body: { ...valid, [key]: LONE_SURROGATE }, why: 'lone surrogate' });
    out.push({ field, body: { ...valid, [key]: DEEP }, why: 'deep array' });
    if (typeof value === 'string') {
      out.push({ field, body: { ...valid, [key]: `${value}\u0000` }, why: 'trailing NUL' });
      out.push({ field, body: { ...valid, [key]: `\udfff${value}` }, why: 'leading lone low surrogate' });
    }
    if (typeof value === 'number') {
      for (const n of BEYOND_INT4) out.push({ field, body: { ...valid, [key]: n }, why: `integer ${n}` });
    }
    if (Array.isArray(value)) {
      out.push({ field, body: { ...valid, [key]: [NUL] }, why: 'NUL in a list' });
    }
  }
  out.push({ field: 'body.x\u0000', body: { ...valid, 'x\u0000': 1 }, why: 'NUL in a key' });
  out.push({ field: 'body', body: DEEP, why: 'deep array as the body' });
  return out;
}

// One mode: the input classes are refused by the routes' schemas before any store or queue, which the
// modes do not share; the distributed mode is production's (issue 39: a second mode only where it matters).
describe.each<Mode>(['distributed'])('no 5xx for any input class, on every write route (%s)', (mode) => {
  let learner: TestAccount;
  let admin: TestAccount;
  const t = useTestApp(mode, { LOGIN_RATE_LIMIT: '100000' });
  /** The admin (a teacher too) on the routes for staff, the learner on the others. */
  const headersFor = (route: AnyRoute) =>
    route.auth === 'admin' || route.auth === 'teacher' || route.auth === 'teacherOfLearner'
      ? admin.headers
      : learner.headers;

  beforeAll(async () => {
    learner = await signUp(t.app, 'fuzz');
    // The admin is made in the database (no role comes from a chosen name), then signs in afresh.
    const made = await signUp(t.app, 'fuzzadmin');
    await t.runtime.deps.db
      .updateTable('users')
      .set({ roles: ['student', 'teacher', 'admin'] })
      .where('id', '=', made.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: made.username, password: 'correct horse battery' },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    admin = { ...made, cookie, headers: { cookie } };
  }, 120_000);

  const pathParams = (id: string) => ({
    id,
    userId: id,
    lessonId: 1,
    type: 'word_interpretation',
    questionId: 'l01-wi-01',
    paperId: 1,
    assignmentId: 'a1',
    version: 1,
    year: 2027,
  });

  it('every write route of the registry has a base body here', () => {
    const bodies = validBodies('1');
    const missing = writeRoutes
      .filter(([name, route]) => route.body !== undefined && bodies[name] === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('answers NUL, lone surrogates, integers beyond int4 and deep nesting with 400 naming the field', async () => {
    const bodies = validBodies(learner.id);
    const before = await eventCount(t);
    let sent = 0;
    for (const [name, route] of writeRoutes) {
      const valid = bodies[name] as Record<string, unknown> | undefined;
      if (!route.body || !valid) continue;
      const headers = headersFor(route);
      const url = buildPath(route.path, pathParams(learner.id));
      for (const { field, body, why } of badBodies(valid)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: bodyText(body),
        });
        sent += 1;
        const label = `${name} ${field} (${why}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBe(400);
        const error = res.json().error as { code: string; message: string; details: unknown };
        // The answer names the field (or, for a body that is all wrong, the body itself).
        const named = JSON.stringify(error.details ?? '') + error.message;
        expect(named.includes(field.split('.')[1] ?? 'body') || named.includes('body'), label).toBe(true);
      }
    }
    console.log(`[fuzz:${mode}] ${sent} requests of the input classes`);
    expect(sent).toBeGreaterThan(250);
    expect(await eventCount(t)).toBe(before);
  }, 300_000);

  it('answers odd path parameters and query strings on every route with 4xx, never 5xx', async () => {
    const before = await eventCount(t);
    let sent = 0;
    const odd = ['%00', '%ED%A0%80', '%F0%9F', '99999999999', '-1', '1e400', '%5B%5D'];
    for (const [name, route] of Object.entries(apiRoutes) as Array<[RouteName, AnyRoute]>) {
      if (route.kind === 'websocket') continue;
      const headers = headersFor(route);
      const params = pathParams(learner.id);
      const urls: string[] = [];
      for (const param of Object.keys(params)) {
        if (!route.path.includes(`:${param}`)) continue;
        for (const value of odd) {
          const url = buildPath(route.path, { ...params, [param]: '__ODD__' }).replace('__ODD__', value);
          if (param !== 'id' && param !== 'userId') urls.push(url);
        }
      }
      const base = buildPath(route.path, params);
      for (const key of Object.keys(route.query?.shape ?? {})) {
        for (const value of odd) urls.push(`${base}?${key}=${value}`);
      }
      for (const url of urls) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: validBodies(learner.id)[name] ?? {} }),
        });
        sent += 1;
        expect(res.statusCode, `${name} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (url.includes('%00')) expect(res.statusCode, `${name} ${url}`).toBeGreaterThanOrEqual(400);
      }
    }
    const types = await t.app.inject({
      method: 'GET',
      url: '/api/dse-questions/mix?types=%00',
      headers: learner.headers,
    });
    expect(types.statusCode).toBe(400);
    expect(types.json().error.details[0].field).toBe('query.types');
    console.log(`[fuzz:${mode}] ${sent} odd path and query requests`);
    expect(sent).toBeGreaterThan(100);
    expect(await eventCount(t)).toBe(before);
  }, 300_000);

  it('checks claims against the content: ranges within the text, lessons that exist', async () => {
    const before = await eventCount(t);
    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: learner.headers, payload: payload as never });
    const recite = (body: Record<string, unknown>) =>
      post('/api/recitations', {
        lessonId: 11,
        start: 0,
        end: 10,
        mistakes: 0,
        durationMs: 5000,
        picks: [],
        ...body,
      });

    const huge = await recite({ end: 1e9 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.details[0].field).toBe('body.end');

    const lesson = await t.runtime.deps.db
      .selectFrom('lessons')
      .select('content')
      .where('id', '=', 11)
      .executeTakeFirstOrThrow();
    const length = Array.from(lesson.content).length;
    const past = await recite({ start: length - 5, end: length + 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details[0].field).toBe('body.end');
    const noLesson = await recite({ lessonId: 999 });
    expect(noLesson.statusCode).toBe(400);
    expect(noLesson.json().error.details[0].field).toBe('body.lessonId');

    const node = await post(`/api/users/${learner.id}/lessons/999/nodes/word_interpretation/complete`, {
      score: 50,
      questionsAnswered: 2,
      correctAnswers: 1,
      timeSpent: 30,
    });
    expect(node.statusCode).toBe(400);
    expect(node.json().error.details[0].field).toBe('params.lessonId');
    expect(await eventCount(t)).toBe(before);

    // The last characters of the text are still a valid range.
    const picks = Array.from(lesson.content)
      .map((selected, position) => ({ position, selected, timeSpent: 400 }))
      .slice(length - 5)
      .filter((pick) => isRecitable(pick.selected));
    const edge = await recite({ start: length - 5, end: length, picks });
    expect(edge.statusCode, edge.body).toBe(201);
  });
});
