/**
 * Marking by scoring points through the real store and API: the schemes and rubrics are imported
 * with the questions, an answer is marked by its item's scheme, an improved scheme refreshes a
 * stored question, and a question the content dropped is retired.
 */
import { lessonQuestionBanks } from '@wenyan/content';
import { importDsePapers, importLessonQuestions, retireRemovedQuestions } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { type Mode, useTestApp } from '../support/app-harness.ts';

// One mode: marking runs in the request and the seed, the same in both modes; nothing here goes through a
// queue or a broadcast (issue 39: a second mode only where it matters).
describe.each<Mode>(['embedded'])('marking by scoring points (%s mode)', (mode) => {
  let learner: TestAccount;
  const t = useTestApp(mode);
  beforeAll(async () => {
    learner = await signUp(t.app);
  });

  const db = () => t.runtime.deps.db;
  const answer = async (questionId: string, selectedAnswer: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: learner.headers,
      payload: { userId: learner.id, questionId, selectedAnswer, timeSpent: 20 },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { isCorrect: boolean };
  };

  it('stores each paper item with its scheme or rubric', async () => {
    const rows = await db()
      .selectFrom('questions')
      .select(['id', 'type', 'marking', 'rubric'])
      .where('id', 'in', ['d2018-02', 'd2018-06', 'd2018-08'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.type])).toEqual([
      ['d2018-02', 'fill_in_blank'],
      ['d2018-06', 'long_question'],
      ['d2018-08', 'sentence_translation'],
    ]);
    expect(rows[0]?.marking?.points[0]?.accept).toContain('諂媚');
    expect(rows[1]?.rubric?.[0]).toMatchObject({ marks: '7-8' });
    expect(rows[2]?.marking?.points.length).toBeGreaterThanOrEqual(4);
  });

  it('marks a fill-in by its scheme: what the explanation accepts is right, a trap or a paste is not', async () => {
    expect((await answer('d2018-02', '諂媚')).isCorrect).toBe(true);
    expect((await answer('d2018-02', '奉承、巴結')).isCorrect).toBe(true);
    expect((await answer('d2018-02', '羞恥')).isCorrect).toBe(false);
    expect((await answer('d2018-02', '位卑則足羞，官盛則近諛')).isCorrect).toBe(false);
  });

  it('marks a 語譯 by its points: a faithful rendering is right, a dropped negation or a paste is not', async () => {
    expect((await answer('d2019-09', '所以學生未必比不上老師，老師也未必比學生高明。')).isCorrect).toBe(true);
    expect((await answer('d2019-09', '所以學生一定比不上老師，老師也不一定比學生賢能。')).isCorrect).toBe(
      false,
    );
    expect((await answer('d2019-09', '是故弟子不必不如師，師不必賢於弟子。')).isCorrect).toBe(false);
  });

  it("replies with the marker's notes: a dropped negation is 未達要求, a 錯別字 keeps its point with a note", async () => {
    const dropped = (await answer(
      'd2019-09',
      '所以學生一定比不上老師，老師也未必比學生高明。',
    )) as unknown as {
      marking: { verdict: string; notes?: { code: string; message: string }[] };
    };
    expect(dropped.marking.verdict).toBe('incorrect');
    expect(dropped.marking.notes?.map((n) => n.code)).toContain('negation_missing');
    const typo = (await answer('d2018-02', '奉成')) as unknown as {
      isCorrect: boolean;
      marking: { notes?: { code: string }[] };
    };
    expect(typo.isCorrect).toBe(true);
    expect(typo.marking.notes?.map((n) => n.code)).toContain('typo');
  });

  it('refreshes a stored question, its scheme, key and explanation included, from the content on import', async () => {
    await db()
      .updateTable('questions')
      .set({ marking: null, correct_answer: '舊答案', explanation: '舊說明' })
      .where('id', '=', 'd2018-03')
      .execute();
    await db()
      .updateTable('questions')
      .set({ explanation: '本地修改' })
      .where('id', '=', 'd2018-01')
      .execute();
    const result = await importDsePapers(db());
    expect(result.imported).toBe(2);
    const rows = await db()
      .selectFrom('questions')
      .select(['id', 'marking', 'correct_answer', 'explanation'])
      .where('id', 'in', ['d2018-01', 'd2018-03'])
      .orderBy('id')
      .execute();
    // The content is the source of truth for its own questions: a local change is replaced.
    expect(rows[0]?.explanation).not.toBe('本地修改');
    expect(rows[0]?.explanation.length).toBeGreaterThan(0);
    expect(rows[1]?.marking?.points[0]?.accept).toContain('水勢浩大');
    expect(rows[1]?.correct_answer).toBe('水勢浩大');
    expect(rows[1]?.explanation).toContain('湯湯');
    expect((await importDsePapers(db())).imported).toBe(0);
  });

  it('carries a corrected choice key, options and tier to a database that has the old ones', async () => {
    const item = (lessonQuestionBanks[8] ?? []).find((q) => q.id === 'l08-wi-04');
    expect(item?.options).not.toBeNull();
    await db()
      .updateTable('questions')
      .set({ correct_answer: '舊答案', options: JSON.stringify(['舊答案', '乙']), character_frequency: 200 })
      .where('id', '=', 'l08-wi-04')
      .execute();
    expect((await importLessonQuestions(db())).imported).toBe(1);
    const row = await db()
      .selectFrom('questions')
      .select(['correct_answer', 'options', 'character_frequency'])
      .where('id', '=', 'l08-wi-04')
      .executeTakeFirstOrThrow();
    expect(row.correct_answer).toBe(item?.correctAnswer);
    expect(row.options).toEqual(item?.options);
    expect(row.character_frequency).toBe(item?.characterFrequency);
    expect((await importLessonQuestions(db())).imported).toBe(0);
  });

  it('serves the corrected v3-11 in session 3 and retires a content question the content dropped', async () => {
    const session = await db().selectFrom('questions').select('id').where('session_id', '=', 3).execute();
    expect(session.map((r) => r.id)).toContain('v3-11');
    expect(session.map((r) => r.id)).not.toContain('v3-03');
    await sql`insert into questions (id, lesson_id, type, difficulty, content, correct_answer, explanation, session_id, origin)
      values ('v3-old', 3, 'word_interpretation', 'beginner', '舊題', '甲', '舊', 3, 'session'),
             ('u-mine', 3, 'word_interpretation', 'beginner', '老師的題', '甲', '說明', null, 'user')`.execute(
      db(),
    );
    expect(await retireRemovedQuestions(db())).toEqual({ retired: 1 });
    const rows = await db()
      .selectFrom('questions')
      .select(['id', 'origin', 'session_id'])
      .where('id', 'in', ['v3-old', 'u-mine'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u-mine', origin: 'user', session_id: null },
      { id: 'v3-old', origin: 'retired', session_id: null },
    ]);
  });
});
