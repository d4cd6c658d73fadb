import type { Kysely } from 'kysely';

/** Classes, their join codes and memberships (filled in by the teacher issue). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
