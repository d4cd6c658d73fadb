import { describe, expect, it } from 'vitest';
import { foldText } from './fold.ts';
import { isCopyOfSource, type MarkingScheme, markAnswer } from './marker.ts';

/** 論語: 不仁者，不可以久處約，不可以長處樂 — two negations of the same words, two word points. */
const SOURCE = '不仁者，不可以久處約，不可以長處樂。';
const MODEL = '沒有仁德的人，不能長久處於窮困之中，也不能長久處於安樂之中。';
const scheme: MarkingScheme = {
  points: [
    { id: 'p1', kind: 'negation', source: '不仁', label: '「不仁」：沒有仁德', accept: ['沒有仁德', '不仁'] },
    {
      id: 'p2',
      kind: 'negation',
      source: '不可以',
      label: '保留否定：不能',
      accept: ['不能', '不可以', '無法'],
    },
    {
      id: 'p3',
      kind: 'word',
      source: '約',
      label: '「約」解作窮困',
      accept: ['窮困', '貧困', '困境'],
      reject: ['約定', '約束'],
    },
    {
      id: 'p4',
      kind: 'negation',
      source: '不可以',
      label: '保留否定：不能',
      accept: ['不能', '不可以', '無法'],
    },
    {
      id: 'p5',
      kind: 'word',
      source: '樂',
      label: '「樂」解作安樂',
      accept: ['安樂', '逸樂', '享樂'],
      reject: ['音樂'],
    },
  ],
};
const mark = (answer: string) => markAnswer(scheme, SOURCE, answer);
const earnedIds = (answer: string) =>
  mark(answer)
    .points.filter((p) => p.earned)
    .map((p) => p.id);

describe('markAnswer', () => {
  describe('given the model answer', () => {
    it('then every point is earned: correct, with what matched', () => {
      const marking = mark(MODEL);
      expect(marking).toMatchObject({
        earned: 5,
        available: 5,
        isCorrect: true,
        verdict: 'correct',
        copied: false,
      });
      expect(marking.points[0]).toEqual({
        id: 'p1',
        kind: 'negation',
        label: '「不仁」：沒有仁德',
        earned: true,
        matched: '沒有仁德',
        expected: '沒有仁德',
      });
    });
  });

  describe('given a good answer in other words, punctuation or Simplified characters', () => {
    it('then it is correct', () => {
      expect(mark('不仁的人無法長期身處貧困，也不能長期處於享樂').verdict).toBe('correct');
      expect(mark('没有仁德的人 不能长久处于穷困之中 也不能长久处于安乐之中').verdict).toBe('correct');
    });
  });

  describe('given an answer that misses a point', () => {
    it('then it is partial, and the missed point shows its first accepted rendering', () => {
      const marking = mark('沒有仁德的人，不能長久處於困苦之中，也不能長久處於安樂之中。');
      expect(marking).toMatchObject({ earned: 4, available: 5, isCorrect: false, verdict: 'partial' });
      expect(marking.points.find((p) => p.id === 'p3')).toMatchObject({
        earned: false,
        matched: null,
        expected: '窮困',
      });
    });
  });

  describe('given a trap reading', () => {
    it('then the point is voided even though an accepted rendering is there', () => {
      expect(earnedIds('沒有仁德的人，不能長久處於窮困和約束之中，也不能長久處於安樂之中')).not.toContain(
        'p3',
      );
      expect(earnedIds('沒有仁德的人，不能長久窮困，也不能長久聽音樂和安樂')).not.toContain('p5');
    });

    it('then a reject inside a longer accepted rendering does not void', () => {
      const wife: MarkingScheme = {
        points: [
          {
            id: 'p1',
            kind: 'word',
            source: '妻子',
            label: '妻子兒女',
            accept: ['妻子兒女', '妻兒'],
            reject: ['妻子'],
          },
        ],
      };
      expect(markAnswer(wife, '率妻子邑人來此絕境', '帶領妻子兒女和同鄉').isCorrect).toBe(true);
      expect(markAnswer(wife, '率妻子邑人來此絕境', '帶領妻子兒女，把妻子留下').isCorrect).toBe(false);
    });
  });

  describe('given a negation dropped', () => {
    it('then one of the two negation points is lost (each needs its own occurrence)', () => {
      const marking = mark('沒有仁德的人，不能長久處於窮困之中，也能長久處於安樂之中。');
      expect(marking.earned).toBe(4);
      expect(marking.points.find((p) => p.id === 'p4')?.earned).toBe(false);
    });

    it('then an answer with every negation removed earns none of them', () => {
      const marking = mark('有仁德的人，能長久處於窮困之中，也能長久處於安樂之中。');
      expect(marking.points.filter((p) => p.kind === 'negation').every((p) => !p.earned)).toBe(true);
    });
  });

  describe('given negations whose renderings overlap', () => {
    /** 莫能不…: "nobody can" and a second "not"; 莫能 may be rendered 不能, 不 also as 不. */
    const twoNegations: MarkingScheme = {
      points: [
        {
          id: 'p1',
          kind: 'negation',
          source: '不',
          label: '保留否定：不',
          accept: ['不', '不能'],
          reject: ['不必'],
        },
        { id: 'p2', kind: 'negation', source: '莫能', label: '「莫能」：不能', accept: ['不能', '沒有人能'] },
      ],
    };

    it("then one point's longer rendering does not take the only occurrence the other has", () => {
      // Taken greedily, p1's longest rendering 不能 would take p2's only occurrence and lose p2.
      const marking = markAnswer(twoNegations, null, '他不能不去');
      expect(marking.points.map((p) => [p.id, p.earned, p.matched])).toEqual([
        ['p1', true, '不'],
        ['p2', true, '不能'],
      ]);
    });

    it('then one occurrence still earns only one of them', () => {
      expect(markAnswer(twoNegations, null, '他不能去').earned).toBe(1);
    });

    it('then a voided negation takes no occurrence from the other', () => {
      // 不必 is p1's trap reading: voided, it leaves the answer's one 不能 to p2.
      const marking = markAnswer(twoNegations, null, '他不必去，他不能去');
      expect(marking.points.map((p) => [p.id, p.earned])).toEqual([
        ['p1', false],
        ['p2', true],
      ]);
    });

    it('then more points than occurrences earn one each, and the search for a better share ends', () => {
      // Twelve points, eleven occurrences: without its bound the search would try 11! shares.
      const twelve = Array.from({ length: 12 }, (_, i) => ({ ...twoNegations.points[1], id: `p${i}` }));
      expect(markAnswer({ points: twelve } as MarkingScheme, null, '不能'.repeat(11)).earned).toBe(11);
    });
  });

  describe('given the source pasted back', () => {
    it.each([
      ['as it is', SOURCE],
      ['re-punctuated', '不仁者 不可以久處約。不可以長處樂！'],
      ['in Simplified characters', '不仁者，不可以久处约，不可以长处乐。'],
      ['a piece of it', '不可以長處樂'],
      ['with a few characters changed', '不仁的人，不可以久處約，不可以長處樂呀'],
    ])('%s, then nothing is earned and it is flagged as copied', (_, answer) => {
      expect(mark(answer)).toMatchObject({ earned: 0, copied: true, verdict: 'incorrect', isCorrect: false });
    });
  });

  describe('given a source of several passages (one per line)', () => {
    it('then a copy of any of them earns nothing', () => {
      expect(markAnswer(scheme, `學而時習之\n${SOURCE}`, SOURCE).copied).toBe(true);
    });
  });

  describe('given odd input', () => {
    it('then it marks an empty answer incorrect without throwing', () => {
      expect(mark('')).toMatchObject({ earned: 0, verdict: 'incorrect', copied: false });
    });

    it('then a scheme without points is never correct', () => {
      expect(markAnswer({ points: [] }, null, '任何答案')).toMatchObject({ available: 0, isCorrect: false });
    });

    it('then a very long answer is marked on its first 600 characters', () => {
      expect(mark(`${MODEL}${'很'.repeat(5000)}`).isCorrect).toBe(true);
    });
  });
});

describe('isCopyOfSource', () => {
  it('leaves a real translation that keeps some characters alone', () => {
    expect(isCopyOfSource(foldText('學習了知識然後按時溫習它'), foldText('學而時習之'))).toBe(false);
    expect(isCopyOfSource(foldText(MODEL), foldText(SOURCE))).toBe(false);
  });
});

describe('foldText', () => {
  it('removes punctuation and spaces and folds Simplified and variant forms', () => {
    expect(foldText('為什麼，裡面？ 衛')).toBe(foldText('为什么里面卫'));
    expect(foldText('說、悅')).toBe(foldText('説悦'));
    expect(foldText('ＡＢ１')).toBe('ab1');
    expect(foldText('憑什麼')).toBe(foldText('凭甚么'));
  });

  it('is idempotent', () => {
    const text = '没有仁德的人，不能长久处于穷困之中；後來、皇后、頭髮';
    expect(foldText(foldText(text))).toBe(foldText(text));
  });
});
