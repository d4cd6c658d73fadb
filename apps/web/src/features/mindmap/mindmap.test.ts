import { describe, expect, it } from 'vitest';
import { cardItems, comparisonOrder, comparisonsFor, mindMapFor } from './data.ts';
import { ZOOM, zoomIn, zoomOut, zoomPercent } from './zoom.ts';

describe('the mind map zoom', () => {
  it('steps by a factor of 1.2', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomOut(1.2)).toBe(1);
    expect(zoomPercent(zoomIn(zoomIn(1)))).toBe('144%');
  });
  it('stays between 0.5 and 3', () => {
    let zoom: number = ZOOM.initial;
    for (let i = 0; i < 20; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(3);
    for (let i = 0; i < 20; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
  });
});

describe('the mind map data', () => {
  it('has 3 to 4 categories for each of the sixteen texts', () => {
    for (let id = 1; id <= 16; id++) {
      const map = mindMapFor(id, '');
      expect(map.categories.length).toBeGreaterThanOrEqual(3);
      expect(map.categories.length).toBeLessThanOrEqual(4);
      expect(map.detail).not.toBeNull();
    }
  });
  it('gives a passage without an entry the four default categories', () => {
    expect(mindMapFor(99, '新課文').categories.map((c) => c.title)).toEqual(['主題', '手法', '人物', '語言']);
  });
  it('shows up to four items and counts the rest', () => {
    expect(cardItems(['一', '二', '三', '四', '五', '六'])).toEqual({
      shown: ['一', '二', '三', '四'],
      more: 2,
    });
    expect(cardItems(['一'])).toEqual({ shown: ['一'], more: 0 });
  });
});

describe('the comparisons', () => {
  it('list each text teachers compare under its mind map, its own column first', () => {
    expect(comparisonsFor(7).map((c) => c.id)).toEqual(['learning']);
    expect(comparisonsFor(12).map((c) => c.lessonIds)).toEqual([[11, 12, 13]]);
    expect(comparisonsFor(10)).toEqual([]);
    expect(comparisonOrder([11, 12, 13], 12)).toEqual([12, 11, 13]);
  });
});
