/** The system's own figures: the admin status page, the metrics scrape and the health check. */
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { LEARNER_STREAM_PREFIX, LEARNER_STREAMS_LIKE } from '../event-store.ts';

/** True when the database answers. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  return sql`select 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
}

/** Papers, lessons and learner streams (a learner with at least one event), counted. */
export async function contentAndLearnerCounts(
  db: Db,
): Promise<{ papers: number; lessons: number; learners: number }> {
  const count = async (table: 'dse_papers' | 'lessons' | 'streams') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [papers, lessons, learners] = await Promise.all([
    count('dse_papers'),
    count('lessons'),
    count('streams'),
  ]);
  return { papers, lessons, learners };
}

/** The age in seconds of the oldest event not yet folded into the read models (0 when none waits). */
export async function projectionLagSeconds(db: Db): Promise<number> {
  const { rows } = await sql<{ lag: number | null }>`
    select extract(epoch from (now() - min(e.recorded_at)))::float8 as lag
    from streams s
    left join learner_projections p on p.user_id::text = substr(s.stream_id, ${sql.lit(LEARNER_STREAM_PREFIX.length + 1)})
    join events e on e.stream_id = s.stream_id and e.version = coalesce(p.checkpoint, 0) + 1
    where s.version > coalesce(p.checkpoint, 0) and s.stream_id like ${LEARNER_STREAMS_LIKE}
  `.execute(db);
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}

/** The sum of a counter column over its table (0 for an empty table). */
async function total(db: Db, table: 'learner_projections', column: 'checkpoint') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>(column), eb.lit(0)).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Events folded into the read models (the sum of the learners' checkpoints). */
export const eventsProjected = (db: Db): Promise<number> => total(db, 'learner_projections', 'checkpoint');

/**
 * Events of the learner streams in the log (the sum of their versions: no count over the events
 * table). Class streams (homework) are not projected, so they are left out of the comparison with
 * the projected events.
 */
export async function eventsInLog(db: Db): Promise<number> {
  const row = await db
    .selectFrom('streams')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('version'), eb.lit(0)).as('n'))
    .where('stream_id', 'like', LEARNER_STREAMS_LIKE)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
