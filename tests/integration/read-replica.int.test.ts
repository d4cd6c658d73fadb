/**
 * Issue 41: reads from a replica (`DATABASE_READ_URL`). A second database stands in for the replica,
 * holding other content: the reads that tolerate lag (the leaderboard, lessons, past papers, the
 * admin's figures) answer from it; the commands and the reads right after them (the session, the
 * learner's own figures) answer from `DATABASE_URL`. The replica's connections refuse writes.
 */
import { AdminStatusSchema, LeaderboardSchema } from '@wenyan/contracts';
import { lessonQuestions, openReadDatabase } from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, signUpAdmin, type TestAccount } from '../support/accounts.ts';
import { startTestApp, type TestApp, waitForProjection } from '../support/app-harness.ts';
import { createTestDatabase } from '../support/test-db.ts';

describe('DATABASE_READ_URL', () => {
  let replica: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestApp;
  let learner: TestAccount;
  let admin: TestAccount;
  const send = (who: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  /** The learner answers a choice question of the lesson rightly (on the primary), projected. */
  const answerRightly = async (lessonId: number) => {
    const [q] = (await lessonQuestions(t.runtime.deps.db, lessonId)).filter((row) => row.options);
    if (!q) throw new Error('no question');
    const answered = await postAnswer(t.app, learner, q.id, q.correct_answer, { timeSpent: 10 });
    expect(answered.statusCode).toBe(200);
    await waitForProjection(t, learner.id);
  };

  beforeAll(async () => {
    replica = await createTestDatabase();
    const db = replica.handle.db;
    // The replica's content differs from the primary's, so a read shows which one it asked.
    await db.updateTable('lessons').set({ title: '副本的課文' }).where('id', '=', 1).execute();
    await db.updateTable('dse_papers').set({ title: '副本的試卷' }).execute();
    t = await startTestApp('distributed', { DATABASE_READ_URL: replica.url });
    learner = await signUp(t.app, 'replica');
    admin = await signUpAdmin(t.app, 'rpadmin');
  });
  afterAll(async () => {
    await t?.close();
    await replica?.drop();
  });

  it('lessons, past papers, the leaderboard and the admin figures read the replica', async () => {
    const lesson = (await send(learner, 'GET', '/api/lessons/1')).json() as { title: string };
    expect(lesson.title).toBe('副本的課文');
    const lessons = (await send(learner, 'GET', '/api/lessons')).json() as Array<{
      id: number;
      title: string;
    }>;
    expect(lessons.find((l) => l.id === 1)?.title).toBe('副本的課文');
    const papers = (await send(learner, 'GET', '/api/dse-papers')).json() as Array<{ title: string }>;
    expect(papers.length).toBeGreaterThan(0);
    expect(new Set(papers.map((p) => p.title))).toEqual(new Set(['副本的試卷']));

    // The learner answers (on the primary) and is ranked; the replica knows them by another name.
    await answerRightly(1);
    const primary = t.runtime.deps.db.withoutPlugins();
    const copy = async (table: 'users' | 'user_totals', key: string) => {
      const { rows } = await sql<{ row: unknown }>`
        select row_to_json(x) as row from ${sql.table(table)} x where ${sql.ref(key)} = ${learner.id}`.execute(
        primary,
      );
      await sql`insert into ${sql.table(table)} overriding system value
        select * from json_populate_record(null::${sql.table(table)}, ${JSON.stringify(rows[0]!.row)}::json)`.execute(
        replica.handle.db,
      );
    };
    await copy('users', 'id');
    await copy('user_totals', 'user_id');
    await replica.handle.db
      .updateTable('users')
      .set({ first_name: '副本' })
      .where('id', '=', learner.id)
      .execute();
    const board = LeaderboardSchema.parse((await send(learner, 'GET', '/api/leaderboard')).json());
    expect(board.top.find((e) => e.id === learner.id)?.firstName).toBe('副本');

    // The replica holds no events: the admin's figures say so.
    const status = AdminStatusSchema.parse((await send(admin, 'GET', '/api/admin/status')).json());
    expect(status.events).toBe(0);
  });

  it('the session, a command and the learner’s own figures read the primary', async () => {
    // The replica has no session: a session read there would answer 401.
    const me = await send(learner, 'GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect((me.json() as { firstName: string }).firstName).toBe('replica');
    await answerRightly(2);
    const stats = (await send(learner, 'GET', `/api/users/${learner.id}/stats`)).json() as Array<{
      lessonId: number;
    }>;
    expect(stats.map((s) => s.lessonId)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('a replica connection refuses writes, even when the URL names a primary', async () => {
    const read = openReadDatabase(replica.url, 1);
    try {
      await expect(
        read.db.updateTable('lessons').set({ title: 'x' }).where('id', '=', 1).execute(),
      ).rejects.toThrow(/read-only/);
    } finally {
      await read.close();
    }
  });
});
