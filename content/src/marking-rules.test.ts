import { describe, expect, it } from 'vitest';
import {
  type FreeTextItem,
  modelAnswerProblems,
  modelSentenceProblems,
  negationProblems,
  pointSourceProblems,
  presenceProblems,
  sourceRenderingProblems,
} from './marking-rules.ts';

/** A well-formed item (論語: 不仁者，不可以久處約), each test breaks one rule of it. */
const good: FreeTextItem = {
  id: 'x-01',
  type: 'sentence_translation',
  content: '試把「不仁者，不可以久處約」譯為白話文。',
  targetText: '不仁者，不可以久處約',
  correctAnswer: '沒有仁德的人，不能長久處於窮困之中。',
  keywords: null,
  marking: {
    points: [
      {
        id: 'p1',
        kind: 'negation',
        source: '不仁',
        label: '「不仁」：沒有仁德',
        accept: ['沒有仁德', '沒有仁愛', '不仁'],
      },
      {
        id: 'p2',
        kind: 'negation',
        source: '不可以',
        label: '保留否定「不可以」：不能',
        accept: ['不能', '不可'],
      },
      { id: 'p3', kind: 'word', source: '久', label: '「久」解作長久', accept: ['長久', '長期', '長時間'] },
      {
        id: 'p4',
        kind: 'word',
        source: '約',
        label: '「約」解作窮困',
        accept: ['窮困', '貧困', '困境'],
        reject: ['約定', '約束'],
      },
    ],
  },
};

const withPoints = (change: (points: NonNullable<FreeTextItem['marking']>['points']) => unknown[]) =>
  ({ ...good, marking: { points: change(good.marking?.points ?? []) } }) as FreeTextItem;

const all = (item: FreeTextItem) => [
  ...presenceProblems(item),
  ...pointSourceProblems(item),
  ...modelAnswerProblems(item),
  ...sourceRenderingProblems(item),
  ...negationProblems(item),
  ...modelSentenceProblems(item),
];

describe('the marking rules', () => {
  it('given a well-formed item, then no rule finds a problem', () => {
    expect(all(good)).toEqual([]);
  });

  it('given no scheme, or keywords left, then presence names the item', () => {
    expect(presenceProblems({ ...good, marking: null })).toEqual(['x-01: no marking scheme']);
    expect(presenceProblems({ ...good, keywords: ['窮困'] })).toEqual([
      'x-01: still has keywords (set them to null)',
    ]);
  });

  it("given a point's source not in the sentence, then it names the point", () => {
    const item = withPoints((ps) => ps.map((p) => (p.id === 'p3' ? { ...p, source: '長' } : p)));
    expect(pointSourceProblems(item)).toEqual([expect.stringMatching(/^x-01 p3: source 「長」/)]);
  });

  it('rule 1: given a model answer that misses a point or holds a reject, then it names the point', () => {
    expect(modelAnswerProblems({ ...good, correctAnswer: '沒有仁德的人，不能長久處於安樂之中。' })).toEqual([
      'x-01 p4: the model answer does not earn 「「約」解作窮困」',
    ]);
    expect(
      modelAnswerProblems({ ...good, correctAnswer: '沒有仁德的人，不能長久處於窮困和約束之中。' }),
    ).toEqual([
      'x-01 p4: the model answer does not earn 「「約」解作窮困」',
      'x-01 p4: the model answer contains reject 「約束」',
    ]);
  });

  it('rule 2: given an accepted rendering that is part of the source, then it names it', () => {
    const item = withPoints((ps) => ps.map((p) => (p.id === 'p3' ? { ...p, accept: ['長久', '久'] } : p)));
    expect(sourceRenderingProblems(item)).toEqual(['x-01 p3: accepted 「久」 is part of the source']);
  });

  it('rule 2 exempts negation points', () => {
    expect(sourceRenderingProblems(good)).toEqual([]);
  });

  it('rule 3: given a negation no point requires, then it names the negation', () => {
    const item = withPoints((ps) => ps.filter((p) => p.id !== 'p2'));
    expect(negationProblems(item)).toEqual(['x-01: removing 「不」 in 「德的人不能长」 keeps full marks']);
    const none = withPoints((ps) => ps.filter((p) => p.kind !== 'negation'));
    expect(negationProblems(none)[0]).toBe('x-01: the model answer has 「没不」 but no negation point');
  });

  it('rule 3: given two negations kept by one point only, then dropping one is caught', () => {
    const item = {
      ...withPoints((ps) => ps.filter((p) => p.id !== 'p1')),
      correctAnswer: '不仁的人，不能長久處於窮困之中。',
    };
    expect(negationProblems(item)).toHaveLength(1);
  });

  it('rule 4: given a bare list of renderings, then it is no sentence', () => {
    expect(modelSentenceProblems({ ...good, correctAnswer: '沒有仁德不能長久窮困' })).toHaveLength(1);
  });

  it('rule 4 leaves a fill-in, whose answer is a word, alone', () => {
    expect(modelSentenceProblems({ ...good, type: 'fill_in_blank', correctAnswer: '窮困' })).toEqual([]);
  });
});
