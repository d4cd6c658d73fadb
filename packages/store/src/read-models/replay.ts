/**
 * The replay's database reads: a learner's stream by version range, the version a moment falls on,
 * the events a filtered page shows, and the replay snapshots (migration 0003) that let a fold start
 * near the version asked for instead of at the beginning.
 */
import type { LearnerFold, LearnerView } from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from '../db.ts';

/** An event as the replay needs it: no metadata, the time it was decided at. */
export interface ReplayRow {
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  recordedAt: Date;
}

/** The time of the event: when the server decided it (`data.at`), else when it was stored. */
export const eventTime = (row: ReplayRow): string =>
  typeof row.data.at === 'string' ? row.data.at : row.recordedAt.toISOString();

const columns = ['version', 'type', 'schema_version', 'data', 'recorded_at'] as const;

function toRow(r: {
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  recorded_at: Date;
}): ReplayRow {
  return {
    version: r.version,
    type: r.type,
    schemaVersion: r.schema_version,
    data: r.data,
    recordedAt: new Date(r.recorded_at),
  };
}

/** A learner's events with afterVersion < version ≤ toVersion, in stream order (at most `limit`). */
export async function readRange(
  db: Db,
  streamId: string,
  afterVersion: number,
  toVersion: number,
  limit: number,
): Promise<ReplayRow[]> {
  const rows = await db
    .selectFrom('events')
    .select(columns)
    .where('stream_id', '=', streamId)
    .where('version', '>', afterVersion)
    .where('version', '<=', toVersion)
    .orderBy('version')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** The stream's current version (0 for a learner with no events). */
export async function streamVersion(db: Db, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('streams')
    .select('version')
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** The last version whose event happened at or before `iso` (0 when none did). */
export async function versionAtTime(db: Db, streamId: string, iso: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('stream_id', '=', streamId)
    .where(sql<string>`data->>'at'`, '<=', iso)
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

/** The events of a page: after a version, of some types, within a time range; `limit` of them at most. */
export async function findEvents(
  db: Db,
  streamId: string,
  filter: {
    after: number;
    types?: readonly string[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  limit: number,
): Promise<ReplayRow[]> {
  let query = db
    .selectFrom('events')
    .select(columns)
    .where('stream_id', '=', streamId)
    .where('version', '>', filter.after);
  if (filter.types && filter.types.length > 0) query = query.where('type', 'in', filter.types);
  if (filter.from) query = query.where(sql<string>`data->>'at'`, '>=', filter.from);
  if (filter.to) query = query.where(sql<string>`data->>'at'`, '<=', filter.to);
  const rows = await query.orderBy('version').limit(limit).execute();
  return rows.map(toRow);
}

/**
 * The newest snapshot at or before `version` for this view shape, or null. `part: 'core'` reads its
 * core alone (the error book and the cards are dropped in the database, the stored json read as
 * jsonb for it): a `LearnerView`, not a fold.
 */
export async function nearestSnapshot<P extends 'all' | 'core' = 'all'>(
  db: Db,
  userId: string,
  viewSchema: number,
  version: number,
  part: P = 'all' as P,
): Promise<{ version: number; at: string | null; view: P extends 'all' ? LearnerFold : LearnerView } | null> {
  const row = await db
    .selectFrom('learner_replay_snapshots')
    .select([
      'version',
      'at',
      part === 'all' ? 'view' : sql<unknown>`(view::jsonb - 'errorBook') #- '{reviews,cards}'`.as('view'),
    ])
    .where('user_id', '=', userId)
    .where('view_schema', '=', viewSchema)
    .where('version', '<=', version)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { version: row.version, at: row.at, view: row.view as P extends 'all' ? LearnerFold : LearnerView }
    : null;
}

/** Stores snapshots; one already stored at a version is kept (it is the same fold of the same events). */
export async function saveSnapshots(
  db: Db,
  userId: string,
  viewSchema: number,
  snapshots: ReadonlyArray<{ version: number; at: string | null; view: LearnerFold }>,
): Promise<void> {
  if (snapshots.length === 0) return;
  await db
    .insertInto('learner_replay_snapshots')
    .values(
      snapshots.map((s) => ({
        user_id: userId,
        version: s.version,
        view_schema: viewSchema,
        at: s.at,
        view: JSON.stringify(s.view),
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'view_schema', 'version']).doNothing())
    .execute();
}
