import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

export { migrations };

/** Brings the database to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
