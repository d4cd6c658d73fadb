/**
 * The learner's state as a bounded core and parts (issue 38): the snapshot stored with the stream's
 * head holds no question's facts; each question's facts are a row of `stream_parts`, written in the
 * append's statement and read by key with the next command, so an API process that never saw the
 * learner decides as if it held the whole state.
 */

import { AnswerResultSchema } from '@wenyan/contracts';
import {
  CORE_BYTES_BOUND,
  LEARNER_STATE_VERSION,
  type LearnerState,
  lessonPartKey,
  nodePartKey,
  questionPartKey,
} from '@wenyan/domain';
import { learnerStreamId, WHOLE_STATE_PARTS } from '@wenyan/store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp } from '../support/app-harness.ts';
import { act } from '../support/history.ts';

describe.each(MODES)('the learner state in parts (%s mode)', (mode) => {
  const t = useTestApp(mode);

  const db = () => t.runtime.deps.db;
  /** The process forgets the learner's head, as another process (or this one after a restart) would. */
  const forget = (learner: TestAccount) => t.app.learnerHeads?.delete(learnerStreamId(learner.id));

  /** The node session of the questions below: lesson 2's theme questions. */
  const THEME_NODE = nodePartKey(2, 'theme_understanding');
  async function questions() {
    return db()
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('lesson_id', '=', 2)
      .where('type', '=', 'theme_understanding')
      .orderBy('id')
      .limit(3)
      .execute();
  }
  type Question = Awaited<ReturnType<typeof questions>>[number];
  let keys = 0;
  const answer = async (learner: TestAccount, q: Question, right: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: { ...learner.headers, 'idempotency-key': `parts-${mode}-${keys++}-0001` },
      payload: {
        userId: learner.id,
        questionId: q.id,
        selectedAnswer: right ? q.correct_answer : `${q.correct_answer}錯`,
        timeSpent: 12,
      },
    });
    expect(res.statusCode).toBe(200);
    return AnswerResultSchema.parse(res.json());
  };
  const head = async (learner: TestAccount) => {
    const streamId = learnerStreamId(learner.id);
    const stream = await db()
      .selectFrom('streams')
      .select(['snapshot', 'snapshot_schema'])
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    const parts = await db()
      .selectFrom('stream_parts')
      .select(['key', 'schema', 'value'])
      .where('stream_id', '=', streamId)
      .orderBy('key')
      .execute();
    return { snapshotJson: JSON.stringify(stream.snapshot), schema: stream.snapshot_schema, parts };
  };

  it("keeps each question's facts out of the snapshot, in a part of its own", async () => {
    const learner = await signUp(t.app, `parts_a_${mode}`);
    const [q1, q2] = await questions();
    expect((await answer(learner, q1!, true)).earnedXp).toBe(true);
    expect((await answer(learner, q2!, false)).isCorrect).toBe(false);
    const stored = await head(learner);
    expect(stored.schema).toBe(LEARNER_STATE_VERSION);
    // Nothing in the core names a question or a lesson: the node session in progress and the
    // lesson's record are parts of their own too.
    const core = JSON.parse(stored.snapshotJson) as LearnerState;
    expect(core.lessons).toEqual({});
    expect(core.errorBook).toEqual({});
    expect(core.reviews.memory).toEqual({});
    expect(stored.snapshotJson.length).toBeLessThan(CORE_BYTES_BOUND);
    expect(stored.parts.map((p) => p.key).sort()).toEqual(
      [questionPartKey(q1!.id), questionPartKey(q2!.id), THEME_NODE, lessonPartKey(2)].sort(),
    );
    expect(stored.parts.find((p) => p.key === lessonPartKey(2))?.value).toEqual({ q: 2 });
    const session = stored.parts.find((p) => p.key === THEME_NODE);
    expect(session?.value).toEqual({ [`:${q1!.id}`]: true, [`:${q2!.id}`]: false });
    expect(stored.parts.every((p) => p.schema === LEARNER_STATE_VERSION)).toBe(true);
    const wrong = stored.parts.find((p) => p.key === questionPartKey(q2!.id));
    expect(wrong?.value).toMatchObject({ e: 'active' });
  });

  it('writes only the parts an answer changes: a question answered again leaves its lesson as it was', async () => {
    const learner = await signUp(t.app, `parts_f_${mode}`);
    const [q1, q2] = await questions();
    const streamId = learnerStreamId(learner.id);
    const written = async () => {
      const { rows } = await sql<{ key: string; xmin: string }>`
        select key, xmin::text from stream_parts where stream_id = ${streamId}`.execute(db());
      return Object.fromEntries(rows.map((r) => [r.key, r.xmin]));
    };
    await answer(learner, q1!, true);
    await answer(learner, q2!, true);
    const before = await written();
    await answer(learner, q1!, true);
    const after = await written();
    // The question's card and the node session moved; the lesson's progress did not (two answered).
    expect(after[questionPartKey(q1!.id)]).not.toBe(before[questionPartKey(q1!.id)]);
    expect(after[THEME_NODE]).not.toBe(before[THEME_NODE]);
    expect(after[lessonPartKey(2)]).toBe(before[lessonPartKey(2)]);
    expect((await head(learner)).parts.find((p) => p.key === lessonPartKey(2))?.value).toEqual({ q: 2 });
  });

  it('reads the parts a command needs by key: a process that never saw the learner pays no XP twice', async () => {
    const learner = await signUp(t.app, `parts_b_${mode}`);
    const [q1, q2, q3] = await questions();
    await answer(learner, q1!, true);
    await answer(learner, q2!, false);
    // No head in memory: the process reads the core and the question's part with the command.
    forget(learner);
    const again = await answer(learner, q1!, true);
    expect(again.isCorrect).toBe(true);
    expect(again.earnedXp).toBe(false);
    // Answered wrong before and not yet due: right now, it waits for its review to pay (relearn).
    forget(learner);
    const relearned = await answer(learner, q2!, true);
    expect(relearned.earnedXp).toBe(false);
    expect(relearned.xpWithheld).toBe('relearn');
    expect((await answer(learner, q3!, true)).earnedXp).toBe(true);
  });

  it('refolds a snapshot of an older schema and writes every part again', async () => {
    const learner = await signUp(t.app, `parts_c_${mode}`);
    const [q1, q2, q3] = await questions();
    await answer(learner, q1!, true);
    await answer(learner, q2!, false);
    const streamId = learnerStreamId(learner.id);
    await sql`update streams set snapshot_schema = ${LEARNER_STATE_VERSION - 1} where stream_id = ${streamId}`.execute(
      db(),
    );
    await sql`delete from stream_parts where stream_id = ${streamId}`.execute(db());
    forget(learner);
    expect((await answer(learner, q3!, true)).earnedXp).toBe(true);
    const stored = await head(learner);
    expect(stored.schema).toBe(LEARNER_STATE_VERSION);
    expect(stored.parts.map((p) => p.key).sort()).toEqual(
      [...[q1!, q2!, q3!].map((q) => questionPartKey(q.id)), THEME_NODE, lessonPartKey(2)].sort(),
    );
    forget(learner);
    expect((await answer(learner, q1!, true)).earnedXp).toBe(false);
  });

  it('remembers a long history by its core and the parts in use, and reads the others by key', async () => {
    const learner = await signUp(t.app, `parts_e_${mode}`);
    const [q1, q2] = await questions();
    // Another process answered 30 questions of lesson 3 for the learner.
    const start = Date.now() - 3_600_000;
    for (let n = 0; n < 30; n++) {
      const question = {
        id: `synthetic-${n}`,
        lessonId: 3,
        type: 'word_interpretation',
        difficulty: 'beginner',
        correctAnswer: '甲',
        keywords: null,
      };
      const command = {
        type: 'SubmitAnswer' as const,
        data: { question, selectedAnswer: '甲', timeSpent: 10 },
      };
      expect(await act(db(), learner.id, command, new Date(start + n * 1000))).toBeGreaterThan(0);
    }
    expect((await answer(learner, q1!, true)).earnedXp).toBe(true);
    const held = t.app.learnerHeads?.get(learnerStreamId(learner.id));
    if (!held || held.known === 'all') throw new Error('the head should hold some parts only');
    expect(held.known.size).toBeLessThanOrEqual(WHOLE_STATE_PARTS);
    expect(held.known).toContain(questionPartKey(q1!.id));
    // q2's part is not in memory: read by key on the head held (the same version).
    expect((await answer(learner, q2!, true)).earnedXp).toBe(true);
    expect((await answer(learner, q1!, true)).earnedXp).toBe(false);
    const last = await act(
      db(),
      learner.id,
      {
        type: 'SubmitAnswer',
        data: {
          question: {
            id: 'synthetic-7',
            lessonId: 3,
            type: 'word_interpretation',
            difficulty: 'beginner',
            correctAnswer: '甲',
            keywords: null,
          },
          selectedAnswer: '甲',
          timeSpent: 10,
        },
      },
      new Date(),
    );
    expect(last).toBeGreaterThan(0);
    const log = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', learnerStreamId(learner.id))
      .where('type', '=', 'AnswerSubmitted')
      .orderBy('version', 'desc')
      .limit(1)
      .execute();
    // The repeat of a question answered right 30 answers ago earned nothing.
    expect((log[0]!.data as { earnedXp: boolean }).earnedXp).toBe(false);
  });

  it('reads every part for an exam date, which plans every card again', async () => {
    const learner = await signUp(t.app, `parts_d_${mode}`);
    const [q1, q2] = await questions();
    await answer(learner, q1!, true);
    await answer(learner, q2!, true);
    const dueOf = (parts: Awaited<ReturnType<typeof head>>['parts']) =>
      parts
        .filter((p) => p.key.startsWith('q:'))
        .map((p) => Object.values((p.value as { l: Record<string, { m: number[] }> }).l)[0]!.m[0]);
    const before = dueOf((await head(learner)).parts);
    // An exam date a week away brings every card's review forward.
    const examDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    forget(learner);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${learner.id}/exam-date`,
      headers: learner.headers,
      payload: { examDate },
    });
    expect(res.statusCode).toBe(200);
    const after = dueOf((await head(learner)).parts);
    expect(after).toHaveLength(2);
    after.forEach((due, i) => {
      expect(due).toBeLessThan(before[i]!);
    });
  });
});
