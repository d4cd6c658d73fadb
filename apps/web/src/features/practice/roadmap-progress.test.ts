import { describe, expect, it } from 'vitest';
import { roadmapProgress } from './roadmap-progress.ts';

const results = {
  unitCompleted: false,
  nodes: [
    { type: 'word_interpretation' as const, completed: true, bestScore: 100, requiredScore: 80 },
    { type: 'sentence_translation' as const, completed: false, bestScore: 60, requiredScore: 80 },
    { type: 'theme_understanding' as const, completed: false, bestScore: 0, requiredScore: 80 },
  ],
};

describe('the type roadmap shows progress and what is left', () => {
  it('tells a completed node from a started and a new one', () => {
    expect(roadmapProgress(results, 'word_interpretation')).toMatchObject({
      state: 'done',
      label: '已完成（最佳 100%）',
    });
    expect(roadmapProgress(results, 'sentence_translation')).toMatchObject({
      state: 'started',
      label: '最佳 60%，需 80% 才完成',
    });
    expect(roadmapProgress(results, 'theme_understanding')).toMatchObject({
      state: 'new',
      label: '未開始：答對 80% 即完成',
    });
  });

  it('counts the completed nodes of the lesson', () => {
    expect(roadmapProgress(results, 'theme_understanding')).toMatchObject({
      completed: 1,
      total: 3,
      lessonLabel: '本課已完成 1 / 3 個題型',
    });
    expect(roadmapProgress(undefined, 'word_interpretation')).toMatchObject({
      state: 'new',
      completed: 0,
      total: 0,
    });
  });
});
