import {
  projectLearner as fold,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerItems,
  type LearnerView,
  leaderboardEntry,
  upcast,
  withItems,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import {
  LEARNER_STREAM_PREFIX,
  LEARNER_STREAMS_LIKE,
  learnerStreamId,
  userIdOfStream,
} from './event-store.ts';
import { LEADERBOARD_REBUILD_LOCK, type LeaderboardIndex, type RankFigures } from './leaderboard.ts';
import type { Broadcast } from './ports.ts';
import { PREPARED } from './prepared.ts';
import {
  type LearnerChange,
  type LoggedEvent,
  PROJECTIONS,
  READ_MODEL_TABLES,
  type TableWrite,
} from './projections.ts';
import {
  cardItemsJson,
  type ErrorItemJson,
  errorItemsJson,
  itemsOfJson,
} from './read-models/learner-view.ts';

/** How many events one projection transaction folds at most (a long backlog takes several). */
const BATCH = 5000;

/** What projecting one learner did: events folded, and the checkpoint after. */
export interface ProjectionResult {
  applied: number;
  checkpoint: number;
}

export interface Projector {
  /** Folds the learner's events after their checkpoint into the read models, in one transaction. */
  projectLearner(userId: string): Promise<ProjectionResult>;
  /**
   * The same for several learners in one transaction (one statement of each kind): the batch path. A
   * learner whose events cannot be folded is left out of the result; the others are projected.
   */
  projectLearners(userIds: readonly string[]): Promise<Map<string, ProjectionResult>>;
  /** Learners whose stream is ahead of their checkpoint. */
  findBehind(limit: number): Promise<string[]>;
}

export interface ProjectorDeps {
  db: Db;
  broadcast: Broadcast;
  leaderboard: LeaderboardIndex;
  /** Next leaderboard version (monotonic across the deployment). */
  nextVersion: () => Promise<number>;
  /** Called after each commit that applied events (metrics). */
  onProjected?: (info: { userId: string; applied: number; lagMs: number | null }) => void;
  /**
   * A schema holding shadow copies of the read-model tables (the rebuild's, `rebuild.ts`): each batch's
   * transaction puts it first on the search path, so the read models are read and written there while
   * the log and the accounts are read from `public`. Absent: the live tables.
   */
  schema?: string;
}

/** A logged event as the domain's fold takes it (upcast to its newest shape). */
export function toDomain(e: LoggedEvent): LearnerEvent {
  return upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data });
}

function rankFigures(userId: string, view: LearnerView): RankFigures {
  const entry = leaderboardEntry(view);
  return {
    userId,
    totalXP: entry.totalXP,
    completedLessons: entry.completedLessons,
    averageAccuracy: entry.averageAccuracy,
  };
}

const sameRank = (a: RankFigures, b: RankFigures) =>
  a.totalXP === b.totalXP &&
  a.completedLessons === b.completedLessons &&
  a.averageAccuracy === b.averageAccuracy;

/** The batch statement's writes, from the registry, in its order. */
const WRITES = PROJECTIONS.flatMap((p) => p.writes);

/** One write of the batch statement as a data-modifying CTE over its JSON rows (`rows`). */
function cteOf(w: TableWrite, i: number, rows: string) {
  const populate = w.json ? 'json_populate_recordset' : 'jsonb_populate_recordset';
  const source = sql`${sql.raw(`${populate}(null::${w.table}, `)}${rows}${sql.raw(`::${w.json ? 'json' : 'jsonb'}) as x`)}`;
  const computed = Object.entries(w.computed ?? {}) as [string, string][];
  const columns = [...w.columns, ...computed.map(([c]) => c)];
  const values = [...w.columns.map((c) => `x.${c}`), ...computed.map(([, e]) => e)];
  const set = columns.filter((c) => !(w.key as readonly string[]).includes(c));
  const name = sql.raw(`w${i}`);
  if (w.mode === 'update-existing') {
    return sql`${name} as (update ${sql.raw(w.table)} t set ${sql.raw(set.map((c) => `${c} = ${values[columns.indexOf(c)]}`).join(', '))}
      from ${source} where ${sql.raw(w.key.map((k) => `t.${k} = x.${k}`).join(' and '))} returning 1)`;
  }
  const conflict =
    w.mode === 'insert-new'
      ? 'do nothing'
      : `do update set ${set.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  return sql`${name} as (insert into ${sql.raw(`${w.table} (${columns.join(', ')})`)}
    select ${sql.raw(values.join(', '))} from ${source}
    on conflict (${sql.raw(w.key.join(', '))}) ${sql.raw(conflict)} returning 1)`;
}

/**
 * Writes the read models of several learners in ONE statement (a data-modifying CTE per write of the
 * registry, over JSON rows): each learner's view and checkpoint and the rows that changed. One round
 * trip whatever the batch's size; the statement's text is the same for every batch.
 */
export async function writeReadModels(trx: Db, changes: readonly LearnerChange[]): Promise<void> {
  const ctes = WRITES.map((w, i) => cteOf(w, i, JSON.stringify(changes.flatMap((c) => w.rows(c)))));
  await sql`${sql.raw(PREPARED)} with ${sql.join(ctes, sql`, `)} select 1`.execute(trx);
}

/** An event as the batch read carries it inside its JSON array (`at`: epoch ms, with fractions). */
interface RawEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  at: number;
}

/** What the batch read gives for one learner. */
interface LearnerRead {
  userId: string;
  checkpoint: number | null;
  viewSchema: number | null;
  view: unknown;
  /** The stored items the new events touch (none when the view is refolded from the log). */
  items: LearnerItems;
  /** Opted out of the leaderboard (or erased): never written to the ranking index. */
  offBoard: boolean;
  events: LoggedEvent[];
}

/**
 * Each learner's projection row, the events after its checkpoint (at most `limit`) and the stored items
 * those events touch (the error-book and card rows of their question ids, by key; every card when an
 * exam date is among them), in one query.
 */
async function readBatch(trx: Db, userIds: readonly string[], limit: number): Promise<LearnerRead[]> {
  const result = await sql<{
    user_id: string;
    checkpoint: number | null;
    view_schema: number | null;
    view: unknown;
    off_board: boolean;
    events: RawEvent[];
    errors: Record<string, ErrorItemJson>;
    cards: LearnerItems['cards'];
  }>`${sql.raw(PREPARED)}
    with k as (select ${LEARNER_VIEW_VERSION}::integer as view_schema, ${limit}::integer as lim)
    select w.user_id, p.checkpoint, p.view_schema, p.view,
      coalesce((select u.leaderboard_opt_out from users u where u.id = w.user_id::bigint), false)
        as off_board,
      ev.events,
      (select ${errorItemsJson} from error_questions q
        where p.current and q.user_id = w.user_id::bigint and q.question_id = any(ev.question_ids)) as errors,
      (select ${cardItemsJson} from (
          select * from review_cards
          where not ev.replan and p.current and user_id = w.user_id::bigint
            and question_id = any(ev.question_ids)
          union all
          select * from review_cards where ev.replan and p.current and user_id = w.user_id::bigint
        ) c) as cards
    from k cross join json_array_elements_text(${JSON.stringify(userIds)}::json) as w(user_id)
    -- One primary-key lookup per learner of the batch. A plain join lets the planner, which guesses a
    -- hundred ids, hash the ids and scan every learner's projection: a cost that grew with the table
    -- (about 1 ms a batch at 2,000 learners, more as the views grow). The limit keeps the subquery
    -- from being flattened back into that join.
    left join lateral (
      select checkpoint, view_schema, view, view_schema = k.view_schema as current, last_event_at
      from learner_projections
      where user_id = w.user_id::bigint
      limit 1
    ) p on true
    -- The new events (from the start when the stored view is of another shape), the question ids they
    -- name (ids are never sealed) and whether an exam date among them plans every card again.
    cross join lateral (
      select coalesce(json_agg(json_build_object('version', e.version, 'type', e.type,
          'schemaVersion', e.schema_version, 'data', e.data,
          'at', extract(epoch from e.recorded_at) * 1000) order by e.version), '[]'::json) as events,
        coalesce(array_agg(distinct e.data->>'questionId') filter (where e.data ? 'questionId'),
          '{}'::text[]) as question_ids,
        coalesce(bool_or(e.type = 'ExamDateSet'), false) as replan
      from (
        select version, type, schema_version, data, recorded_at from events
        where stream_id = ${sql.lit(LEARNER_STREAM_PREFIX)} || w.user_id
          and version > case when p.current then p.checkpoint else 0 end
          -- The log is partitioned by month (migration 0023): a lower bound on the time lets the
          -- executor skip the months before the checkpointed event instead of probing each of them.
          -- A day's margin, because an event's time is its transaction's start, which can precede
          -- the time of the version before it by as long as a transaction lasts.
          and recorded_at >= case when p.current and p.last_event_at is not null
            then p.last_event_at - interval '1 day' else '-infinity'::timestamptz end
        order by version
        limit k.lim
      ) e
    ) ev
  `.execute(trx);
  // The events come nested in one JSON column: the key ring's plugin opened their sealed free text.
  return result.rows.map((r) => ({
    userId: r.user_id,
    checkpoint: r.checkpoint,
    viewSchema: r.view_schema,
    view: r.view,
    items: itemsOfJson(r.errors, r.cards),
    offBoard: r.off_board,
    events: r.events.map((e) => ({
      version: e.version,
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
      recordedAt: new Date(Math.floor(e.at)),
    })),
  }));
}

interface BatchOutcome {
  userId: string;
  applied: number;
  checkpoint: number;
  changed: RankFigures | null;
  lastAt: Date | null;
}

/**
 * The projector: folds the events after each learner's checkpoint with the domain's reducer and writes
 * the read models and the new checkpoints in one transaction, under per-learner advisory locks, so a job
 * run twice or beside itself never counts twice. Several learners share one transaction and one
 * statement of each kind (a batch), so the round trips per learner fall as the load grows.
 */
export function createProjector(deps: ProjectorDeps): Projector {
  const { db } = deps;
  if (deps.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(deps.schema)) {
    throw new Error(`not a schema name: ${deps.schema}`);
  }
  // Set in the lock statement, so a shadow batch costs no extra round trip (a prepared statement is
  // parsed again when the search path differs from its last use).
  const searchPath = deps.schema
    ? sql.raw(`select set_config('search_path', '${deps.schema}, public', true),`)
    : sql.raw('select');

  async function projectOnce(userIds: readonly string[]): Promise<BatchOutcome[]> {
    return db.transaction().execute(async (trx) => {
      // Locks in one order (by stream id), so two batches that share learners never deadlock.
      // The rebuild lock, shared, first: a rebuild of the Redis ranking waits for this batch and this
      // batch for the rebuild (healRedisLeaderboard).
      await sql`${sql.raw(PREPARED)}
        ${searchPath} pg_advisory_xact_lock_shared(${LEADERBOARD_REBUILD_LOCK}::bigint),
          (select count(pg_advisory_xact_lock(hashtext(s.id)))
           from (select id from json_array_elements_text(${JSON.stringify(userIds.map(learnerStreamId))}::json)
             as t(id) order by 1) s)
      `.execute(trx);
      const outcomes: BatchOutcome[] = [];
      const writes: LearnerChange[] = [];
      const ranks: RankFigures[] = [];
      const offBoard: string[] = [];
      for (const read of await readBatch(trx, userIds, BATCH)) {
        const current = read.viewSchema === LEARNER_VIEW_VERSION;
        const checkpoint = current ? (read.checkpoint ?? 0) : 0;
        if (read.events.length === 0) {
          outcomes.push({ userId: read.userId, applied: 0, checkpoint, changed: null, lastAt: null });
          continue;
        }
        // An older view shape: start this learner's read models again from the log.
        if (!current && read.viewSchema !== null) await clearLearner(trx, read.userId);
        // The stored core with the items the events touch: the fold's work is the batch's, not the history's.
        const before = current ? withItems(read.view as LearnerView, read.items) : initialLearnerView;
        const domainEvents = read.events.map(toDomain);
        const after = domainEvents.reduce(fold, before);
        writes.push({ userId: read.userId, before, after, events: read.events, domainEvents });
        const beforeRank = rankFigures(read.userId, before);
        const afterRank = rankFigures(read.userId, after);
        const changed =
          !sameRank(beforeRank, afterRank) || before.streakDays !== after.streakDays ? afterRank : null;
        if (changed && !read.offBoard) ranks.push(changed);
        // Off the board (opted out, or made a teacher or admin by `setRoles`): out of the ranking too.
        if (read.offBoard) offBoard.push(read.userId);
        const last = read.events[read.events.length - 1]!;
        outcomes.push({
          userId: read.userId,
          applied: read.events.length,
          checkpoint: last.version,
          changed,
          lastAt: last.recordedAt,
        });
      }
      if (writes.length > 0) await writeReadModels(trx, writes);
      // The sorted set moves before the commit: if Redis is away the transaction rolls back and the
      // job is retried, so the index never falls behind the tables.
      if (ranks.length > 0) await deps.leaderboard.update(ranks);
      if (offBoard.length > 0) await deps.leaderboard.remove(offBoard);
      return outcomes;
    });
  }

  /**
   * One batch; when it fails, each learner alone, so one learner whose events cannot be folded fails
   * only their own job (their result is missing) and never holds the others back. When every learner
   * fails alone too (the database is away), the first error is thrown.
   */
  async function projectEach(userIds: readonly string[]): Promise<BatchOutcome[]> {
    try {
      return await projectOnce(userIds);
    } catch (err) {
      if (userIds.length === 1) throw err;
      const outcomes: BatchOutcome[] = [];
      for (const userId of userIds) {
        outcomes.push(...(await projectOnce([userId]).catch(() => [])));
      }
      if (outcomes.length === 0) throw err;
      return outcomes;
    }
  }

  /** Projects the learners; a learner missing from the result could not be projected (see projectEach). */
  async function projectLearners(userIds: readonly string[]): Promise<Map<string, ProjectionResult>> {
    const results = new Map<string, ProjectionResult>();
    let todo = [...new Set(userIds)];
    while (todo.length > 0) {
      const outcomes = await projectEach(todo);
      const changed: BatchOutcome[] = [];
      for (const o of outcomes) {
        const earlier = results.get(o.userId);
        results.set(o.userId, { applied: (earlier?.applied ?? 0) + o.applied, checkpoint: o.checkpoint });
        if (o.applied > 0) {
          deps.onProjected?.({
            userId: o.userId,
            applied: o.applied,
            lagMs: o.lastAt ? Date.now() - o.lastAt.getTime() : null,
          });
        }
        if (o.changed) changed.push(o);
      }
      if (changed.length > 0) {
        const version = await deps.nextVersion();
        const oldest = Math.min(...changed.map((o) => o.lastAt?.getTime() ?? Date.now()));
        await deps.broadcast
          .publish({ version, userIds: changed.map((o) => o.userId), appendedAt: oldest })
          .catch(() => {});
      }
      // A long backlog: keep going until those learners are caught up.
      todo = outcomes.filter((o) => o.applied === BATCH).map((o) => o.userId);
    }
    return results;
  }

  return {
    projectLearners,
    async projectLearner(userId) {
      // Alone, a failure is thrown rather than left out of the result.
      return (await projectLearners([userId])).get(userId)!;
    },
    async findBehind(limit) {
      const rows = await db
        .selectFrom('streams')
        .leftJoin('learner_projections', (join) =>
          join.on(
            sql`learner_projections.user_id::text`,
            '=',
            sql`substr(streams.stream_id, ${sql.lit(LEARNER_STREAM_PREFIX.length + 1)})`,
          ),
        )
        .select('streams.stream_id')
        .where('streams.stream_id', 'like', LEARNER_STREAMS_LIKE)
        .where((eb) =>
          eb.or([
            eb('learner_projections.user_id', 'is', null),
            eb('learner_projections.checkpoint', '<', eb.ref('streams.version')),
            eb('learner_projections.view_schema', '<>', LEARNER_VIEW_VERSION),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => userIdOfStream(r.stream_id));
    },
  };
}

/** Removes one learner's read models (before refolding them from the log). */
export async function clearLearner(trx: Db, userId: string): Promise<void> {
  for (const table of READ_MODEL_TABLES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
}
