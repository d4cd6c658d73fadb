import { describe, expect, it } from 'vitest';
import { nthIndexOf, placeNotes, placeSentences } from './annotations.ts';

const TEXT = '廉頗者，趙之良將也。\n趙王與大將軍廉頗諸大臣謀：欲予秦，秦城恐不可得。';

describe('placing the notes', () => {
  it('puts a note on the occurrence it names, the first by default', () => {
    expect(nthIndexOf(TEXT, '廉頗', 1)).toBe(0);
    expect(nthIndexOf(TEXT, '廉頗', 2)).toBe(TEXT.lastIndexOf('廉頗'));
    expect(nthIndexOf(TEXT, '廉頗', 3)).toBe(-1);
    const [first, second] = placeNotes(
      TEXT,
      [
        { term: '秦', occurrence: 2, gloss: '秦國。' },
        { term: '良將', gloss: '優秀的將領。', key: true, jyutping: 'loeng4 zoeng3' },
      ],
      [],
    );
    expect(first).toMatchObject({
      id: 'n2',
      term: '良將',
      start: 6,
      end: 8,
      key: true,
      jyutping: 'loeng4 zoeng3',
    });
    expect(second).toMatchObject({ id: 'n1', start: TEXT.indexOf('秦城'), key: false, jyutping: null });
  });

  it('keeps a note inside a longer one as its inner note, and leaves out partial overlaps and absent terms', () => {
    const notes = placeNotes(
      TEXT,
      [
        { term: '大將', gloss: '大將（內）' },
        { term: '大將軍', gloss: '官名。' },
        { term: '將軍', gloss: '將軍（內）' },
        { term: '軍廉', gloss: '跨界' },
        { term: '大將軍', gloss: '重複' },
        { term: '藺相如', gloss: 'z' },
      ],
      [{ id: 'q-inner', targetText: '大將軍廉頗', highlight: '將軍' }],
    );
    expect(notes.map((n) => [n.term, n.gloss, n.parentId])).toEqual([
      ['大將軍', '官名。', null],
      ['大將', '大將（內）', 'n2'],
      ['將軍', '將軍（內）', 'n2'],
    ]);
    expect(notes[2]!.questionIds).toEqual(['q-inner']);
  });

  it('links each word question to the note of its highlight where its quotation stands', () => {
    const notes = placeNotes(
      TEXT,
      [
        { term: '秦', gloss: '秦國（第一次）' },
        { term: '秦', occurrence: 2, gloss: '秦國的（第二次）' },
        { term: '謀', gloss: '商量。' },
      ],
      [
        { id: 'q-first', targetText: '欲予秦', highlight: '秦' },
        { id: 'q-second', targetText: '秦城恐不可得', highlight: '秦' },
        { id: 'q-lost', targetText: '不在文中', highlight: '秦' },
        { id: 'q-plan', targetText: '諸大臣謀', highlight: '謀' },
        { id: 'q-other', targetText: '良將', highlight: '良' },
        { id: 'q-none', targetText: null, highlight: null },
      ],
    );
    expect(notes.map((n) => [n.gloss, n.questionIds])).toEqual([
      ['商量。', ['q-plan']],
      ['秦國（第一次）', ['q-first', 'q-lost']],
      ['秦國的（第二次）', ['q-second']],
    ]);
  });
});

describe('notes a file gets wrong', () => {
  it('finds no place for an empty term or an occurrence below the first', () => {
    expect(nthIndexOf(TEXT, '', 1)).toBe(-1);
    expect(nthIndexOf(TEXT, '廉頗', 0)).toBe(-1);
  });

  it('keeps one of two notes on the same words inside a longer note', () => {
    const notes = placeNotes(
      TEXT,
      [
        { term: '大將軍', gloss: '官名。' },
        { term: '將軍', gloss: '將軍（一）' },
        { term: '將軍', gloss: '將軍（二）' },
      ],
      [],
    );
    expect(notes.map((n) => n.gloss)).toEqual(['官名。', '將軍（一）']);
  });

  it('links a question with a highlight but no quotation to the first note of its term', () => {
    const notes = placeNotes(
      TEXT,
      [
        { term: '秦', gloss: '第一次' },
        { term: '秦', occurrence: 2, gloss: '第二次' },
      ],
      [{ id: 'q-unquoted', targetText: null, highlight: '秦' }],
    );
    expect(notes.map((n) => n.questionIds)).toEqual([['q-unquoted'], []]);
  });
});

describe('placing the sentences', () => {
  it('finds each sentence in the text, across the line break', () => {
    const sentences = placeSentences(TEXT, [
      { text: '廉頗者，趙之良將也。', translation: '廉頗是趙國的優秀將領。' },
      { text: '趙王與大將軍廉頗諸大臣謀：', translation: '趙王和大將軍廉頗等大臣商量：' },
      { text: '欲予秦，秦城恐不可得。', translation: '想給秦國，秦國的城恐怕得不到。' },
    ]);
    expect(sentences.map((s) => TEXT.slice(s.start, s.end))).toEqual([
      '廉頗者，趙之良將也。',
      '趙王與大將軍廉頗諸大臣謀：',
      '欲予秦，秦城恐不可得。',
    ]);
    expect(sentences[0]!.translation).toBe('廉頗是趙國的優秀將領。');
  });

  it('places none when a sentence is empty', () => {
    expect(placeSentences(TEXT, [{ text: ' \n', translation: 'a' }])).toEqual([]);
  });

  it('places none when a sentence does not match the text', () => {
    expect(
      placeSentences(TEXT, [
        { text: '廉頗者，趙之良將也。', translation: 'a' },
        { text: '趙王與廉頗謀：', translation: 'b' },
      ]),
    ).toEqual([]);
  });
});
