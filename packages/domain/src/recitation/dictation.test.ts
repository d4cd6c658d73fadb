import { describe, expect, it } from 'vitest';
import { markRecall } from './dictation.ts';
import { acceptedFormsNote, writtenForm } from './forms.ts';

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

describe('markRecall (默書) with variant and Simplified forms', () => {
  const SHENG = '尋尋覓覓，冷冷清清，悽悽慘慘戚戚。乍煖還寒時候，最難將息。';
  const QING = '眾裏尋他千百度。驀然迴首，那人卻在，燈火闌珊處。';
  const range = (text: string, phrase: string) => {
    const start = Array.from(text.slice(0, text.indexOf(phrase))).length;
    return [start, start + Array.from(phrase).length] as const;
  };

  it('accepts 乍暖 for 乍煖 (a standard variant form) and notes it', () => {
    const [start, end] = range(SHENG, '乍煖還寒時候');
    const m = markRecall(SHENG, start, end, '乍暖還寒時候');
    expect(m.accuracy).toBe(100);
    expect(m.marks.find((x) => x.character === '煖')).toMatchObject({ typed: '暖', status: 'correct' });
    expect(m.accepted).toEqual([{ character: '煖', typed: '暖' }]);
    expect(acceptedFormsNote(m.marks)).toBe('接受異體字／簡體字：煖→暖');
  });

  it('accepts 回首 for 迴首', () => {
    const [start, end] = range(QING, '驀然迴首');
    const m = markRecall(QING, start, end, '驀然回首');
    expect(m.accuracy).toBe(100);
    expect(m.accepted).toEqual([{ character: '迴', typed: '回' }]);
  });

  it('gives a line written wholly in Simplified full marks', () => {
    const [start, end] = range(QING, '眾裏尋他千百度');
    const m = markRecall(QING, start, end, '众里寻他千百度');
    expect(m.accuracy).toBe(100);
    expect(m.wrong + m.missing + m.extras.length).toBe(0);
    expect(acceptedFormsNote(m.marks)).toBe('接受異體字／簡體字：眾→众、裏→里、尋→寻');
  });

  it('still marks a genuinely wrong character wrong, and notes nothing for an exact answer', () => {
    const [start, end] = range(SHENG, '乍煖還寒時候');
    const m = markRecall(SHENG, start, end, '乍緩還寒時候');
    expect(m.wrong).toBe(1);
    expect(m.marks.find((x) => x.status === 'wrong')).toMatchObject({ character: '煖', typed: '緩' });
    expect(markRecall(SHENG, start, end, '乍煖還寒時候').accepted).toEqual([]);
  });
});

describe('writtenForm', () => {
  it('accepts a variant form and a Simplified form either way round', () => {
    expect(writtenForm('煖', '暖')).toBe('accepted');
    expect(writtenForm('彊', '強')).toBe('accepted');
    expect(writtenForm('衞', '衛')).toBe('accepted');
    expect(writtenForm('箇', '個')).toBe('accepted');
    expect(writtenForm('於', '于')).toBe('accepted');
    expect(writtenForm('于', '於')).toBe('accepted');
    expect(writtenForm('鍾', '钟')).toBe('accepted');
    expect(writtenForm('學', '學')).toBe('same');
  });

  it('does not accept another Traditional character that merely shares a Simplified form', () => {
    expect(writtenForm('鍾', '鐘')).toBe('wrong');
    expect(writtenForm('髮', '發')).toBe('wrong');
    expect(writtenForm('曰', '日')).toBe('wrong');
  });
});

describe('markRecall (默書) in exact forms (the 易錯字 drill)', () => {
  it('takes only the text’s own form', () => {
    const m = markRecall('乍煖還寒時候', 0, 6, '乍暖還寒時候', 'exact');
    expect(m.wrong).toBe(1);
    expect(m.accepted).toEqual([]);
  });
});
