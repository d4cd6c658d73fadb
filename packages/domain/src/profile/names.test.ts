import { describe, expect, it } from 'vitest';
import { foldName, shownNames } from './names.ts';

describe('foldName', () => {
  describe('when a name copies another with characters a reader cannot tell apart', () => {
    it.each([
      ['full-width letters', 'ＡＬＩＣＥ'],
      ['a zero-width space', 'Al\u200bice'],
      ['a zero-width joiner and a word joiner', 'A\u200dli\u2060ce'],
      ['another case', 'aLiCe'],
      ['an accent', 'Alícé'],
      ['a Cyrillic А and о-like letters', '\u0410lice'],
      ['a Greek ι for the i', 'Alιce'],
      ['a digit one for the l', 'A1ice'],
      ['spaces and a soft hyphen', ' Al\u00adice '],
      ['a variation selector', 'Alice\ufe0f'],
    ])('folds %s to the same key', (_how, copy) => {
      expect(foldName(copy)).toBe(foldName('Alice'));
    });

    it('folds Chinese names written with spaces, invisible characters or compatibility ideographs', () => {
      expect(foldName('陳 大\u200b文')).toBe(foldName('陳大文'));
      expect(foldName('\uf900')).toBe(foldName('\u8c48')); // 豈 (compatibility) and 豈
    });

    it('folds Traditional, Simplified and variant glyphs of one character to one name', () => {
      expect(foldName('陈大文')).toBe(foldName('陳大文'));
      expect(foldName('黄志强')).toBe(foldName('黃志強'));
      expect(foldName('温家宝')).toBe(foldName('溫家寶'));
      expect(foldName('衞小明')).toBe(foldName('衛小明')); // HK and standard glyphs of 衛
    });
  });

  describe('when names differ', () => {
    it('keeps different names apart', () => {
      expect(foldName('Alice')).not.toBe(foldName('Alicia'));
      expect(foldName('陳大文')).not.toBe(foldName('陳小文'));
      // Kana's voicing mark changes the word: が is not か.
      expect(foldName('が')).not.toBe(foldName('か'));
    });

    it('folds a name of invisible characters only to the empty key', () => {
      expect(foldName('\u200b\u200d \u3164')).toBe('');
    });
  });
});

describe('shownNames', () => {
  it('is the nickname and the first and last name, whichever are set', () => {
    expect(shownNames({ nickname: 'Star', firstName: 'Amy', lastName: 'Chan' })).toEqual([
      'Star',
      'Amy Chan',
    ]);
    expect(shownNames({ nickname: null, firstName: 'Amy', lastName: null })).toEqual(['Amy']);
    expect(shownNames({})).toEqual([]);
    expect(shownNames({ firstName: '小明', lastName: '陳' })).toEqual(['陳小明']);
  });
});
