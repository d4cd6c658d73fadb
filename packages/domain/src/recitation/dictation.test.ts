import { describe, expect, it } from 'vitest';
import { markRecall } from './dictation.ts';

const TEXT = '君子曰：學不可以已。青，取之於藍，而青於藍';

describe('markRecall (默書)', () => {
  it('gives full marks to the range written exactly, with or without punctuation', () => {
    for (const typed of ['君子曰學不可以已', '君子曰：學不可以已。', '君子曰 學不可以已']) {
      const m = markRecall(TEXT, 0, 10, typed);
      expect(m.accuracy).toBe(100);
      expect(m.marks.every((x) => x.status === 'correct')).toBe(true);
      expect(m.extras).toEqual([]);
    }
  });

  it('marks a missing character at its place in the text', () => {
    const m = markRecall(TEXT, 0, 10, '君子曰學不以已');
    expect(m.missing).toBe(1);
    expect(m.marks.find((x) => x.status === 'missing')).toMatchObject({
      position: 6,
      character: '可',
      typed: '',
    });
    expect(m.accuracy).toBe(Math.round((7 / 8) * 100));
  });

  it('marks a wrong character with what was written', () => {
    const m = markRecall(TEXT, 0, 10, '君子日學不可以己');
    expect(m.wrong).toBe(2);
    expect(m.marks.filter((x) => x.status === 'wrong').map((x) => [x.character, x.typed])).toEqual([
      ['曰', '日'],
      ['已', '己'],
    ]);
    expect(m.accuracy).toBe(75);
  });

  it('marks an extra character and charges it in the accuracy', () => {
    const m = markRecall(TEXT, 0, 10, '君子曰學不可以已矣');
    expect(m.extras).toEqual([{ after: 8, typed: '矣' }]);
    expect(m.correct).toBe(8);
    expect(m.accuracy).toBe(Math.round((8 / 9) * 100));
  });

  it('marks only the chosen range, by positions in the whole text', () => {
    const m = markRecall(TEXT, 11, 17, '取之於藍');
    expect(m.marks.map((x) => x.position)).toEqual([12, 13, 14, 15]);
    expect(m.accuracy).toBe(100);
    expect(markRecall(TEXT, 10, 16, '青取之於藍').accuracy).toBe(100);
    expect(markRecall(TEXT, 11, 17, '青取之於藍').extras).toEqual([{ after: -1, typed: '青' }]);
  });

  it('gives nothing for an empty answer: every character missing', () => {
    const m = markRecall(TEXT, 0, 10, '');
    expect(m.missing).toBe(8);
    expect(m.accuracy).toBe(0);
  });
});
