import { describe, expect, it } from 'vitest';
import { nextLineRange, phraseRange } from './locate.ts';

const YUEYANG = '是進亦憂，退亦憂，然則何時而樂耶？其必曰：「先天下之憂而憂，後天下之樂而樂」歟！';
const slice = (text: string, r: { start: number; end: number }) =>
  Array.from(text).slice(r.start, r.end).join('');

describe('phraseRange', () => {
  it('gives the code-point range of the phrase', () => {
    const range = phraseRange(YUEYANG, '先天下之憂而憂');
    expect(range).toEqual({ start: 22, end: 29 });
    expect(slice(YUEYANG, range!)).toBe('先天下之憂而憂');
  });

  it('counts a character outside the Basic Multilingual Plane as one position', () => {
    const text = '𠀋甲乙丙';
    expect(phraseRange(text, '乙丙')).toEqual({ start: 2, end: 4 });
  });

  it('takes the first occurrence, and is null when the text lacks the phrase', () => {
    expect(phraseRange('亦憂，亦憂', '亦憂')).toEqual({ start: 0, end: 2 });
    expect(phraseRange(YUEYANG, '後天下之憂')).toBeNull();
    expect(phraseRange(YUEYANG, '')).toBeNull();
  });
});

describe('nextLineRange', () => {
  it('finds the second line across punctuation and quotation marks', () => {
    const range = nextLineRange(YUEYANG, '其必曰', '先天下之憂而憂');
    expect(range).toEqual({ start: 22, end: 29 });
    expect(slice(YUEYANG, nextLineRange(YUEYANG, '先天下之憂而憂', '後天下之樂而樂')!)).toBe(
      '後天下之樂而樂',
    );
  });

  it('is null when the second line does not follow the first directly', () => {
    expect(nextLineRange(YUEYANG, '是進亦憂', '然則何時而樂耶')).toBeNull();
    expect(nextLineRange(YUEYANG, '後天下之樂而樂', '先天下之憂而憂')).toBeNull();
    expect(nextLineRange(YUEYANG, '是進亦憂', '進亦憂')).toBeNull();
  });

  it('tries every occurrence of the first line', () => {
    const text = '不可，甲乙。不可，丙丁。';
    expect(nextLineRange(text, '不可', '丙丁')).toEqual({ start: 9, end: 11 });
  });
});
