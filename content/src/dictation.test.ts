/**
 * Validation of the 默書 content: the 名句 of famous-lines.json and the phrases of miswritten.json are
 * verbatim from the set texts, where the drills will mark them.
 */
import { nextLineRange, phraseRange } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { famousLineProblems, miswrittenProblems } from './dictation.ts';
import { famousLines, lessons, miswrittenPhrases } from './index.ts';
import { MiswrittenPhraseSchema } from './schema.ts';

const yueyang = lessons.find((l) => l.id === 9)!;
const slice = (text: string, r: { start: number; end: number }) =>
  Array.from(text).slice(r.start, r.end).join('');

describe('famous-lines.json', () => {
  it('has every lesson, at least 4 名句 per prose text and 2 per poem or 詞, each verbatim and in order', () => {
    expect(famousLineProblems(lessons, famousLines)).toEqual([]);
  });

  it('places every second line where the drill marks it', () => {
    for (const entry of famousLines) {
      const text = lessons.find((l) => l.id === entry.lessonId)!.content;
      for (const line of entry.lines)
        expect(slice(text, nextLineRange(text, line.first, line.second)!)).toBe(line.second);
    }
  });

  it('holds the lines teachers drill', () => {
    const yue = famousLines.find((e) => e.lessonId === 9)!.lines;
    expect(yue).toContainEqual({ first: '先天下之憂而憂', second: '後天下之樂而樂' });
  });

  describe('the check fails', () => {
    const only = (lines: { first: string; second: string }[]) => [{ lessonId: 9, lines }];
    const padding = [
      { first: '不以物喜', second: '不以己悲' },
      { first: '朝暉夕陰', second: '氣象萬千' },
      { first: '浮光躍金', second: '靜影沉璧' },
    ];

    it('on a misquote', () => {
      const problems = famousLineProblems(
        [yueyang],
        only([...padding, { first: '先天下之憂而憂', second: '後天下之樂而憂' }]),
      );
      expect(problems).toEqual(['岳陽樓記: 「後天下之樂而憂」 is not in the text']);
    });

    it('on a second line that does not follow the first', () => {
      const problems = famousLineProblems(
        [yueyang],
        only([...padding, { first: '不以物喜', second: '後天下之樂而樂' }]),
      );
      expect(problems).toEqual(['岳陽樓記: 「後天下之樂而樂」 does not follow 「不以物喜」']);
    });

    it('on a prose text with fewer than four lines, and on a lesson left out', () => {
      expect(famousLineProblems([yueyang], only(padding))).toEqual(['岳陽樓記: 3 lines, fewer than 4']);
      expect(famousLineProblems([yueyang], [])).toEqual(['岳陽樓記: no 名句']);
    });
  });
});

describe('miswritten.json', () => {
  it('has at least 24 characters, each phrase verbatim and once in its text, each character explained', () => {
    expect(miswrittenProblems(lessons, miswrittenPhrases)).toEqual([]);
  });

  it('covers the characters students most often miswrite', () => {
    const all = miswrittenPhrases.flatMap((e) => e.characters);
    for (const c of ['跬', '螾', '霪', '檣', '楫', '驀']) expect(all).toContain(c);
  });

  it('places every phrase where the drill marks it', () => {
    for (const entry of miswrittenPhrases) {
      const text = lessons.find((l) => l.id === entry.lessonId)!.content;
      expect(slice(text, phraseRange(text, entry.phrase)!)).toBe(entry.phrase);
    }
  });

  describe('the check fails', () => {
    const entry = {
      lessonId: 9,
      phrase: '檣傾楫摧',
      characters: ['檣', '楫'],
      note: '檣：木字旁；楫：木字旁。',
    };

    it('on a misquoted phrase or a note that leaves a character out', () => {
      expect(miswrittenProblems([yueyang], [{ ...entry, phrase: '牆傾楫摧' }])).toContain(
        '岳陽樓記: 「牆傾楫摧」 is not in the text',
      );
      expect(miswrittenProblems([yueyang], [{ ...entry, note: '楫：木字旁。' }])).toContain(
        '岳陽樓記: the note on 「檣傾楫摧」 does not explain 檣',
      );
    });

    it('on a character the phrase lacks, or a phrase too long', () => {
      expect(MiswrittenPhraseSchema.safeParse({ ...entry, characters: ['霪'] }).success).toBe(false);
      expect(
        MiswrittenPhraseSchema.safeParse({ ...entry, phrase: '若夫霪雨霏霏，連月不開；陰風' }).success,
      ).toBe(false);
    });
  });
});
