/** Marking schemes the marker's tests share, with the source and model answer each marks against. */
import { type MarkingPoint, type MarkingScheme, type MarkOptions, markAnswer } from '../grading/marker.ts';

/** The codes of a marking's notes, in order. */
export const codes = (m: { notes: readonly { code: string }[] }) => m.notes.map((n) => n.code);

/** A word point whose label is its source: `source` read as any of `accept`. */
export const wordPoint = (id: string, source: string, accept: string[]): MarkingPoint => ({
  id,
  kind: 'word',
  source,
  label: source,
  accept,
});

/** Marks answers to `source` by `scheme` with `options` (the item's type, its model answer). */
export const markerOf = (scheme: MarkingScheme, source: string, options: MarkOptions) => (answer: string) =>
  markAnswer(scheme, source, answer, options);

/** 師說: 古之學者必有師. */
export const teacher: MarkingScheme = {
  points: [
    { id: 'p1', kind: 'word', source: '古', label: '古', accept: ['古代', '古時'] },
    { id: 'p2', kind: 'word', source: '學者', label: '學者', accept: ['求學的人', '讀書人'] },
    { id: 'p3', kind: 'word', source: '必', label: '必', accept: ['必定', '一定'] },
  ],
};
export const TEACHER_SOURCE = '古之學者必有師';
export const TEACHER_MODEL = '古代求學的人必定有老師。';

/** 出師表: 親賢臣，遠小人, with its two pairs (親 with 賢, 遠 with 小人) as a relation. */
export const pairs: MarkingScheme = {
  points: [
    { id: 'p1', kind: 'word', source: '親', label: '親', accept: ['親近'] },
    { id: 'p2', kind: 'word', source: '遠', label: '遠', accept: ['疏遠', '遠離'] },
  ],
  relations: [
    {
      pairs: [
        ['p1', '賢'],
        ['p2', '小人'],
      ],
    },
  ],
};

/** A translation of 親賢臣，遠小人 marked by `pairs`. */
export const markPairs = (answer: string) =>
  markAnswer(pairs, '親賢臣，遠小人', answer, {
    type: 'sentence_translation',
    model: '親近賢能的臣子，疏遠小人。',
  });
