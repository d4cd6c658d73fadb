/**
 * Issue 41: the scaled-down year a load run puts in the log before k6 (`npm run load -- spike
 * YEAR_EVENTS=…`, load/lib/year.ts). With accounts, each synthetic learner is a user whose stream the
 * worker finds behind and projects, as a district's learners would be; without, the streams have no
 * account and only the statements on the log see them (`bench:partitions`).
 */
import { createLocalBroadcast, createProjector, sqlLeaderboard } from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillYear, seedRealHistories } from '../../load/lib/year.ts';
import { useTestDatabase } from '../support/test-db.ts';

describe('a scaled-down year in the log', () => {
  const database = useTestDatabase();
  beforeAll(async () => {
    await seedRealHistories(database.handle.db, 2, true);
  });

  it('gives each synthetic learner an account whose stream the worker finds behind and projects', async () => {
    const db = database.handle.db;
    const raw = db.withoutPlugins() as Kysely<unknown>;
    const { perLearner } = await fillYear(db, { events: 120, learners: 3, accounts: true });
    expect(perLearner).toBe(40);

    const { rows } = await sql<{ username: string; events: number; version: number }>`
      select u.username, count(e.*)::integer as events, max(s.version)::integer as version
      from users u join streams s on s.stream_id = 'learner-' || u.id
      left join events e on e.stream_id = s.stream_id
      where u.username like 'year\\_%' group by u.username order by u.username`.execute(raw);
    expect(rows).toEqual([
      { username: 'year_1', events: 40, version: 40 },
      { username: 'year_2', events: 40, version: 40 },
      { username: 'year_3', events: 40, version: 40 },
    ]);
    const { rows: months } = await sql<{ months: number }>`
      select count(distinct date_trunc('month', recorded_at))::integer as months from events e
      join users u on e.stream_id = 'learner-' || u.id where u.username like 'year\\_%'`.execute(raw);
    expect(months[0]?.months).toBeGreaterThanOrEqual(12);

    const projector = createProjector({
      db,
      broadcast: createLocalBroadcast(),
      leaderboard: sqlLeaderboard(db),
      nextVersion: async () => 0,
    });
    const behind = await projector.findBehind(100);
    const yearIds = (
      await sql<{ id: string }>`select id::text from users where username like 'year\\_%'`.execute(raw)
    ).rows.map((r) => r.id);
    expect(behind).toEqual(expect.arrayContaining(yearIds));
    const projected = await projector.projectLearners(yearIds);
    expect(yearIds.map((id) => projected.get(id)?.checkpoint)).toEqual([40, 40, 40]);
    expect(await projector.findBehind(100)).not.toEqual(expect.arrayContaining([yearIds[0]]));
  });

  it('without accounts, leaves streams no account holds (the log alone)', async () => {
    const db = database.handle.db;
    const raw = db.withoutPlugins() as Kysely<unknown>;
    await fillYear(db, { events: 80, learners: 2, partitioned: false });
    const { rows } = await sql<{ streams: number; events: number }>`
      select count(distinct s.stream_id)::integer as streams, count(e.*)::integer as events from streams s
      join events e on e.stream_id = s.stream_id
      where s.stream_id in ('learner-900000001', 'learner-900000002')`.execute(raw);
    expect(rows[0]).toEqual({ streams: 2, events: 80 });
  });
});
