import { describe, expect, it } from 'vitest';
import { CLASS_ACCOUNTS_LIMIT, CreateClassAccountsBodySchema, parseStudentNames } from './classroom.ts';

describe('parseStudentNames', () => {
  it('takes one name a line from a pasted list, skipping blank lines and spaces', () => {
    expect(parseStudentNames('陳大文\r\n  李小明  \n\n黃美玲')).toEqual(['陳大文', '李小明', '黃美玲']);
  });

  it('takes the first column of a CSV, dropping a header, quotes and a byte-order mark', () => {
    expect(parseStudentNames('\uFEFF姓名,學號\n"陳, 大文",1\n李小明,2\n"say ""hi""",3')).toEqual([
      '陳, 大文',
      '李小明',
      'say "hi"',
    ]);
    expect(parseStudentNames('Name\tClass\nAmy\t5A')).toEqual(['Amy']);
  });

  it('keeps a first line that is a name, not a header', () => {
    expect(parseStudentNames('陳大文\n李小明')).toEqual(['陳大文', '李小明']);
  });
});

describe('CreateClassAccountsBodySchema', () => {
  it(`takes 1 to ${CLASS_ACCOUNTS_LIMIT} names of 1 to 50 characters`, () => {
    expect(CreateClassAccountsBodySchema.safeParse({ names: ['陳大文'] }).success).toBe(true);
    expect(CreateClassAccountsBodySchema.safeParse({ names: [] }).success).toBe(false);
    const many = Array.from({ length: CLASS_ACCOUNTS_LIMIT + 1 }, (_, i) => `學生${i}`);
    expect(CreateClassAccountsBodySchema.safeParse({ names: many }).success).toBe(false);
    expect(CreateClassAccountsBodySchema.safeParse({ names: ['文'.repeat(51)] }).success).toBe(false);
    expect(CreateClassAccountsBodySchema.safeParse({ names: ['a\u202Eb'] }).success).toBe(false);
    expect(CreateClassAccountsBodySchema.safeParse({ names: ['a\u0007b'] }).success).toBe(false);
  });
});
