/**
 * Issue 38: a command reads its parts by key, so the read does not grow with the stream's parts. The
 * count is the transaction's own (`pg_stat_get_xact_tuples_returned` of the parts' key index, this
 * backend only): the index entries the read went through, whatever else runs on the server. The read
 * once hash-joined its keys against every part of the stream (5,000 entries here).
 */
import { readHeadAndParts } from '@wenyan/store';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/test-db.ts';

describe("a command's read of its parts", () => {
  const database = useTestDatabase();
  beforeAll(async () => {
    const raw = database.handle.db.withoutPlugins() as Kysely<unknown>;
    // Four long histories among many short ones, as a school's streams are.
    await sql`insert into streams (stream_id, version, snapshot, snapshot_schema)
      select 'learner-parts-' || i, 1, '{}'::json, 7 from generate_series(1, 200) i`.execute(raw);
    await sql`insert into stream_parts (stream_id, key, schema, value)
      select 'learner-parts-' || i, 'q:' || k, 7, json_build_object('k', k, 'card', repeat('x', 150))
      from generate_series(1, 4) i, generate_series(1, 5000) k`.execute(raw);
    await sql`insert into stream_parts (stream_id, key, schema, value)
      select 'learner-parts-' || i, 'q:' || k, 7, json_build_object('k', k)
      from generate_series(5, 200) i, generate_series(1, 10) k`.execute(raw);
    await sql`analyze stream_parts`.execute(raw);
  });

  it('fetches only the rows of the keys it names, among 5,000 parts', async () => {
    const { row, fetched } = await database.handle.db.transaction().execute(async (trx) => {
      const row = await readHeadAndParts(trx, 'learner-parts-1', undefined, ['q:17', 'q:2999', 'n:3:quiz']);
      const { rows } = await sql<{ n: string }>`
        select pg_stat_get_xact_tuples_returned('stream_parts_pkey'::regclass)::text as n`.execute(trx);
      return { row, fetched: Number(rows[0]!.n) };
    });
    expect(Object.keys(row.parts ?? {}).sort()).toEqual(['q:17', 'q:2999']);
    expect(fetched).toBeLessThanOrEqual(3);
  });

  it('leaves the snapshot out when the caller holds the state at the head, and only then', async () => {
    const db = database.handle.db;
    const held = await readHeadAndParts(db, 'learner-parts-2', undefined, ['q:5'], 1);
    expect(held).toMatchObject({ version: 1, snapshot: null, snapshot_schema: 7 });
    expect(Object.keys(held.parts ?? {})).toEqual(['q:5']);
    // Held at another version (the stream moved on): the snapshot comes, as without one.
    const behind = await readHeadAndParts(db, 'learner-parts-2', undefined, ['q:5'], 0);
    expect(behind).toMatchObject({ version: 1, snapshot: {}, snapshot_schema: 7 });
    expect(await readHeadAndParts(db, 'learner-parts-2', undefined, ['q:5'])).toMatchObject({ snapshot: {} });
  });
});
