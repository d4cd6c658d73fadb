/**
 * A roadmap node always offers a full session when its lesson has the questions: the learner's
 * word-frequency threshold orders word questions (the commoner words first), and rarer ones top the
 * session up to 8. 出師表's key words are rare in the set texts (崩殂, 駑鈍: tier 900), so with a hard
 * filter its word node offered 3 questions at the default threshold of 400.
 */
import { lessonQuestionBanks } from '@wenyan/content';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

describe('a roadmap node session', () => {
  let learner: TestAccount;
  const t = useTestApp('embedded');
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: learner.headers });

  beforeAll(async () => {
    learner = await signUp(t.app);
  });

  it('fills 8 questions from a lesson with few common words, the ones within the threshold first', async () => {
    const words = (lessonQuestionBanks[6] ?? []).filter((q) => q.type === 'word_interpretation');
    const within = new Set(words.filter((q) => (q.characterFrequency ?? 0) <= 400).map((q) => q.id));
    expect(within.size).toBeLessThan(8);
    expect(words.length).toBeGreaterThanOrEqual(8);

    const res = await get('/api/lessons/6/nodes/word_interpretation/questions?characterThreshold=400');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((q) => q.id);
    expect(ids).toHaveLength(8);
    expect(ids.slice(0, within.size).every((id) => within.has(id))).toBe(true);
    expect(ids.slice(within.size).some((id) => within.has(id))).toBe(false);

    const availability = await get('/api/lessons/6/nodes/availability?characterThreshold=400');
    const word = (availability.json() as { type: string; availableQuestions: number }[]).find(
      (n) => n.type === 'word_interpretation',
    );
    expect(word?.availableQuestions).toBe(words.length);
  });
});
