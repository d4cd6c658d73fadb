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

const TYPES = ['word_interpretation', 'sentence_translation', 'theme_understanding', 'writing_techniques'];

describe('the type roadmap shows progress and what is left', () => {
  it('tells a completed node from a started and a new one', () => {
    expect(roadmapProgress(results, 'word_interpretation', TYPES)).toMatchObject({
      state: 'done',
      label: '已完成（最佳 100%）',
    });
    expect(roadmapProgress(results, 'sentence_translation', TYPES)).toMatchObject({
      state: 'started',
      label: '最佳 60%，需 80% 才完成',
    });
    expect(roadmapProgress(results, 'theme_understanding', TYPES)).toMatchObject({
      state: 'new',
      label: '未開始：答對 80% 即完成',
    });
  });

  it('counts the completed nodes of the lesson', () => {
    expect(roadmapProgress(results, 'theme_understanding', TYPES)).toMatchObject({
      completed: 1,
      total: 4,
      lessonLabel: '本課已完成 1 / 4 個題型',
    });
    // No session yet: every type is still left.
    expect(roadmapProgress({ unitCompleted: false, nodes: [] }, 'word_interpretation', TYPES)).toMatchObject({
      state: 'new',
      completed: 0,
      total: 4,
    });
  });
});
