import type { Kysely } from 'kysely';
import { run } from './run.ts';

/**
 * Marking by scoring points: a free-text question's marking scheme (its 得分點, `{ points: [...] }`,
 * see content/README.md) and a long paper question's 評分準則 levels, stored with the question. The
 * content import fills and refreshes both from the content package.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table questions add column marking jsonb
    `,
    `
    alter table questions add column rubric jsonb
    `,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `
    alter table questions drop column rubric
    `,
    `
    alter table questions drop column marking
    `,
  ]);
}
