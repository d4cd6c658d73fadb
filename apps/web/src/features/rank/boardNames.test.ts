import type { LeaderboardEntry } from '@wenyan/contracts';
import { namesakeTag } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { boardNames } from './boardNames.ts';

const entry = (id: string, firstName: string, lastName: string, rank: number): LeaderboardEntry => ({
  id,
  firstName,
  lastName,
  email: null,
  profileImageUrl: null,
  schoolName: '皇仁書院',
  totalXP: 100 - rank,
  completedLessons: 1,
  averageAccuracy: 80,
  streakDays: 1,
  rank,
});

describe('the names on the board', () => {
  it('tags two learners of the same name, the viewer’s own place included, and no one else', () => {
    const top = [entry('7', '大文', '陳', 1), entry('8', '小明', '李', 2)];
    const me = { entry: entry('31', '大文', '陳', 14), rank: 14 };
    const names = boardNames({ top, me });
    expect(names.get('7')).toBe(`陳大文 #${namesakeTag('7')}`);
    expect(names.get('31')).toBe(`陳大文 #${namesakeTag('31')}`);
    expect(names.get('8')).toBe('李小明');
  });

  it('shows a learner in the top ten once, untagged, when they are also the viewer', () => {
    const top = [entry('7', '大文', '陳', 1)];
    expect(boardNames({ top, me: { entry: top[0]!, rank: 1 } }).get('7')).toBe('陳大文');
  });
});
