import type { ClassLearner } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { classCsv } from './classTable.ts';

const learner = (id: string): ClassLearner => ({
  id,
  username: `user${id}`,
  firstName: `學生${id}`,
  lastName: null,
  totalXP: 0,
  level: 1,
  streakDays: 0,
  completedLessons: 0,
  accuracy: null,
  lastActiveDate: null,
  weakestLesson: null,
  answersBeyondPace: 0,
  flagged: false,
  flags: [],
});

describe('the class CSV', () => {
  it('exports each learner’s status on each assignment in the class CSV', () => {
    const homework = {
      hideGlobalLeaderboard: false,
      assignments: [
        {
          id: 'a1',
          classId: '1',
          title: '師說 詞解',
          task: { kind: 'reviews' as const, count: 5 },
          description: '作答 5 題',
          dueAt: '2026-12-01T15:59:00.000Z',
          setAt: '2026-11-25T00:00:00.000Z',
          withdrawnAt: null,
        },
      ],
      learners: [
        {
          learnerId: '1',
          progress: { a1: { status: 'late' as const, done: 5, needed: 5, completedAt: null } },
        },
        {
          learnerId: '2',
          progress: { a1: { status: 'not_started' as const, done: 0, needed: 5, completedAt: null } },
        },
      ],
    };
    const csv = classCsv([learner('1'), learner('2')], homework);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.endsWith(',功課：師說 詞解')).toBe(true);
    expect(lines[1]!.endsWith(',遲交')).toBe(true);
    expect(lines[2]!.endsWith(',未開始')).toBe(true);
  });
});
