/**
 * Nothing to copy before answering (issue 20, item 4): every question list a learner reads carries no
 * key, scheme, explanation or note; options come in an order of the server's choosing per learner and
 * question; the answer's reply carries the key; teachers and admins keep a view with keys.
 * The mode does not change what a list carries, so this runs in the embedded mode only.
 */
import { KeyedQuestionListSchema, QuestionListSchema } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

/** Field names that would give an answer away. */
const KEY_FIELDS = ['correctAnswer', 'explanation', 'culturalContext', 'keywords', 'marking'];

describe('question lists served to a learner', () => {
  let learner: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  const t = useTestApp('embedded', { ADMIN_USERNAMES: '' });
  const get = (who: TestAccount, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  beforeAll(async () => {
    const adminPrefix = `keysadmin${process.pid}`;
    learner = await signUp(t.app);
    other = await signUp(t.app);
    admin = await signUp(t.app, adminPrefix);
    await t.runtime.deps.db
      .updateTable('users')
      .set({ roles: ['student', 'admin'] })
      .where('id', '=', admin.id)
      .execute();
  });

  /** Every learner-facing list, as URLs (papers and filters read from the API itself). */
  async function learnerLists(): Promise<string[]> {
    const urls = [
      '/api/lessons/1/questions',
      '/api/lessons/11/questions',
      '/api/lessons/1/adaptive-questions?count=20',
      '/api/lessons/1/adaptive-questions?type=sentence_translation',
      '/api/course-questions?lessonId=1',
      '/api/course-questions?lessonId=1&type=sentence_translation',
      '/api/vocabulary/questions?lessonId=1',
      '/api/vocabulary/questions?lessonIds=1,2,3',
      '/api/vocabulary/questions?sessionId=1',
    ];
    for (const type of ['word_interpretation', 'sentence_translation', 'theme_understanding']) {
      urls.push(`/api/lessons/1/nodes/${type}/questions`);
    }
    const papers = (await get(learner, '/api/dse-papers')).json() as { id: number; questionCount: number }[];
    expect(papers.length).toBeGreaterThan(0);
    for (const paper of papers.filter((p) => p.questionCount > 0))
      urls.push(`/api/dse-papers/${paper.id}/questions`);
    const meta = (await get(learner, '/api/dse-questions/metadata')).json() as { types: string[] };
    urls.push(`/api/dse-questions/mix?${meta.types.map((type) => `types=${type}`).join('&')}&limit=50`);
    const filters = (await get(learner, '/api/dse-mixed-practice/filters')).json() as {
      availableYears: string[];
    };
    urls.push(`/api/dse-mixed-practice?years=${filters.availableYears.join(',')}&limit=50`);
    return urls;
  }

  it('carry no key, scheme, explanation or note, and no free-text model answer', async () => {
    const freeText = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('options', 'is', null)
      .execute();
    const modelAnswers = new Map(freeText.map((q) => [q.id, q.correct_answer]));
    let questionsSeen = 0;
    for (const url of await learnerLists()) {
      const res = await get(learner, url);
      expect(res.statusCode, url).toBe(200);
      const list = QuestionListSchema.parse(res.json());
      expect(list.length, url).toBeGreaterThan(0);
      for (const raw of res.json() as Record<string, unknown>[]) {
        for (const field of KEY_FIELDS) expect(Object.keys(raw), `${url} ${raw.id}`).not.toContain(field);
        // A rubric (the levels a learner marks a long answer against) only on long questions.
        if (raw.type !== 'long_question') expect(raw.rubric, `${url} ${raw.id}`).toBeNull();
        const model = modelAnswers.get(String(raw.id));
        // Short keys (a two-character fill-in) may occur in other questions' wording; long ones may not.
        if (model && [...model].length >= 6)
          expect(res.body, `${url} gives ${raw.id}'s model answer away`).not.toContain(model);
        questionsSeen += 1;
      }
    }
    expect(questionsSeen).toBeGreaterThan(100);
  });

  it('show the options in an order of the server’s choosing: fixed per learner, different between learners', async () => {
    const stored = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'options'])
      .where('lesson_id', '=', 1)
      .where('options', 'is not', null)
      .execute();
    const storedOptions = new Map(stored.map((q) => [q.id, q.options ?? []]));
    const mine = QuestionListSchema.parse((await get(learner, '/api/lessons/1/questions')).json());
    const again = QuestionListSchema.parse((await get(learner, '/api/lessons/1/questions')).json());
    const theirs = QuestionListSchema.parse((await get(other, '/api/lessons/1/questions')).json());
    // Each list carries fresh served tokens (issue 37); the questions and their order are the same.
    const withoutTokens = (list: typeof mine) => list.map(({ served: _served, ...q }) => q);
    expect(withoutTokens(again)).toEqual(withoutTokens(mine));
    let differsFromStored = 0;
    let differsBetweenLearners = 0;
    for (const [i, q] of mine.entries()) {
      const original = storedOptions.get(q.id);
      if (!original) continue;
      expect([...q.options].sort()).toEqual([...original].sort());
      if (q.options.join() !== original.join()) differsFromStored += 1;
      if (q.options.join() !== theirs[i]?.options.join()) differsBetweenLearners += 1;
    }
    expect(differsFromStored).toBeGreaterThan(stored.length / 2);
    expect(differsBetweenLearners).toBeGreaterThan(stored.length / 2);
  });

  it('grade a choice by the option’s text whatever its place, and the reply carries the key', async () => {
    const [q] = QuestionListSchema.parse(
      (await get(learner, '/api/lessons/1/nodes/theme_understanding/questions')).json(),
    );
    const stored = await t.runtime.deps.db
      .selectFrom('questions')
      .select(['correct_answer', 'explanation'])
      .where('id', '=', q!.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: learner.headers,
      payload: { userId: learner.id, questionId: q!.id, selectedAnswer: stored.correct_answer, timeSpent: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isCorrect: true,
      correctAnswer: stored.correct_answer,
      explanation: stored.explanation,
    });
  });

  it('keep a view with keys for teachers and admins, refused to a student', async () => {
    expect((await get(learner, '/api/teacher/lessons/1/questions')).statusCode).toBe(403);
    const res = await get(admin, '/api/teacher/lessons/1/questions');
    expect(res.statusCode).toBe(200);
    const keyed = KeyedQuestionListSchema.parse(res.json());
    expect(keyed.length).toBeGreaterThan(10);
    for (const q of keyed) expect(q.correctAnswer.length).toBeGreaterThan(0);
    expect((await get(admin, '/api/teacher/lessons/999/questions')).statusCode).toBe(404);
  });
});
