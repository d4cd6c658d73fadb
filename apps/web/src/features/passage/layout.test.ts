import type { PassageNote } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { layoutPassage, type Paragraph } from './layout.ts';

const note = (term: string, start: number): PassageNote => ({
  id: `n-${start}`,
  term,
  start,
  end: start + term.length,
  gloss: `${term}的解釋`,
  jyutping: null,
  key: false,
  parentId: null,
  questionIds: [],
});

/** A paragraph as plain strings: text as it is, a note as [term], a sentence piece as (n …|). */
function show(paragraphs: Paragraph[]): string[] {
  return paragraphs.map((p) =>
    p.pieces
      .map((piece) => {
        const body = piece.parts
          .map((part) =>
            part.kind === 'text' ? part.text : `${part.before}[${part.note.term}]${part.after}`,
          )
          .join('');
        return piece.sentence === null ? body : `(${piece.sentence} ${body}${piece.last ? '|' : ''})`;
      })
      .join(''),
  );
}

describe('laying out an annotated passage', () => {
  const text = '慶曆四年春，滕子京謫守巴陵郡。越明年，政通人和。\n予觀夫巴陵勝狀，在洞庭一湖。';

  it('puts each sentence in its paragraph and each note in its sentence', () => {
    const sentences = [
      { start: 0, end: 15 },
      { start: 15, end: 24 },
      { start: 25, end: 39 },
    ];
    const layout = layoutPassage(text, sentences, [note('謫守', 9), note('勝狀', 30)]);
    expect(show(layout)).toEqual([
      '(0 慶曆四年春，滕子京[謫守]巴陵郡。|)(1 越明年，政通人和。|)',
      '(2 予觀夫巴陵[勝狀]，在洞庭一湖。|)',
    ]);
    expect(layout[1]!.start).toBe(25);
  });

  it('shows text no sentence covers, with its notes, and splits a sentence across a line break', () => {
    const layout = layoutPassage(text, [{ start: 15, end: 39 }], [note('謫守', 9)]);
    expect(show(layout)).toEqual([
      '慶曆四年春，滕子京[謫守]巴陵郡。(0 越明年，政通人和。)',
      '(0 予觀夫巴陵勝狀，在洞庭一湖。|)',
    ]);
  });

  it('marks only the outer note of a nested pair (the inner one is in its card)', () => {
    const inner = { ...note('謫守', 9), parentId: 'n-8' };
    const layout = layoutPassage(text, [{ start: 0, end: 15 }], [note('京謫守', 8), inner]);
    expect(show(layout)[0]).toBe('(0 慶曆四年春，滕子[京謫守]巴陵郡。|)越明年，政通人和。');
  });

  it('keeps the punctuation touching a note with it', () => {
    const layout = layoutPassage('子曰：「仁者，安仁。」', [], [note('仁者', 4), note('安仁', 7)]);
    const parts = layout[0]!.pieces[0]!.parts;
    expect(parts).toMatchObject([
      { kind: 'text', text: '子曰：' },
      { kind: 'note', before: '「', after: '，' },
      { kind: 'note', before: '', after: '。」' },
    ]);
  });

  it('leaves a note across two sentences unmarked and skips empty lines', () => {
    const layout = layoutPassage(
      '甲乙。丙丁。\n\n戊。',
      [
        { start: 0, end: 3 },
        { start: 3, end: 6 },
        { start: 8, end: 10 },
      ],
      [note('。丙', 2)],
    );
    expect(show(layout)).toEqual(['(0 甲乙。|)(1 丙丁。|)', '(2 戊。|)']);
  });
});
