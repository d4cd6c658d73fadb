/**
 * Issue 38: the registry of projections is the one list of read models. Every table of the database is
 * classified; the read-model ones are exactly the registry's; each is keyed by `user_id` first; the
 * data export gives every registered table and the contract's list, with the settings screen's labels.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_TABLE_NAMES } from '@wenyan/contracts';
import {
  createLocalBroadcast,
  createProjector,
  EXPORT_TABLE_LABELS,
  EXPORT_TABLES,
  exportLearnerData,
  PROJECTIONS,
  READ_MODEL_EXPORTS,
  READ_MODEL_TABLES,
  sqlLeaderboard,
  TABLE_KINDS,
} from '@wenyan/store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generateHistory, insertLearner, loadBank } from '../support/history.ts';
import { useTestDatabase } from '../support/test-db.ts';

describe('the registry of projections', () => {
  const database = useTestDatabase();

  it('classifies every table of the database, and its read models are exactly the registry’s', async () => {
    // Tables and partitioned tables, not their partitions (the event log's months, migration 0023).
    const { rows } = await sql<{ table_name: string }>`
      select c.relname as table_name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname not like 'kysely_%'
      order by 1`.execute(database.handle.db);
    const kinds = TABLE_KINDS as Record<string, string>;
    expect(rows.map((r) => r.table_name).filter((t) => !(t in kinds))).toEqual([]);
    const readModels = Object.keys(kinds).filter((t) => kinds[t] === 'read-model');
    expect([...READ_MODEL_TABLES].sort()).toEqual(readModels.sort());
  });

  it('keys every registered table by user_id first, and writes only its own tables', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, a.attname as column_name
      from information_schema.table_constraints c
      join pg_index i on i.indrelid = (quote_ident(c.table_name))::regclass and i.indisprimary
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where c.table_schema = 'public' and c.constraint_type = 'PRIMARY KEY'`.execute(database.handle.db);
    const firstKey = new Map(rows.map((r) => [r.table_name, r.column_name]));
    for (const table of READ_MODEL_TABLES) expect(firstKey.get(table), table).toBe('user_id');
    for (const p of PROJECTIONS) {
      for (const w of p.writes) {
        expect(Object.keys(p.tables), p.name).toContain(w.table);
        expect(w.key[0], p.name).toBe('user_id');
      }
    }
  });

  it('exports every registered table, as the contract and the settings screen list them', async () => {
    const db = database.handle.db;
    const userId = await insertLearner(db, 'registry_export');
    await generateHistory(db, userId, {
      seed: 3,
      actions: 30,
      days: 5,
      start: new Date('2026-09-01T01:00:00Z'),
      bank: await loadBank(db),
    });
    await createProjector({
      db,
      broadcast: createLocalBroadcast(),
      leaderboard: sqlLeaderboard(db),
      nextVersion: async () => 0,
    }).projectLearner(userId);
    const data = await exportLearnerData(db, userId);
    expect(Object.keys(data.tables)).toEqual([...EXPORT_TABLE_NAMES]);
    expect([...EXPORT_TABLES]).toEqual([...EXPORT_TABLE_NAMES]);
    // Every registered table is in the export: as a table of it, as its totals or as its view.
    for (const p of PROJECTIONS) {
      for (const [table, part] of Object.entries(p.tables)) {
        if (part.as === 'table') expect(data.tables, table).toHaveProperty(part.name);
        if (part.as === 'totals') expect(data.totals).toMatchObject({ user_id: userId });
        if (part.as === 'view') expect(data.view).not.toBeNull();
      }
    }
    expect(data.tables.lesson_stats!.length).toBeGreaterThan(0);
    expect(READ_MODEL_EXPORTS.length).toBeGreaterThan(0);
    // The settings screen's labels (apps/web keeps its own copy) are the registry's.
    const web = readFileSync(
      path.join(import.meta.dirname, '../../apps/web/src/features/settings/queries.ts'),
      'utf8',
    );
    const labels = Object.fromEntries([...web.matchAll(/^\s+(\w+): '([^']+)',$/gm)].map((m) => [m[1], m[2]]));
    for (const name of EXPORT_TABLE_NAMES) expect(labels[name], name).toBe(EXPORT_TABLE_LABELS[name]);
  });
});
