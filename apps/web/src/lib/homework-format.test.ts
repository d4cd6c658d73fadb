import { describe, expect, it } from 'vitest';
import { firstDue, hongKongFields, hongKongInstant, taskPath } from './homework-format.ts';

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
});
