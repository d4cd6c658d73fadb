/**
 * 默寫 timed by the server (issue 37): a written run is timed from the token of
 * POST /api/recitations/served, not from the duration the client claims. A passage copied from
 * GET /api/lessons/:id and sent at once is refused, saying why, and records nothing (so no homework
 * counts it); the same text written over the time a hand needs is marked.
 */
import { servedToken } from '@wenyan/api/src/learner/served.ts';
import { LessonSchema, RecitationResultSchema, ServedRecitationSchema } from '@wenyan/contracts';
import { learnerStreamId } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

const SECRET = 'recitation-time-test-served-token-secret-0123';

describe('POST /api/recitations, a written run timed by the server', () => {
  let learner: TestAccount;
  let text: string;
  const t = useTestApp('embedded', { XP_PACE: 'enforce', SERVED_TOKEN_SECRET: SECRET });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: learner.headers, payload });
  /** The whole passage, written out (copied) as the learner's recall. */
  const copied = (served: string | undefined) =>
    post('/api/recitations', {
      lessonId: 1,
      start: 0,
      end: Array.from(text).length,
      mode: 'free_recall',
      // The client claims ten minutes: the server counts its own time.
      durationMs: 600_000,
      written: text,
      ...(served === undefined ? {} : { served }),
    });
  const recorded = async () =>
    (
      await t.runtime.deps.db
        .selectFrom('events')
        .select('version')
        .where('stream_id', '=', learnerStreamId(learner.id))
        .where('type', '=', 'RecitationFinished')
        .execute()
    ).length;

  beforeAll(async () => {
    learner = await signUp(t.app, 'recitetimer');
    const lesson = await t.app.inject({ method: 'GET', url: '/api/lessons/1', headers: learner.headers });
    text = LessonSchema.parse(lesson.json()).content;
    expect(Array.from(text).length).toBeGreaterThan(100);
  });

  it('refuses the passage sent with no token, saying the time could not be checked', async () => {
    const res = await copied(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('RECITATION_TOO_FAST');
    expect(res.json().error.message).toContain('未能核實');
    expect(await recorded()).toBe(0);
  });

  it('refuses the passage sent right after it was served, whatever duration the client claims', async () => {
    const served = await post('/api/recitations/served', { lessonId: 1 });
    expect(served.statusCode, served.body).toBe(200);
    const res = await copied(ServedRecitationSchema.parse(served.json()).served);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('RECITATION_TOO_FAST');
    expect(await recorded()).toBe(0);
  });

  it('refuses a token of another learner or lesson, and an unknown lesson', async () => {
    const longAgo = Date.now() - 3_600_000;
    expect((await copied(servedToken('someone-else', 'recitation:1', longAgo))).statusCode).toBe(400);
    expect((await copied(servedToken(learner.id, 'recitation:2', longAgo))).statusCode).toBe(400);
    expect((await post('/api/recitations/served', { lessonId: 99_999 })).statusCode).toBe(400);
    expect((await post('/api/recitations/served', { lessonId: true })).statusCode).toBe(400);
    expect(await recorded()).toBe(0);
  });

  it('marks the run when the server served it long enough ago for a hand to write it', async () => {
    // A token the server signed an hour ago (the test shares the app's signing key).
    const res = await copied(servedToken(learner.id, 'recitation:1', Date.now() - 3_600_000));
    expect(res.statusCode, res.body).toBe(201);
    expect(RecitationResultSchema.parse(res.json()).accuracy).toBe(100);
    expect(await recorded()).toBe(1);
  });
});
