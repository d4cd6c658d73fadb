/**
 * The API's memory of learner stream heads (LEARNER_HEAD_CACHE_MB): a learner's second answer on this
 * instance is decided from memory; a write behind the instance's back (another instance) is caught by
 * the append's version check and decided again on the log; with the cache off, nothing is remembered.
 */

import { AnswerResultSchema } from '@wenyan/contracts';
import { learnerStreamId } from '@wenyan/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, startTestApp, type TestApp } from '../support/app-harness.ts';
import { act } from '../support/history.ts';

const OUTCOMES = ['hit', 'stale', 'miss'] as const;

describe.each(MODES)('the learner head cache (%s mode)', (mode) => {
  const apps: Record<'on' | 'off', TestApp | undefined> = { on: undefined, off: undefined };

  beforeAll(async () => {
    apps.on = await startTestApp(mode);
    apps.off = await startTestApp(mode, { LEARNER_HEAD_CACHE_MB: '0' });
  });
  afterAll(async () => {
    await apps.on?.close();
    await apps.off?.close();
  });

  /** The instance's counters (prom-client's registry is per process: compare before and after). */
  const counters = async (t: TestApp) => {
    const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    return Object.fromEntries(
      OUTCOMES.map((o) => {
        const m = new RegExp(`^wyt_learner_head_cache_total\\{outcome="${o}"\\} (\\d+)$`, 'm').exec(text);
        return [o, m ? Number(m[1]) : 0];
      }),
    ) as Record<(typeof OUTCOMES)[number], number>;
  };
  const delta = (after: Record<string, number>, before: Record<string, number>) =>
    Object.fromEntries(OUTCOMES.map((o) => [o, after[o]! - before[o]!]));

  async function questions(t: TestApp) {
    return t.runtime.deps.db
      .selectFrom('questions')
      .select(['id', 'lesson_id', 'type', 'difficulty', 'correct_answer', 'keywords'])
      .where('lesson_id', '=', 1)
      .where('type', '=', 'theme_understanding')
      .orderBy('id')
      .limit(3)
      .execute();
  }
  type Question = Awaited<ReturnType<typeof questions>>[number];
  const answer = (t: TestApp, learner: TestAccount, q: Question, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: { ...learner.headers, 'idempotency-key': key },
      payload: { userId: learner.id, questionId: q.id, selectedAnswer: q.correct_answer, timeSpent: 12 },
    });

  it("decides a learner's next answers from memory and keeps the totals exact", async () => {
    const t = apps.on!;
    const learner = await signUp(t.app, 'heads_on');
    const [q1, q2, q3] = await questions(t);
    const before = await counters(t);
    const totals: number[] = [];
    for (const [i, q] of [q1!, q2!, q3!].entries()) {
      const res = await answer(t, learner, q, `heads-on-${i}-0001`);
      expect(res.statusCode).toBe(200);
      totals.push(AnswerResultSchema.parse(res.json()).totals.totalXP);
    }
    // Signing up (the daily sign-in) appended on this instance, so even the first answer is a hit.
    expect(delta(await counters(t), before)).toEqual({ hit: 3, stale: 0, miss: 0 });
    // Each correct answer added XP on top of the last: the remembered state was the current one.
    expect(totals[1]).toBeGreaterThan(totals[0]!);
    expect(totals[2]).toBeGreaterThan(totals[1]!);
  });

  it('decides again on the log when another writer appended since', async () => {
    const t = apps.on!;
    const learner = await signUp(t.app, 'heads_stale');
    const [q1, q2, q3] = await questions(t);
    expect((await answer(t, learner, q1!, 'heads-stale-0001')).statusCode).toBe(200);
    // Another instance answers for the same learner: this instance's memory is now behind.
    const appended = await act(
      t.runtime.deps.db,
      learner.id,
      {
        type: 'SubmitAnswer',
        data: {
          question: {
            id: q2!.id,
            lessonId: q2!.lesson_id,
            type: q2!.type,
            difficulty: q2!.difficulty,
            correctAnswer: q2!.correct_answer,
            keywords: q2!.keywords,
          },
          selectedAnswer: q2!.correct_answer,
          timeSpent: 5,
        },
      },
      new Date(),
    );
    expect(appended).toBeGreaterThan(0);
    const before = await counters(t);
    const res = await answer(t, learner, q3!, 'heads-stale-0002');
    expect(res.statusCode).toBe(200);
    expect(delta(await counters(t), before)).toEqual({ hit: 0, stale: 1, miss: 0 });
    // Nothing lost or overwritten: three answers in the log, and the XP answered is the log's sum.
    const log = await t.runtime.deps.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', learnerStreamId(learner.id))
      .execute();
    expect(log.filter((e) => e.type === 'AnswerSubmitted')).toHaveLength(3);
    const xp = log
      .filter((e) => e.type === 'XpAwarded')
      .reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
    expect(AnswerResultSchema.parse(res.json()).totals.totalXP).toBe(xp);
  });

  it('remembers nothing with LEARNER_HEAD_CACHE_MB=0', async () => {
    const t = apps.off!;
    const learner = await signUp(t.app, 'heads_off');
    const [q1, q2] = await questions(t);
    const before = await counters(t);
    for (const [i, q] of [q1!, q2!].entries()) {
      expect((await answer(t, learner, q, `heads-off-${i}-0001`)).statusCode).toBe(200);
    }
    expect(delta(await counters(t), before)).toEqual({ hit: 0, stale: 0, miss: 0 });
  });
});
