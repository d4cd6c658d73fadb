import { type Kysely, sql } from 'kysely';

/** Runs statements one by one: PGlite's driver takes one command per query. */
export async function run(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
