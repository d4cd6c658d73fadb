/**
 * The review read models (migration 0010): `review_cards` (one row per question a learner has answered,
 * with its FSRS memory and next review), `review_settings` (the exam plan in force, daily goal, guide,
 * today's due reviews) and the admin's `exam_dates`. Cards come back as the domain's `ReviewCard` plus
 * the question's knowledge tags and whether it is an open error-book item.
 */
import type { ExamDateSource, ForecastCard, ReviewCard, ReviewCardState, ReviewRating } from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { PREPARED } from '../prepared.ts';
import type { ReviewCardsTable } from '../tables.ts';

/** A card as the review screens read it. */
export type ReviewCardRecord = ReviewCard & {
  /** The question's knowledge tags, main first (empty when not tagged yet, or the question is gone). */
  tags: string[];
  /** The question is an open item of the learner's error book. */
  inErrorBook: boolean;
};

/** A learner's review settings row (null fields before any plan was recorded). */
export interface ReviewSettingsRecord {
  userId: string;
  examDate: string | null;
  examDateSource: ExamDateSource | null;
  examYear: number | null;
  targetRecall: number;
  dailyGoal: number;
  guideCompleted: boolean;
  reviewedDay: string | null;
  reviewedCount: number;
}

/** A card as the raw queries read it: the table's row (dates as the driver hands them) and its question's facts. */
type CardRow = Omit<ReviewCardsTable, 'last_review' | 'due'> & {
  last_review: Date | string;
  due: Date | string;
  tags: string[] | null;
  in_error_book: boolean;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function toCard(r: CardRow): ReviewCardRecord {
  return {
    questionId: r.question_id,
    lessonId: r.lesson_id,
    questionType: r.question_type,
    state: r.state as ReviewCardState,
    stability: r.stability,
    difficulty: r.difficulty,
    reps: r.reps,
    correct: r.correct,
    lapses: r.lapses,
    lastRating: r.last_rating as ReviewRating,
    lastReview: iso(r.last_review),
    due: iso(r.due),
    tags: r.tags ?? [],
    inErrorBook: r.in_error_book,
  };
}

/**
 * The cards due before `dueBefore`, soonest first (ties by question id), at most `limit`, and how many
 * are due in all. The count and the page are one statement over the `(user_id, due)` index.
 */
export async function readDueCards(
  db: Db,
  userId: string,
  dueBefore: Date,
  limit: number,
): Promise<{ count: number; cards: ReviewCardRecord[] }> {
  // The page's tags and error-book state by key, row by row (200 index lookups at most), rather than
  // a hash of the whole questions table.
  const result = await sql<CardRow & { total: number }>`${sql.raw(PREPARED)}
    with due as (
      select c.* from review_cards c
      where c.user_id = ${userId}::bigint and c.due < ${dueBefore.toISOString()}::timestamptz
    ),
    page as (
      select * from due order by due, question_id limit ${limit}::integer
    )
    select (select count(*)::integer from due) as total, p.user_id, p.question_id, p.lesson_id,
      p.question_type, p.state, p.stability, p.difficulty, p.reps, p.correct, p.lapses, p.last_rating,
      p.last_review, p.due,
      (select q.tags from questions q where q.id = p.question_id) as tags,
      coalesce((select e.is_active from error_questions e
        where e.user_id = p.user_id and e.question_id = p.question_id), false) as in_error_book
    from (select 1) one
    left join page p on true
    order by p.due, p.question_id
  `.execute(db);
  const rows = result.rows;
  const count = rows[0]?.total ?? 0;
  return { count, cards: rows.filter((r) => r.question_id !== null).map(toCard) };
}

/** Review cards (`c`) with their question's tags and whether they are open error-book items. */
const CARDS_WITH_TAGS = sql`
  select c.*, q.tags, coalesce(e.is_active, false) as in_error_book
  from review_cards c
  left join questions q on q.id = c.question_id
  left join error_questions e on e.user_id = c.user_id and e.question_id = c.question_id
`;

/**
 * The read of `readCardsOf` (non-empty `userIds`). The ids are a literal list, so the planner knows how
 * many learners it reads: from a json array it guessed a hundred, and then scanned every learner's
 * cards and error-book rows rather than look a few up by key (51.8 ms against 0.45 ms for one learner
 * among 3,000 with 40 cards each; tests/integration/review-reads.int.test.ts reads the plan).
 */
export function cardsOfQuery(userIds: readonly string[]) {
  return sql<CardRow>`
    ${CARDS_WITH_TAGS}
    where c.user_id in (${sql.join([...userIds])})
    order by c.user_id, c.due, c.question_id
  `;
}

/** Every card of the learners asked for, with tags and error-book state, by learner. */
export async function readCardsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, ReviewCardRecord[]>> {
  const byUser = new Map<string, ReviewCardRecord[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const result = await cardsOfQuery(userIds).execute(db);
  for (const row of result.rows) byUser.get(String(row.user_id))?.push(toCard(row));
  return byUser;
}

/** Every card of one learner (soonest due first). */
export async function readCards(db: Db, userId: string): Promise<ReviewCardRecord[]> {
  return (await readCardsOf(db, [userId])).get(userId) ?? [];
}

/**
 * What a learner's review cards are a version of: the checkpoint of their projection and the moment the
 * projector wrote it, or null before any projection. The projector writes `review_cards` and this row
 * in one statement, and a refold (rebuild, view-schema change) writes the row again at a new moment, so
 * the cards cannot change while this stays the same. One lookup by key.
 */
const PROJECTION_VERSION = sql<string | null>`(
  select p.checkpoint::text || '@' || extract(epoch from p.projected_at)::text
  from learner_projections p where p.user_id = learner.id
)`;

/** The version (see PROJECTION_VERSION) of one learner's review cards, or null before any projection. */
export async function readCardsVersion(db: Db, userId: string): Promise<string | null> {
  const result = await sql<{ version: string | null }>`${sql.raw(PREPARED)}
    select ${PROJECTION_VERSION} as version from (select ${userId}::bigint as id) learner
  `.execute(db);
  return result.rows[0]?.version ?? null;
}

/** What `readForecastCards` gives. */
export interface ForecastCardsRead {
  /** The version the cards are of (`readCardsVersion`). */
  version: string | null;
  /** The read's horizon: passed as `since`, the next read gives only the cards written after this one. */
  horizon: string;
  /** Every card of the learner (or, with `since`, the cards written since: `complete` false). */
  cards: ForecastCard[];
  complete: boolean;
  /** How many cards the learner has in all. */
  count: number;
}

/**
 * A horizon older than this many transactions is not used (a read gives every card): well within the
 * 2^31 over which Postgres's transaction ids wrap around.
 */
const HORIZON_MAX_AGE = 1_000_000_000;

/**
 * The cards of one learner as the forecast reads them (memory and times, no tags or error book), soonest
 * due first then by question id in code-unit order (the domain's `forecastOrder`), with the version
 * they are of, in one statement (one snapshot). The rows come as one JSON array of tuples, times in
 * epoch ms: thousands of rows parse faster so than as rows of dates.
 *
 * With `since` (the `horizon` of an earlier read) only the cards written after that read come (and
 * perhaps a few more): a row whose version's transaction id (`xmin`) is not older than the oldest
 * transaction still running at that read (`pg_current_snapshot`'s xmin), so no row the earlier read
 * could not see is missed. The projector writes only the cards an event moved, so after an answer this
 * is the answer's card. A card deleted since shows only in `count`.
 */
export async function readForecastCards(db: Db, userId: string, since?: string): Promise<ForecastCardsRead> {
  const result = await sql<{
    version: string | null;
    horizon: string;
    complete: boolean;
    count: number;
    cards: Array<[string, number, number, number, number, number]>;
  }>`${sql.raw(PREPARED)}
    select ${PROJECTION_VERSION} as version,
      (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text as horizon,
      learner.complete,
      (select count(*)::integer from review_cards c where c.user_id = learner.id) as count,
      coalesce((
        select json_agg(json_build_array(c.question_id, c.lesson_id, c.stability, c.difficulty,
            (extract(epoch from c.last_review) * 1000)::float8, (extract(epoch from c.due) * 1000)::float8)
          order by c.due, c.question_id collate "C")
        from review_cards c
        where c.user_id = learner.id and (learner.complete or age(c.xmin) <= age(learner.since::xid))
      ), '[]'::json) as cards
    from (
      select ${userId}::bigint as id, since,
        since is null or age(since::xid) > ${HORIZON_MAX_AGE}::integer as complete
      from (select ${since ?? null}::text as since) given
    ) learner
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('readForecastCards: no row');
  return {
    version: row.version,
    horizon: row.horizon,
    complete: row.complete,
    count: row.count,
    cards: row.cards.map(([questionId, lessonId, stability, difficulty, lastReviewMs, dueMs]) => ({
      questionId,
      lessonId,
      stability,
      difficulty,
      lastReviewMs,
      dueMs,
    })),
  };
}

/** The cards of some questions of one learner, by question id. */
export async function readCardsByQuestion(
  db: Db,
  userId: string,
  questionIds: readonly string[],
): Promise<Map<string, ReviewCardRecord>> {
  if (questionIds.length === 0) return new Map();
  const result = await sql<CardRow>`
    ${CARDS_WITH_TAGS}
    where c.user_id = ${userId}::bigint
      and c.question_id in (select value from jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb))
  `.execute(db);
  return new Map(result.rows.map((r) => [r.question_id, toCard(r)]));
}

/** The review settings of the learners asked for (absent: never projected with reviews). */
export async function readReviewSettingsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, ReviewSettingsRecord>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_settings')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.user_id),
      {
        userId: String(r.user_id),
        examDate: r.exam_date,
        examDateSource: r.exam_date_source as ExamDateSource | null,
        examYear: r.exam_year,
        targetRecall: r.target_recall,
        dailyGoal: r.daily_goal,
        guideCompleted: r.guide_completed,
        reviewedDay: r.reviewed_day,
        reviewedCount: r.reviewed_count,
      },
    ]),
  );
}

/** One learner's review settings, or null before any was projected. */
export async function readReviewSettings(db: Db, userId: string): Promise<ReviewSettingsRecord | null> {
  return (await readReviewSettingsOf(db, [userId])).get(userId) ?? null;
}

/** The knowledge tags of some questions, by id (`[]` for an untagged one). */
export async function readQuestionTags(
  db: Db,
  questionIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'tags'])
    .where('id', 'in', [...questionIds])
    .execute();
  return new Map(rows.map((r) => [r.id, (r.tags as string[] | null) ?? []]));
}

/** An admin's default exam date of an exam year. */
export interface ExamDateRecord {
  year: number;
  examDate: string;
  updatedAt: Date;
}

/** Every exam date an admin set, by year. */
export async function readExamDates(db: Db): Promise<ExamDateRecord[]> {
  const rows = await db.selectFrom('exam_dates').selectAll().orderBy('year').execute();
  return rows.map((r) => ({ year: r.year, examDate: r.exam_date, updatedAt: new Date(r.updated_at) }));
}

/** Sets (or replaces) an exam year's default date. */
export async function setExamDate(
  db: Db,
  year: number,
  examDate: string,
  by: string,
): Promise<ExamDateRecord> {
  const row = await db
    .insertInto('exam_dates')
    .values({ year, exam_date: examDate, updated_by: by, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet({ exam_date: examDate, updated_by: by, updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { year: row.year, examDate: row.exam_date, updatedAt: new Date(row.updated_at) };
}
