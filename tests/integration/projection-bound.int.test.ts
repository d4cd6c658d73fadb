/**
 * Issue 38, item 2: a projection batch does the work of its events, not of the learner's history. The
 * stored view is the bounded core (its size does not grow with the questions answered); the error
 * book and the cards live only in their tables, a batch reads the rows its events name by key and
 * rewrites only those that changed; a read right after an answer still shows that answer's record.
 */
import { bookCard, coreOf, foldLearnerView, type LearnerEvent, learnerEvent, upcast } from '@wenyan/domain';
import {
  appendToStream,
  type Db,
  learnerStreamId,
  READ_MODEL_TABLES,
  readLearnerView,
  readStream,
  rebuildProjections,
  sqlLeaderboard,
} from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertLearner } from '../support/history.ts';
import { localProjection } from '../support/read-models.ts';
import { useTestDatabase } from '../support/test-db.ts';

/**
 * The stored view's bound, in bytes of JSON: it holds per-lesson figures (16 lessons), activities,
 * units, recitations and the review schedule, whatever the number of questions answered.
 */
const VIEW_BOUND = 16_384;

const START = Date.parse('2026-09-01T01:00:00Z');
let clock = START;
/** A minute after the previous event. */
function tick(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

/** An answer to question `q<n>` of lesson 1 + n mod 16: wrong for every third question unless `right`. */
function answer(n: number, right = n % 3 !== 0): LearnerEvent {
  return learnerEvent('AnswerSubmitted', {
    questionId: `q${n}`,
    lessonId: 1 + (n % 16),
    questionType: 'word_interpretation',
    difficulty: 'beginner',
    source: 'quiz',
    selectedAnswer: right ? '對' : `錯 ${n}`,
    correctAnswer: '對',
    isCorrect: right,
    gradingMethod: 'choice',
    matchedKeywords: null,
    requiredKeywords: null,
    pointsEarned: right ? 1 : 0,
    pointsAvailable: 1,
    points: [],
    copied: false,
    selfAssessed: false,
    earnedXp: false,
    timeSpent: 5,
    correctRun: 0,
    firstAttempt: true,
    questionsCompleted: 1,
    totalQuestions: 20,
    at: tick(),
  });
}

describe('a projection batch bounded by its events', () => {
  const database = useTestDatabase();
  let db: Db;
  let userId: string;
  let version = 0;
  const append = async (events: LearnerEvent[]) => {
    for (let i = 0; i < events.length; i += 500) {
      const chunk = events.slice(i, i + 500);
      await appendToStream(db, learnerStreamId(userId), version, chunk, { actor: userId });
      version += chunk.length;
    }
  };
  const projector = () => localProjection(db).projector;
  const viewBytes = async () =>
    (
      await sql<{ n: number }>`select octet_length(view::text)::integer as n from learner_projections
        where user_id = ${userId}`.execute(db)
    ).rows[0]!.n;
  /** Each row's transaction id, by question id: a row rewritten gets a new one. */
  const xmins = async (table: 'error_questions' | 'review_cards') =>
    new Map(
      (
        await sql<{
          question_id: string;
          x: string;
        }>`select question_id, xmin::text as x from ${sql.table(table)}
          where user_id = ${userId}`.execute(db)
      ).rows.map((r) => [r.question_id, r.x]),
    );
  const rewritten = (before: Map<string, string>, after: Map<string, string>) =>
    [...after].filter(([id, x]) => before.get(id) !== x).map(([id]) => id);

  beforeAll(async () => {
    db = database.handle.db;
    userId = await insertLearner(db, 'bounded_learner');
  });

  it('stores a view of the same bounded size after 300 or 1,500 questions answered', async () => {
    await append(Array.from({ length: 300 }, (_, n) => answer(n)));
    await projector().projectLearner(userId);
    const early = await viewBytes();
    await append(Array.from({ length: 1200 }, (_, n) => answer(300 + n)));
    await projector().projectLearner(userId);
    const late = await viewBytes();
    expect(late).toBeLessThan(VIEW_BOUND);
    // The counts grow a digit, nothing else does.
    expect(late - early).toBeLessThan(200);
    const counts = await sql<{ errors: number; cards: number }>`
      select (select count(*) from error_questions where user_id = ${userId})::integer as errors,
        (select count(*) from review_cards where user_id = ${userId})::integer as cards
    `.execute(db);
    expect(counts.rows[0]).toEqual({ errors: 500, cards: 1500 });
  });

  it('rewrites only the rows of the batch’s events', async () => {
    const [errorsBefore, cardsBefore] = [await xmins('error_questions'), await xmins('review_cards')];
    // q6 is in the error book (wrong before); q7 has a card only; q8 is answered right again.
    await append([answer(6, false), answer(7, false), answer(8, true)]);
    await projector().projectLearner(userId);
    const [errorsAfter, cardsAfter] = [await xmins('error_questions'), await xmins('review_cards')];
    expect(rewritten(errorsBefore, errorsAfter).sort()).toEqual(['q6', 'q7']);
    expect(rewritten(cardsBefore, cardsAfter).sort()).toEqual(['q6', 'q7', 'q8']);
    const rows = await db
      .selectFrom('error_questions')
      .select(['question_id', 'attempt_count', 'incorrect_answer'])
      .where('user_id', '=', userId)
      .where('question_id', 'in', ['q6', 'q7'])
      .orderBy('question_id')
      .execute();
    expect(rows).toEqual([
      { question_id: 'q6', attempt_count: 2, incorrect_answer: '錯 6' },
      { question_id: 'q7', attempt_count: 1, incorrect_answer: '錯 7' },
    ]);
  });

  it('shows an answer’s error record and card in a read right after it, before the projector runs', async () => {
    await append([answer(9, false)]);
    const { view } = await readLearnerView(db, userId, ['q9']);
    expect(view.errorBook.q9).toMatchObject({ attemptCount: 2, incorrectAnswer: '錯 9', isActive: true });
    expect(bookCard(view.reviews, 'q9')?.reps).toBe(2);
    // The view holds the items asked for (and those the events after the checkpoint made), no other.
    expect(Object.keys(view.errorBook)).toEqual(['q9']);
    expect(Object.keys(view.reviews.cards)).toEqual(['q9']);
  });

  it('plans every card again on an exam date, and equals a fold from scratch and a rebuild', async () => {
    const cardsBefore = await xmins('review_cards');
    await append([
      learnerEvent('ExamDateSet', {
        examDate: '2027-04-20',
        targetRecall: 0.8,
        source: 'learner',
        examYear: null,
        at: tick(),
      }),
      answer(10, false),
    ]);
    await projector().projectLearner(userId);
    expect(rewritten(cardsBefore, await xmins('review_cards')).length).toBeGreaterThan(1000);

    const all = (await readStream(db, learnerStreamId(userId), { afterVersion: 0, limit: 10_000 })).map((e) =>
      upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }),
    );
    const full = foldLearnerView(all);
    const stored = await db
      .selectFrom('learner_projections')
      .select('view')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.view).toEqual(JSON.parse(JSON.stringify(coreOf(full))));
    const due = await db
      .selectFrom('review_cards')
      .select(['question_id', 'due'])
      .where('user_id', '=', userId)
      .execute();
    expect(due).toHaveLength(Object.keys(full.reviews.cards).length);
    for (const row of due) expect(row.due.getTime()).toBe(full.reviews.cards[row.question_id]![10]);

    const tables = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of [
        'learner_projections',
        'error_questions',
        'review_cards',
        'review_settings',
      ] as const) {
        const { rows } = await sql
          .raw<Record<string, unknown>>(`select * from ${table} order by 1, 2`)
          .execute(db);
        out[table] = rows.map(({ projected_at: _, ...r }) => r);
      }
      return out;
    };
    expect(READ_MODEL_TABLES).toContain('review_cards');
    const incremental = await tables();
    await rebuildProjections(db, projector(), sqlLeaderboard(db));
    expect(await tables()).toEqual(incremental);
  });
});
