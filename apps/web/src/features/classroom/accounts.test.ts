import { describe, expect, it } from 'vitest';
import { learnerLabel } from '../../lib/teacher-format.ts';
import { duplicateLabel, duplicateNames } from './accounts.ts';

describe('class accounts: duplicate names', () => {
  it('warns of a name pasted twice and of a name already in the class, and of nothing else', () => {
    const found = duplicateNames(['陳大文', '李小明', '陳 大文', '黃美玲'], ['黃美玲', '何志明']);
    expect(found).toEqual([
      { name: '陳大文', pasted: 2, inClass: false },
      { name: '黃美玲', pasted: 1, inClass: true },
    ]);
    expect(found.map(duplicateLabel)).toEqual(['「陳大文」名單中出現 2 次', '「黃美玲」班內已有同名學生']);
    expect(duplicateNames(['陳大文', '李小明'], ['何志明'])).toEqual([]);
    expect(duplicateLabel({ name: '陳大文', pasted: 2, inClass: true })).toBe(
      '「陳大文」名單中出現 2 次，班內已有同名學生',
    );
  });

  it('shows the username beside a name only when two learners share it', () => {
    const a = { firstName: '大文', lastName: '陳', username: 'c7-01' };
    const b = { firstName: '大文', lastName: '陳', username: 'c7-02' };
    const c = { firstName: '小明', lastName: '李', username: 'c7-03' };
    expect(learnerLabel(a, [a, b, c])).toBe('陳大文（c7-01）');
    expect(learnerLabel(b, [a, b, c])).toBe('陳大文（c7-02）');
    expect(learnerLabel(c, [a, b, c])).toBe('李小明');
  });

  it('counts a name written in Simplified characters as the same name', () => {
    const a = { firstName: '大文', lastName: '陳', username: 'c7-01' };
    const b = { firstName: '大文', lastName: '陈', username: 'c7-02' };
    expect(learnerLabel(a, [a, b])).toBe('陳大文（c7-01）');
    expect(learnerLabel(b, [a, b])).toBe('陈大文（c7-02）');
  });
});
