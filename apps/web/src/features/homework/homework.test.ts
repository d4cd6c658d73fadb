import type { ClassLearner } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { classCsv } from '../teacher/classTable.ts';
import { firstDue, hongKongFields, hongKongInstant, taskPath } from './homework.ts';

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

describe('homework in the client', () => {
  it('reads and writes due times in Hong Kong time', () => {
    expect(hongKongInstant('2026-12-01', '23:59')).toBe('2026-12-01T23:59:00+08:00');
    expect(hongKongFields('2026-12-01T15:59:00.000Z')).toEqual({ date: '2026-12-01', time: '23:59' });
    expect(hongKongFields('2026-12-01T16:00:00.000Z')).toEqual({ date: '2026-12-02', time: '00:00' });
  });

  it('sends the learner to where each kind of work is done', () => {
    expect(taskPath({ kind: 'practice', lessonId: 3, nodeType: 'sentence_translation' })).toBe(
      '/lesson/3/sentence_translation/roadmap',
    );
    expect(taskPath({ kind: 'recitation', lessonId: 3, start: 0, end: 20 })).toBe('/memorization');
  });

  it('shows first the open work due first, skipping finished work', () => {
    const items = [
      { dueAt: '2026-12-01T00:00:00Z', progress: { completedAt: '2026-11-30T00:00:00Z' } },
      { dueAt: '2026-12-02T00:00:00Z', progress: { completedAt: null } },
    ];
    expect(firstDue(items)).toBe(items[1]);
  });

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
