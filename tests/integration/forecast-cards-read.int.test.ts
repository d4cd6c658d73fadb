/**
 * The forecast's read of a learner's cards (`readForecastCards`, `readCardsVersion`; issue 38) on
 * Postgres and on the embedded PGlite: every card in the forecast's order with the version they are of;
 * with the horizon of an earlier read, the rows written since (at least), including those of a
 * transaction still open at that read (Postgres: PGlite has one connection); a deleted card shows in
 * the count.
 */
import { forecastOrder } from '@wenyan/domain';
import {
  type DatabaseHandle,
  type Db,
  openDatabase,
  readCardsVersion,
  readForecastCards,
} from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { createTestDatabase } from '../support/test-db.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-12-01T04:00:00.000Z');

async function insertCard(db: Db, userId: string, questionId: string, dueDays: number, lessonId = 1) {
  await db
    .insertInto('review_cards')
    .values({
      user_id: userId,
      question_id: questionId,
      lesson_id: lessonId,
      question_type: 'word_interpretation',
      state: 'review',
      stability: 3.123456,
      difficulty: 5.5,
      reps: 1,
      correct: 1,
      lapses: 0,
      last_rating: 'good',
      last_review: new Date(NOW - DAY_MS),
      due: new Date(NOW + dueDays * DAY_MS),
    })
    .execute();
}

const moveCard = (db: Db, userId: string, questionId: string, stability: number) =>
  db
    .updateTable('review_cards')
    .set({ stability })
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .execute();

/** What the projector does to the learner's projection row when it writes their read models. */
const project = (db: Db, userId: string) =>
  sql`update learner_projections set checkpoint = checkpoint + 1, projected_at = clock_timestamp()
    where user_id = ${userId}::bigint`.execute(db);

const engines: Array<{ name: string; open(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> }> =
  [
    {
      name: 'Postgres',
      async open() {
        const database = await createTestDatabase();
        return { handle: database.handle, close: () => database.drop() };
      },
    },
    {
      name: 'PGlite',
      async open() {
        const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
        return { handle, close: () => handle.close() };
      },
    },
  ];

describe.each(engines)('the forecast’s read of the cards ($name)', ({ name, open }) => {
  let opened: Awaited<ReturnType<typeof open>>;
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    opened = await open();
    db = opened.handle.db;
    const made = await db
      .insertInto('users')
      .values({ username: `forecast_${name}`, roles: ['student'] } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = String(made.id);
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('has no version before the learner is projected', async () => {
    expect(await readCardsVersion(db, userId)).toBeNull();
    const read = await readForecastCards(db, userId);
    expect(read).toMatchObject({ version: null, complete: true, count: 0, cards: [] });
  });

  it('reads every card soonest due first, then by question id, with the version they are of', async () => {
    await sql`insert into learner_projections (user_id, checkpoint, view, view_schema)
      values (${userId}::bigint, 1, '{}'::jsonb, 0)`.execute(db);
    for (const [id, days] of [
      ['b', 2],
      ['a', 2],
      ['c', 1],
      ['d', 5],
    ] as const) {
      await insertCard(db, userId, id, days);
    }
    const read = await readForecastCards(db, userId);
    expect(read.complete).toBe(true);
    expect(read.count).toBe(4);
    expect(read.cards.map((c) => c.questionId)).toEqual(['c', 'a', 'b', 'd']);
    expect([...read.cards].sort(forecastOrder)).toEqual(read.cards);
    expect(read.cards[0]).toEqual({
      questionId: 'c',
      lessonId: 1,
      stability: 3.123456,
      difficulty: 5.5,
      lastReviewMs: NOW - DAY_MS,
      dueMs: NOW + DAY_MS,
    });
    expect(read.version).toBe(await readCardsVersion(db, userId));
    await project(db, userId);
    expect(await readCardsVersion(db, userId)).not.toBe(read.version);
  });

  it('reads the cards written since an earlier read, and counts every card', async () => {
    // At least those: a row written by a transaction older than the oldest one still running anywhere
    // on the server at the earlier read is left out, and a shared server may have an old one running.
    const first = await readForecastCards(db, userId);
    const current = new Map(first.cards.map((c) => [c.questionId, c]));
    for (const card of (await readForecastCards(db, userId, first.horizon)).cards) {
      expect(card).toEqual(current.get(card.questionId));
    }
    await moveCard(db, userId, 'a', 7.5);
    await insertCard(db, userId, 'e', 3, 2);
    await project(db, userId);
    const since = await readForecastCards(db, userId, first.horizon);
    expect(since.complete).toBe(false);
    expect(since.count).toBe(5);
    expect(since.cards.map((c) => c.questionId)).toEqual(expect.arrayContaining(['a', 'e']));
    expect(since.cards.find((c) => c.questionId === 'a')?.stability).toBe(7.5);
    expect(since.version).toBe(await readCardsVersion(db, userId));
    // A card deleted: not read, one fewer in the count.
    await sql`delete from review_cards where user_id = ${userId}::bigint and question_id = 'd'`.execute(db);
    const after = await readForecastCards(db, userId, since.horizon);
    expect(after.cards.map((c) => c.questionId)).not.toContain('d');
    expect(after.count).toBe(4);
  });

  it.runIf(name === 'Postgres')(
    'reads a card written by a transaction that was still open at the earlier read',
    async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written: () => void = () => {};
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const writer = db.transaction().execute(async (trx) => {
        await moveCard(trx, userId, 'b', 9.25);
        written();
        await held;
      });
      await wrote;
      const during = await readForecastCards(db, userId);
      expect(during.cards.find((c) => c.questionId === 'b')?.stability).toBe(3.123456);
      release();
      await writer;
      const since = await readForecastCards(db, userId, during.horizon);
      expect(since.cards.map((c) => c.questionId)).toContain('b');
      expect(since.cards.find((c) => c.questionId === 'b')?.stability).toBe(9.25);
    },
  );
});
