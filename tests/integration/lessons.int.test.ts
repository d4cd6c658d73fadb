import { LessonListSchema, LessonSchema } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp } from '../support/app-harness.ts';

describe.each(MODES)('the lesson slice (%s mode)', (mode) => {
  let learner: TestAccount;
  const t = useTestApp(mode);
  beforeAll(async () => {
    learner = await signUp(t.app);
  });

  it('lists the sixteen set texts, each valid by the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lessons', headers: learner.headers });
    expect(res.statusCode).toBe(200);
    const lessons = LessonListSchema.parse(res.json());
    expect(lessons.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(lessons.find((l) => l.id === 9)?.title).toBe('岳陽樓記');
  });

  it('gives one lesson by id, with its full text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lessons/11', headers: learner.headers });
    expect(res.statusCode).toBe(200);
    const lesson = LessonSchema.parse(res.json());
    expect(lesson.title).toBe('山居秋暝');
    expect(lesson.content).toContain('空山新雨後');
    expect(lesson.characterCount).toBe(40);
  });

  it('answers 404 for a lesson that does not exist and 400 naming the field for a bad id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/lessons/999', headers: learner.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const bad = await t.app.inject({ method: 'GET', url: '/api/lessons/abc', headers: learner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(JSON.stringify(bad.json().error.details)).toContain('params.id');
  });

  it('reports database and queue status on /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', mode, database: 'up', queue: 'up' });
  });

  it('asks a signed-out visitor to sign in (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lessons' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('answers 404 with the error shape for an unknown API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
