/**
 * Validation of the revision content (issue 22): the honest characterFrequency, and for every lesson whose
 * annotation file is written, its 注釋, its 語譯, its key words drilled, its question counts and its
 * knowledge tags. A lesson counts as written once its annotation file has notes or sentences; the
 * ANNOTATED_LESSONS_REQUIRED figure says how many must be.
 */
import { describe, expect, it } from 'vitest';
import { characterFrequencyOf } from './frequency.ts';
import { comparisons, lessonAnnotations, lessonQuestionBanks, lessons, vocabularySessions } from './index.ts';

/** How many of the sixteen lessons must have their annotations and 語譯 written. */
const ANNOTATED_LESSONS_REQUIRED = 16;
/** The least number of items per lesson for each practice type of the practice-type page. */
const MIN_PER_PAGE_TYPE = 16;
const MIN_CULTURAL = 8;
/** Long texts get word items in proportion: one per this many characters of text, at the least. */
const CHARACTERS_PER_WORD_ITEM = 60;

const PAGE_TYPES = [
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'writing_techniques',
];
const bare = (s: string): string => s.replace(/\s/g, '');
const occurrences = (text: string, term: string): number => text.split(term).length - 1;

const written = lessons.filter((lesson) => {
  const a = lessonAnnotations[lesson.id];
  return a !== undefined && (a.notes.length > 0 || a.sentences.length > 0);
});

describe('characterFrequency', () => {
  it('is the tier of the tested word in the sixteen texts (content/README.md) on every word item', () => {
    const items = [
      ...Object.values(lessonQuestionBanks).flat(),
      ...vocabularySessions.flatMap((s) => s.questions),
    ].filter((q) => q.type === 'word_interpretation');
    const wrong = items
      .filter((q) => q.characterFrequency !== characterFrequencyOf(q.highlight ?? q.targetText ?? q.content))
      .map(
        (q) =>
          `${q.id}: ${q.characterFrequency}, should be ${characterFrequencyOf(q.highlight ?? q.targetText ?? '')}`,
      );
    expect(wrong).toEqual([]);
  });
});

describe('annotated passages', () => {
  it(`are written for at least ${ANNOTATED_LESSONS_REQUIRED} lessons`, () => {
    expect(written.length).toBeGreaterThanOrEqual(ANNOTATED_LESSONS_REQUIRED);
  });

  describe.each(written.map((l) => [l.id, l] as const))('lesson %i', (_id, lesson) => {
    const annotations = lessonAnnotations[lesson.id]!;
    const bank = lessonQuestionBanks[lesson.id] ?? [];

    it('has a 語譯 whose sentences, joined, are the text', () => {
      expect(annotations.sentences.length).toBeGreaterThan(0);
      expect(bare(annotations.sentences.map((s) => s.text).join(''))).toBe(bare(lesson.content));
    });

    it('has notes on words that stand in the text, once each', () => {
      expect(annotations.notes.length).toBeGreaterThan(0);
      const missing = annotations.notes
        .filter((n) => occurrences(lesson.content, n.term) < (n.occurrence ?? 1))
        .map((n) => `${n.term}#${n.occurrence ?? 1}`);
      expect(missing).toEqual([]);
      const keys = annotations.notes.map((n) => `${n.term}#${n.occurrence ?? 1}`);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    });

    it('drills every key word (重點字詞) with a word item, and has key words in proportion to the text', () => {
      const keyWords = annotations.notes.filter((n) => n.key);
      expect(keyWords.length).toBeGreaterThanOrEqual(Math.max(5, Math.ceil(lesson.characterCount / 100)));
      const drilled = new Set(bank.filter((q) => q.type === 'word_interpretation').map((q) => q.highlight));
      expect(keyWords.filter((n) => !drilled.has(n.term)).map((n) => n.term)).toEqual([]);
    });

    it(`holds at least ${MIN_PER_PAGE_TYPE} items of each practice type and ${MIN_CULTURAL} cultural ones`, () => {
      const count = (type: string) => bank.filter((q) => q.type === type).length;
      const short = PAGE_TYPES.filter((type) => count(type) < MIN_PER_PAGE_TYPE).map(
        (t) => `${t}: ${count(t)}`,
      );
      expect(short).toEqual([]);
      expect(count('cultural_knowledge')).toBeGreaterThanOrEqual(MIN_CULTURAL);
      expect(count('word_interpretation')).toBeGreaterThanOrEqual(
        Math.ceil(lesson.characterCount / CHARACTERS_PER_WORD_ITEM),
      );
    });

    it('tags every item with the knowledge it tests', () => {
      expect(bank.filter((q) => !q.tags?.length).map((q) => q.id)).toEqual([]);
    });
  });
});

describe('comparisons', () => {
  it('cover 唐詩三首 and the three prose pairs teachers compare', () => {
    const sets = comparisons.map((c) => [...c.lessonIds].sort((a, b) => a - b).join(','));
    expect(sets).toEqual(expect.arrayContaining(['11,12,13', '4,7', '1,2', '8,9']));
    expect(new Set(comparisons.map((c) => c.id)).size).toBe(comparisons.length);
  });

  it.each(comparisons.map((c) => [c.id, c] as const))(
    '%s has a note per lesson and true quotations',
    (_id, c) => {
      const want = c.lessonIds.map(String).sort();
      for (const dimension of c.dimensions) expect(Object.keys(dimension.byLesson).sort()).toEqual(want);
      const texts = c.lessonIds.map((id) => lessons.find((l) => l.id === id)?.content ?? '').join('\n');
      const writing = [...c.dimensions.flatMap((d) => Object.values(d.byLesson)), ...c.dseNotes];
      const quotes = writing.flatMap((s) => [...s.matchAll(/「([^」]*)」/g)].map((m) => m[1] ?? ''));
      const misquoted = quotes.filter(
        (q) => (q.match(/\p{Script=Han}/gu) ?? []).length >= 3 && !texts.includes(q),
      );
      expect(misquoted).toEqual([]);
    },
  );
});
