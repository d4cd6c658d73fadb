/**
 * The API keeps no SQL: reads and writes of tables live in `@wenyan/store` (its repositories and
 * `read-models/`), and stored events are read only through the store and the upcasters. This scan
 * fails when a query, a raw SQL fragment, a Kysely import or a read of raw event JSON comes back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a Kysely import', pattern: /from\s+['"]kysely['"]/ },
  {
    what: 'a Kysely query',
    pattern: /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/,
  },
  { what: 'a table type helper', pattern: /\.withTables\s*</ },
  { what: 'raw SQL', pattern: /\bsql\s*(<[^>]*>)?\s*`/ },
  { what: 'a read of raw event JSON', pattern: /data\s*->>?/ },
  { what: 'a learner stream id spelled by hand', pattern: /['"`]learner-/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The forbidden things a source text contains, as "what (line n)". */
export function violations(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `${f.what} (line ${i + 1})`),
    );
}

describe('apps/api holds no SQL', () => {
  it('finds each forbidden thing in a sample (the scan works)', () => {
    expect(violations("import { sql } from 'kysely';")).toEqual(['a Kysely import (line 1)']);
    expect(violations("await db.selectFrom('events').selectAll()")).toEqual(['a Kysely query (line 1)']);
    expect(violations('const r = await sql<{ n: number }>`select 1`')).toEqual(['raw SQL (line 1)']);
    expect(violations("where(sql`(data->>'isCorrect')`)")).toEqual([
      'raw SQL (line 1)',
      'a read of raw event JSON (line 1)',
    ]);
    expect(violations("const id = 'learner-' + user.id;")).toEqual([
      'a learner stream id spelled by hand (line 1)',
    ]);
    expect(violations('return readLessonStats(db, userId);')).toEqual([]);
  });

  it('has none in any source file', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      violations(readFileSync(file, 'utf8')).map((v) => `${relative(SRC, file)}: ${v}`),
    );
    expect(found).toEqual([]);
  });
});
