/**
 * The 句式 sessions (issue 22, item 3): GET /api/sentence-patterns lists the five, each drawing lesson
 * items from several texts; a session's questions come without keys and are answered (and marked)
 * through the usual answer command.
 */
import { sentencePatternSessions } from '@wenyan/content';
import { QuestionListSchema, SentencePatternSessionListSchema } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

describe('the 句式 sessions', () => {
  let learner: TestAccount;
  const t = useTestApp('embedded');
  beforeAll(async () => {
    learner = await signUp(t.app, 'patterns');
  });
  const get = (url: string, headers = learner.headers) => t.app.inject({ method: 'GET', url, headers });

  it('lists the five patterns, each from at least two texts', async () => {
    const res = await get('/api/sentence-patterns');
    expect(res.statusCode).toBe(200);
    const sessions = SentencePatternSessionListSchema.parse(res.json());
    expect(sessions.map((s) => s.id)).toEqual([
      'judgement',
      'passive',
      'object_fronting',
      'omission',
      'inversion',
    ]);
    for (const session of sessions) {
      const source = sentencePatternSessions.find((s) => s.id === session.id)!;
      expect(session.questionCount).toBe(source.questionIds.length);
      expect(session.lessonIds.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("serves a session's questions in its order, without keys, and marks an answer to one", async () => {
    const res = await get('/api/sentence-patterns/passive/questions');
    expect(res.statusCode).toBe(200);
    const questions = QuestionListSchema.parse(res.json());
    expect(questions.map((q) => q.id)).toEqual(
      sentencePatternSessions.find((s) => s.id === 'passive')!.questionIds,
    );
    expect(res.body).not.toMatch(/correctAnswer|explanation|marking/);

    const translation = questions.find((q) => q.type === 'sentence_translation')!;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: learner.headers,
      payload: {
        userId: learner.id,
        questionId: translation.id,
        selectedAnswer: '我怕被大王欺騙',
        timeSpent: 20,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().marking.available).toBeGreaterThan(0);
  });

  it('answers 400 naming the field for an unknown pattern and 401 signed out', async () => {
    const bad = await get('/api/sentence-patterns/question/questions');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('params.id');
    expect((await get('/api/sentence-patterns', {})).statusCode).toBe(401);
  });
});
