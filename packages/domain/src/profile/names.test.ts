import { describe, expect, it } from 'vitest';
import { foldName, namesakeTag, shownNames, tellNamesakesApart } from './names.ts';

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

describe('telling namesakes apart', () => {
  describe('when no two entries show the same name', () => {
    it('leaves every name as it is', () => {
      const names = tellNamesakesApart([
        { id: '1', name: '陳大文' },
        { id: '2', name: '李小明' },
      ]);
      expect(names).toEqual(['陳大文', '李小明']);
    });
  });

  describe('when two learners show the same name', () => {
    it('marks each with their own tag, the same in every list they are in', () => {
      const inClass = tellNamesakesApart([
        { id: '11', name: '陳大文' },
        { id: '12', name: '陳大文' },
        { id: '13', name: '李小明' },
      ]);
      expect(inClass[0]).toBe(`陳大文 #${namesakeTag('11')}`);
      expect(inClass[1]).toBe(`陳大文 #${namesakeTag('12')}`);
      expect(inClass[0]).not.toBe(inClass[1]);
      expect(inClass[2]).toBe('李小明');
      // Another list, another order and another namesake: user 11 keeps the tag.
      const onBoard = tellNamesakesApart([
        { id: '40', name: '陳大文' },
        { id: '11', name: '陳大文' },
      ]);
      expect(onBoard[1]).toBe(inClass[0]);
    });

    it('counts Traditional and Simplified writings of a name as the same name', () => {
      const names = tellNamesakesApart([
        { id: '1', name: '陳大文' },
        { id: '2', name: '陈大文' },
      ]);
      expect(names[0]).toMatch(/^陳大文 #\d{4}$/);
      expect(names[1]).toMatch(/^陈大文 #\d{4}$/);
    });

    it('shows the username instead of a tag to a viewer given usernames', () => {
      const names = tellNamesakesApart([
        { id: '1', name: '陳大文', username: 'c7-01' },
        { id: '2', name: '陳大文', username: 'c7-02' },
      ]);
      expect(names).toEqual(['陳大文（c7-01）', '陳大文（c7-02）']);
    });

    it('leaves a name that is the username itself unmarked: it is unique already', () => {
      const names = tellNamesakesApart([
        { id: '1', name: 'chan', username: 'c7-01' },
        { id: '2', name: 'chan', username: 'chan' },
      ]);
      expect(names).toEqual(['chan（c7-01）', 'chan']);
    });

    it('marks one learner listed twice (the top ten and their own place) only when someone else shares the name', () => {
      expect(
        tellNamesakesApart([
          { id: '5', name: '陳大文' },
          { id: '5', name: '陳大文' },
        ]),
      ).toEqual(['陳大文', '陳大文']);
    });

    it('gives longer tags when two of the namesakes would share four digits', () => {
      const byTag = new Map<string, string>();
      let pair: [string, string] | null = null;
      for (let id = 1; pair === null; id += 1) {
        const tag = namesakeTag(String(id));
        const other = byTag.get(tag);
        if (other !== undefined) pair = [other, String(id)];
        byTag.set(tag, String(id));
      }
      const names = tellNamesakesApart(pair.map((id) => ({ id, name: '陳大文' })));
      expect(names[0]).not.toBe(names[1]);
      expect(names[0]).toBe(`陳大文 #${namesakeTag(pair[0], 6)}`);
    });
  });
});

describe('the namesake tag', () => {
  it('is four digits by default and the same for the same user id', () => {
    expect(namesakeTag('42')).toMatch(/^\d{4}$/);
    expect(namesakeTag('42')).toBe(namesakeTag('42'));
    expect(namesakeTag('42', 6)).toMatch(/^\d{6}$/);
  });
});
