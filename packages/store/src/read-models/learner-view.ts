/**
 * The learner view: the projected core at its checkpoint, the items (error-book records, review cards)
 * asked for by question id, and any events after the checkpoint folded over both, so a read right
 * after a write sees the write even before the projector ran.
 */
import {
  type ErrorRecordView,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerFold,
  type LearnerItems,
  type LearnerView,
  type MasteredBy,
  projectLearner,
  upcast,
  withItems,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { learnerStreamId, readStream } from '../event-store.ts';

const PAGE = 2000;

/** An `error_questions` row as the item reads give it (times as epoch ms). */
export interface ErrorItemJson {
  attemptCount: number;
  incorrectAnswer: string | null;
  correctAnswer: string | null;
  userExplanation: string | null;
  isActive: boolean;
  masteredAt: number | null;
  masteredBy: MasteredBy | null;
  firstErrorAt: number;
  lastAttemptAt: number;
}

const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

/** The `error_questions` rows of a query (as `q`) as one JSON object by question id: `ErrorItemJson`s. */
export const errorItemsJson = sql`coalesce(json_object_agg(q.question_id, json_build_object(
    'attemptCount', q.attempt_count, 'incorrectAnswer', q.incorrect_answer,
    'correctAnswer', q.correct_answer, 'userExplanation', q.user_explanation, 'isActive', q.is_active,
    'masteredAt', ${ms('q.mastered_at')}, 'masteredBy', q.mastered_by, 'firstErrorAt', ${ms('q.first_error_at')},
    'lastAttemptAt', ${ms('q.last_attempt_at')})), '{}'::json)`;

/** The `review_cards` rows of a query (as `c`) as one JSON object by question id: the view's `StoredCard`s. */
export const cardItemsJson = sql`coalesce(json_object_agg(c.question_id, json_build_array(
    c.lesson_id, c.question_type, c.state, c.stability, c.difficulty, c.reps, c.correct, c.lapses,
    c.last_rating, ${ms('c.last_review')}, ${ms('c.due')})), '{}'::json)`;

const iso = (at: number) => new Date(Number(at)).toISOString();

/** The items the item reads gave, as the view holds them. */
export function itemsOfJson(
  errors: Readonly<Record<string, ErrorItemJson>>,
  cards: LearnerItems['cards'],
): LearnerItems {
  const errorBook: Record<string, ErrorRecordView> = {};
  for (const [questionId, r] of Object.entries(errors)) {
    errorBook[questionId] = {
      questionId,
      attemptCount: r.attemptCount,
      // Null only once the learner was erased (privacy-repo empties the text), as the stored view had it.
      incorrectAnswer: r.incorrectAnswer as string,
      correctAnswer: r.correctAnswer as string,
      userExplanation: r.userExplanation,
      isActive: r.isActive,
      masteredAt: r.masteredAt === null ? null : iso(r.masteredAt),
      masteredBy: r.masteredBy,
      firstErrorAt: iso(r.firstErrorAt),
      lastAttemptAt: iso(r.lastAttemptAt),
    };
  }
  return { errorBook, cards };
}

/**
 * The learner's current view and the stream version it reflects. The view holds the items of
 * `questionIds` (their error-book record and card, when they have one) and those the events after the
 * checkpoint made; no other item. The core, the items and the checkpoint are read in one statement, so
 * they are of the same projection.
 */
export async function readLearnerView(
  db: Db,
  userId: string,
  questionIds: readonly string[] = [],
): Promise<{ view: LearnerFold; version: number }> {
  const { rows } = await sql<{
    view: unknown;
    checkpoint: number;
    errors: Record<string, ErrorItemJson>;
    cards: LearnerItems['cards'];
  }>`
    select p.view, p.checkpoint,
      (select ${errorItemsJson} from error_questions q
        where q.user_id = p.user_id and q.question_id = any(${[...questionIds]}::text[])) as errors,
      (select ${cardItemsJson} from review_cards c
        where c.user_id = p.user_id and c.question_id = any(${[...questionIds]}::text[])) as cards
    from learner_projections p
    where p.user_id = ${userId} and p.view_schema = ${LEARNER_VIEW_VERSION}::integer
  `.execute(db);
  const row = rows[0];
  let view = row
    ? withItems(row.view as LearnerView, itemsOfJson(row.errors, row.cards))
    : initialLearnerView;
  let version = row ? row.checkpoint : 0;
  for (;;) {
    const page = await readStream(db, learnerStreamId(userId), { afterVersion: version, limit: PAGE });
    for (const e of page) {
      view = projectLearner(view, upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }));
      version = e.version;
    }
    if (page.length < PAGE) break;
  }
  return { view, version };
}
