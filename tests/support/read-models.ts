/**
 * The read models of a test's (or a bench's) own database: a projector of the process's own, a full
 * rebuild through it, and every read-model table's rows in key order to compare one state with another.
 */
import {
  createLocalBroadcast,
  createProjector,
  type Db,
  LEARNER_STREAMS_LIKE,
  type LeaderboardIndex,
  type Projector,
  READ_MODEL_TABLES,
  rebuildProjections,
  sqlLeaderboard,
} from '@wenyan/store';
import { sql } from 'kysely';

/** A projector of `db` and its SQL leaderboard, as a process without Redis makes them (`npm run rebuild`). */
export function localProjection(db: Db): { projector: Projector; leaderboard: LeaderboardIndex } {
  const leaderboard = sqlLeaderboard(db);
  const projector = createProjector({
    db,
    broadcast: createLocalBroadcast(),
    leaderboard,
    nextVersion: async () => 0,
  });
  return { projector, leaderboard };
}

/** Rebuilds every read model of `db` from the event log with a `localProjection`. */
export function rebuildReadModels(db: Db) {
  const { projector, leaderboard } = localProjection(db);
  return rebuildProjections(db, projector, leaderboard);
}

/** Each read-model table's key, the order its rows are compared in. */
const ORDER: Record<(typeof READ_MODEL_TABLES)[number], string> = {
  learner_projections: 'user_id',
  user_totals: 'user_id',
  user_lesson_stats: 'user_id, lesson_id',
  completed_activities: 'user_id, lesson_id, activity_type',
  error_questions: 'user_id, question_id',
  vocabulary_records: 'user_id, seq',
  review_cards: 'user_id, question_id',
  review_settings: 'user_id',
  pending_answers: 'user_id, answer_version',
};
/** Columns that record when a row was written, not what it says. */
const VOLATILE = new Set(['projected_at', 'updated_at']);

/** Every read-model table, rows in key order, without the write times. */
export async function readModelRows(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODEL_TABLES) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select * from ${table} order by ${ORDER[table]}`)
      .execute(db);
    out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !VOLATILE.has(k))));
  }
  return out;
}

/**
 * The projection's backlog in `db`: the events appended beyond each learner's checkpoint, and the
 * learners who have any (a learner never projected counts from 0).
 */
export async function projectionBacklog(db: Db): Promise<{ events: number; learners: number }> {
  const row = await db
    .selectFrom('streams')
    .leftJoin('learner_projections', (j) =>
      j.on((eb) =>
        eb(
          eb.cast('learner_projections.user_id', 'text'),
          '=',
          eb.fn('substr', ['streams.stream_id', eb.lit(9)]),
        ),
      ),
    )
    .select((eb) => {
      const checkpoint = eb.fn.coalesce('learner_projections.checkpoint', eb.lit(0));
      return [
        eb.fn.coalesce(eb.fn.sum<string>(eb('streams.version', '-', checkpoint)), eb.lit(0)).as('events'),
        eb.fn
          .countAll<string>()
          .filterWhere(eb('streams.version', '>', checkpoint))
          .as('learners'),
      ];
    })
    .where('streams.stream_id', 'like', LEARNER_STREAMS_LIKE)
    .executeTakeFirstOrThrow();
  return { events: Number(row.events), learners: Number(row.learners) };
}
