import { seededRandom } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import famousLines from '../../../../../content/data/famous-lines.json' with { type: 'json' };
import miswritten from '../../../../../content/data/miswritten.json' with { type: 'json' };
import setTexts from '../../../../../content/data/set-texts.json' with { type: 'json' };
import { blankOut, miswriteItems, nextLineItems, shuffled } from './drills.ts';

const LESSONS = [
  { id: 9, title: '岳陽樓記', content: '不以物喜，不以己悲。是進亦憂，退亦憂。' },
  { id: 4, title: '勸學', content: '假舟楫者，非能水也。故不積跬步，無以至千里。' },
];
const slice = (text: string, r: { start: number; end: number }) =>
  Array.from(text).slice(r.start, r.end).join('');

describe('blankOut', () => {
  it('replaces every miswritten character with □', () => {
    expect(blankOut('檣傾楫摧', ['檣', '楫'])).toBe('□傾□摧');
    expect(blankOut('故不積跬步', ['跬'])).toBe('故不積□步');
  });
});

describe('nextLineItems', () => {
  const entries = [
    {
      lessonId: 9,
      lines: [
        { first: '不以物喜', second: '不以己悲' },
        { first: '是進亦憂', second: '退亦憂' },
        { first: '不以物喜', second: '退亦憂' },
      ],
    },
    { lessonId: 4, lines: [{ first: '故不積跬步', second: '無以至千里' }] },
  ];

  it('asks for the second line, at its code-point range in the text', () => {
    const items = nextLineItems(LESSONS, entries, 9);
    expect(items.map((i) => [i.prompt, i.answer, i.range])).toEqual([
      ['不以物喜', '不以己悲', { start: 5, end: 9 }],
      ['是進亦憂', '退亦憂', { start: 15, end: 18 }],
    ]);
  });

  it('serves every lesson when none is chosen', () => {
    expect(nextLineItems(LESSONS, entries, null).map((i) => i.lessonId)).toEqual([9, 9, 4]);
  });
});

describe('miswriteItems', () => {
  it('blanks the characters and gives the phrase range', () => {
    const items = miswriteItems(
      LESSONS,
      [{ lessonId: 4, phrase: '故不積跬步', characters: ['跬'], note: '跬：足字旁加圭。' }],
      null,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      prompt: '故不積□步',
      answer: '故不積跬步',
      range: { start: 10, end: 15 },
    });
  });
});

describe('the content the drills serve', () => {
  it('places every item of every lesson on its answer in the text', () => {
    const items = [
      ...nextLineItems(setTexts, famousLines, null),
      ...miswriteItems(setTexts, miswritten, null),
    ];
    expect(items.length).toBe(famousLines.reduce((n, e) => n + e.lines.length, 0) + miswritten.length);
    for (const item of items) {
      const text = setTexts.find((t) => t.id === item.lessonId)!.content;
      expect(slice(text, item.range)).toBe(item.answer);
    }
  });
});

describe('shuffled', () => {
  it('keeps every item', () => {
    const out = shuffled([1, 2, 3, 4, 5], seededRandom(3));
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
