import { describe, expect, it } from 'vitest';
import { initialMarks, markBody, marksTotal } from './marks.ts';

const point = (id: string, earned: boolean) => ({
  id,
  kind: 'word',
  label: `${id} 的得分點`,
  earned,
  matched: earned ? '窮困' : null,
  expected: '窮困',
});
const byPoints = {
  points: [point('p1', true), point('p2', false), point('p3', true)],
  pointsEarned: 2,
  pointsAvailable: 3,
};
const byCount = { points: [], pointsEarned: 1, pointsAvailable: 2 };

describe("a teacher's marks of a pending answer", () => {
  it("start from the marker's provisional verdict on each point", () => {
    const marks = initialMarks(byPoints);
    expect([...marks.earned]).toEqual(['p1', 'p3']);
    expect(marksTotal(byPoints, marks)).toBe('2/3 分');
  });

  it('send the ticked points in the scheme order, and the note trimmed when there is one', () => {
    const marks = { earned: new Set(['p3', 'p2']), count: 0 };
    expect(markBody(byPoints, marks, '  譯得好 ')).toEqual({ earnedPointIds: ['p2', 'p3'], note: '譯得好' });
    expect(markBody(byPoints, marks, '   ')).toEqual({ earnedPointIds: ['p2', 'p3'] });
  });

  it('send a count when the answer has no points', () => {
    const marks = initialMarks(byCount);
    expect(marksTotal(byCount, marks)).toBe('1/2 分');
    expect(markBody(byCount, { ...marks, count: 2 }, '')).toEqual({ pointsEarned: 2 });
  });
});
