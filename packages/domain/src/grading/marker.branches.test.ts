/** Marker rules held on cases marker.test.ts does not take (rule 4: comparisons by another comparer). */
import { describe, expect, it } from 'vitest';
import { type MarkingScheme, markAnswer } from './marker.ts';

const translate = (points: MarkingScheme['points'], source: string, model: string, answer: string) =>
  markAnswer({ points }, source, answer, { type: 'sentence_translation', model });

describe('a comparison turned with another comparer of the same kind (rule 4)', () => {
  const points = [
    { id: 'p1', kind: 'word' as const, source: '不如', label: '不如', accept: ['比不上', '趕不上'] },
  ];
  const mark = (answer: string) => translate(points, '吾不如老農', '我比不上老農夫。', answer);
  it('earns the point with either comparer the right way round', () => {
    expect(mark('我比不上老農夫。').isCorrect).toBe(true);
    expect(mark('我趕不上老農夫。').isCorrect).toBe(true);
  });
  it('earns nothing when the compared word stands before 趕不上 for the model’s 比不上', () => {
    expect(mark('老農夫趕不上我。').isCorrect).toBe(false);
    expect(mark('老農夫比不上我。').isCorrect).toBe(false);
  });
});
