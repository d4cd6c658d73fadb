import { apiRoutes, buildPath, type RouteName } from '@wenyan/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app-harness.ts';

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
    finishRecitation: { lessonId: 11, start: 0, end: 10, mistakes: 1, durationMs: 5000, correctCount: 8 },
    createQuestion: {
      lessonId: 1,
      content: '「約」的意思是：',
      targetText: '約',
      options: ['窮困', '約定'],
      correctAnswer: '窮困',
      explanation: '約：窮困。',
      difficulty: 'intermediate',
      characterFrequency: 400,
    },
    uploadText: { title: '測試', content: '[]', type: 'questions' },
    createClass: { name: '5A 中文' },
    appealAnswer: { answerVersion: 1, note: '潦倒即窮困' },
    acceptAppeal: { pointId: 'p1', rendering: '潦倒' },
    declineAppeal: { note: '未能譯出「約」' },
    joinClass: { joinCode: 'ABCDEFGH' },
    setUserRoles: { roles: ['student'] },
    register: { username: 'fuzz_user_x', password: 'correct horse battery' },
    login: { username: 'fuzz_user_x', password: 'correct horse battery' },
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

describe('fuzzing every write route with malformed bodies', () => {
  let t: TestApp;
  let learner: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp('embedded', { ADMIN_USERNAMES: 'fuzz_admin', LOGIN_RATE_LIMIT: '100000' });
    learner = await signUp(t.app, 'fuzz');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'fuzz_admin', password: 'correct horse battery' },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    admin = { id: res.json().id, username: 'fuzz_admin', cookie, headers: { cookie } };
  });
  afterAll(async () => {
    await t?.close();
  });

  const eventCount = async () =>
    Number(
      (
        await t.runtime.deps.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers each malformed body with a 4xx, stays up, and appends nothing', async () => {
    const bodies = validBodies(learner.id);
    const before = await eventCount();
    let sent = 0;
    for (const [name, valid] of Object.entries(bodies) as Array<[RouteName, Record<string, unknown>]>) {
      const route = apiRoutes[name] as { method: string; path: string; body?: z.ZodType };
      const url = buildPath(route.path, {
        id: name === 'setUserRoles' ? learner.id : learner.id,
        userId: learner.id,
        lessonId: 1,
        type: 'word_interpretation',
        questionId: 'l01-wi-01',
        version: 1,
      });
      const headers = ['createQuestion', 'uploadText', 'setUserRoles', 'createClass'].includes(name)
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
    expect(await eventCount()).toBe(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
