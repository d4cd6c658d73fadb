import { describe, expect, it } from 'vitest';
import { markerOf, wordPoint } from '../test-support/schemes.ts';
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

/** Marks a translation against a small scheme, its source and its model answer. */
const translate = (points: MarkingScheme['points'], source: string, model: string, answer: string) =>
  markAnswer({ points }, source, answer, { type: 'sentence_translation', model });
const word = (id: string, source: string, accept: string[]) => ({
  id,
  kind: 'word' as const,
  source,
  label: source,
  accept,
});
const negation = (id: string, source: string, accept: string[]) => ({
  id,
  kind: 'negation' as const,
  source,
  label: source,
  accept,
});

describe('the thesaurus (rule 2)', () => {
  const points = [negation('p1', '不解', ['無法解開']), word('p2', '終', ['始終'])];
  const mark = (answer: string) => translate(points, '其為惑也終不解矣', '那些疑惑始終無法解開。', answer);
  it('takes a word of a group for another in any rendering: 沒辦法 for 無法, 永遠 for 始終', () => {
    expect(mark('那些疑惑始終沒辦法解開。').isCorrect).toBe(true);
    expect(mark('那些疑惑永遠無法解開。').isCorrect).toBe(true);
  });
  it('keeps a negation a negation: 可以解開 earns nothing of the negation', () => {
    expect(mark('那些疑惑始終可以解開。').isCorrect).toBe(false);
  });
});

describe('roles, comparisons and voice (rule 4)', () => {
  it('gives the model’s words to another of its people: 我知道先帝 for 先帝知道我 is no translation', () => {
    const points = [word('p1', '寄', ['託付', '交託'])];
    const mark = (answer: string) =>
      translate(
        points,
        '先帝知臣謹慎，故臨崩寄臣以大事也',
        '先帝知道我做事謹慎，所以臨終時把大事託付給我。',
        answer,
      );
    expect(mark('先帝知道我辦事小心，所以臨死前把大事交託給我。').isCorrect).toBe(true);
    expect(mark('我知道先帝做事謹慎，所以臨終時把大事託付給先帝。').isCorrect).toBe(false);
  });
  it('lets a pronoun stand for a name and a person follow a preposition (對我寬容 for 寬容我)', () => {
    const points = [word('p1', '寬', ['寬容', '寬恕'])];
    const mark = (answer: string) =>
      translate(points, '不知將軍寬之至此也', '不知道將軍寬容我到這個地步。', answer);
    expect(mark('竟不知道將軍對我寬容到這個地步。').isCorrect).toBe(true);
    expect(mark('不知道我寬容將軍到這個地步。').isCorrect).toBe(false);
  });
  it('turns a comparison when the compared word stands before 比 (生命比…更重要)', () => {
    const points = [word('p1', '甚', ['更重要', '更重大'])];
    const mark = (answer: string) =>
      translate(points, '所欲有甚於生者', '我想要的東西還有比生命更重要的。', answer);
    expect(mark('我想要的東西還有比活命更重要的。').isCorrect).toBe(true);
    expect(mark('生命比我想要的東西更重要。').isCorrect).toBe(false);
  });
  it('turns the voice when 被 stands for the model’s 把, or the object before 把', () => {
    const points = [word('p1', '敗', ['打得大敗', '打敗'])];
    const mark = (answer: string) => translate(points, '大敗越人', '吳軍把越國人打得大敗。', answer);
    expect(mark('吳軍把越國人打得大敗。').isCorrect).toBe(true);
    expect(mark('吳軍被越國人打得大敗。').isCorrect).toBe(false);
    expect(mark('越國人把吳軍打得大敗。').isCorrect).toBe(false);
  });
  it('turns which of a word is negated (賄賂…不賄賂 for 不賄賂…賄賂)', () => {
    const points = [word('p1', '賂', ['賄賂']), word('p2', '喪', ['滅亡'])];
    const mark = (answer: string) =>
      translate(points, '不賂者以賂者喪', '不賄賂秦國的國家，因為賄賂秦國的國家滅亡而滅亡。', answer);
    expect(mark('沒有賄賂秦國的國家，因賄賂秦國的國家滅亡而跟着滅亡。').isCorrect).toBe(true);
    expect(mark('賄賂秦國的國家，因為不賄賂秦國的國家滅亡而滅亡。').isCorrect).toBe(false);
  });
  it('places a pairs group’s point beside the group’s own words (專一 with 蚯蚓, not a later 專一)', () => {
    const scheme: MarkingScheme = {
      points: [
        { id: 'p1', kind: 'content', source: '專一', label: '專一', accept: ['專心', '專一'] },
        { id: 'p2', kind: 'content', source: '浮躁', label: '浮躁', accept: ['浮躁'] },
      ],
      relations: [
        {
          pairs: [
            ['p1', '蚯蚓'],
            ['p2', '螃蟹'],
          ],
        },
      ],
    };
    const mark = (answer: string) =>
      markAnswer(scheme, null, answer, {
        type: 'short_answer',
        model: '蚯蚓用心專一；螃蟹用心浮躁，所以學習要專一。',
      });
    expect(mark('蚯蚓因為專心而能生存；螃蟹因為浮躁而無處容身，可見學習必須專一。').isCorrect).toBe(true);
    expect(mark('蚯蚓因為浮躁而能生存；螃蟹因為專心而無處容身。').isCorrect).toBe(false);
  });
});

describe('polarity (rule 5)', () => {
  it('reads a negation point rendered inside a double negation (不會不能) as missing, unless the source negates twice', () => {
    const points = [
      negation('p1', '不可以', ['不能', '不會']),
      word('p2', '久', ['長久']),
      word('p3', '約', ['窮困']),
    ];
    const mark = (answer: string) =>
      translate(points, '不仁者不可以久處約', '沒有仁德的人不能長久處於窮困之中。', answer);
    expect(mark('沒有仁德的人不能長久處於窮困之中。').isCorrect).toBe(true);
    const doubled = mark('沒有仁德的人不會不能長久處於窮困之中。');
    expect(doubled.isCorrect).toBe(false);
    expect(doubled.points.find((p) => p.id === 'p1')?.earned).toBe(false);
    const twice = [negation('p1', '不可', ['不能']), word('p2', '知', ['知道'])];
    expect(
      translate(twice, '父母之年，不可不知也', '父母的年紀，不能不知道。', '父母的年紀，不能不知道。')
        .isCorrect,
    ).toBe(true);
  });
  it('reads 不惜 as no negation', () => {
    const points = [negation('p1', '無', ['不會']), word('p2', '殺身', ['犧牲'])];
    const mark = (answer: string) =>
      translate(points, '無求生以害仁，有殺身以成仁', '不會貪生而損害仁德，只會犧牲生命來成全仁德。', answer);
    expect(mark('不會貪生而損害仁德，反而不惜犧牲自己去成全仁德。').isCorrect).toBe(true);
  });
  it('lets 也沒有 carry a negation point over a list in the next clause, not a new one', () => {
    const points = [negation('p1', '無', ['沒有']), word('p2', '利', ['鋒利']), word('p3', '強', ['強健'])];
    const mark = (answer: string) =>
      translate(points, '螾無爪牙之利，筋骨之強', '蚯蚓沒有鋒利的爪牙和強健的筋骨。', answer);
    expect(mark('蚯蚓沒有鋒利的爪牙，也沒有強健的筋骨。').isCorrect).toBe(true);
    expect(mark('蚯蚓沒有鋒利的爪牙，強健的筋骨卻不沒有。').isCorrect).toBe(false);
  });
  it('gives a source negation inside a tested word (得無) to its point: 恐怕不會有所差異 reverses', () => {
    const points = [
      { id: 'p1', kind: 'structure' as const, source: '得無', label: '得無', accept: ['恐怕', '莫非'] },
      word('p2', '異', ['差異', '不同']),
    ];
    const mark = (answer: string) =>
      translate(points, '覽物之情，得無異乎', '觀賞景物的感情，恐怕會有所差異吧？', answer);
    expect(mark('觀看景物的心情，恐怕會各有不同吧？').isCorrect).toBe(true);
    expect(mark('觀賞景物的感情，恐怕不會有所差異吧？').isCorrect).toBe(false);
  });
});

describe('statements, not terms (rule 6)', () => {
  it('gives nothing to a short answer of bare terms, joined by 、 or 和', () => {
    const scheme: MarkingScheme = {
      points: [
        { id: 'p1', kind: 'content', source: '倒裝', label: '倒裝', accept: ['倒裝'] },
        { id: 'p2', kind: 'content', source: '以動襯靜', label: '以動襯靜', accept: ['以動襯靜'] },
      ],
    };
    const model =
      '詩人先寫竹林的喧鬧聲和蓮葉的擺動，再點出浣女和漁舟，屬倒裝句式；又以人聲和動態襯托山林的寧靜，以動襯靜。';
    const mark = (answer: string) => markAnswer(scheme, null, answer, { type: 'short_answer', model });
    expect(mark('倒裝、以動襯靜').earned).toBe(0);
    expect(mark('倒裝和以動襯靜').earned).toBe(0);
    expect(mark('詩人先聞其聲後見其人，是倒裝的寫法；又用人聲以動襯靜。').isCorrect).toBe(true);
  });
});

describe('a word inside another point’s words, and one plain word short', () => {
  it('takes a word’s next match when its first lies inside a longer point (放棄 inside 不放棄)', () => {
    const scheme: MarkingScheme = {
      points: [word('p1', '舍', ['放棄', '停手']), negation('p2', '不舍', ['不放棄'])],
      relations: [
        {
          pairs: [
            ['p1', '朽木'],
            ['p2', '金石'],
          ],
        },
      ],
    };
    const mark = markerOf(scheme, '鍥而舍之，朽木不折；鍥而不舍，金石可鏤', {
      type: 'sentence_translation',
      model: '刻了一下便放棄，朽木也刻不斷；不放棄地刻，金石也能刻成。',
    });
    expect(mark('刻幾下就停手，朽木也刻不斷；一直刻不放棄，金石也能刻成。').isCorrect).toBe(true);
  });
  it('takes the student’s own word for one plain word of five, with no source character and nothing noted', () => {
    const points = [
      word('p1', '覽', ['觀賞']),
      word('p2', '情', ['感情']),
      word('p3', '異', ['差異']),
      word('p4', '物', ['景物']),
      word('p5', '得', ['恐怕']),
    ];
    const mark = (answer: string) =>
      translate(points, '覽物之情，得無異乎', '觀賞景物而引起的感情，恐怕會有所差異吧？', answer);
    expect(mark('觀賞景物而產生的心緒，恐怕會有所差異吧？').isCorrect).toBe(true);
    // The source's own character is no rendering, and two words short is partial.
    expect(mark('觀賞景物而引起的情，恐怕會有所差異吧？').isCorrect).toBe(false);
    expect(mark('觀賞時而產生的心緒，恐怕會有所差異吧？').isCorrect).toBe(false);
  });
});

describe('own words a DSE marker accepts (issue 36, dev3)', () => {
  it('reads a set phrase’s 不 as no negation (往來不絕, 變化不定), but not 不絕 or 不停 alone', () => {
    const points = [word('p1', '變', ['變幻', '變化']), word('p2', '古今', ['古往今來', '從古到今'])];
    const mark = (answer: string) =>
      translate(points, '玉壘浮雲變古今', '玉壘山上的浮雲變幻多端，正如古往今來世事的變遷。', answer);
    expect(mark('玉壘山上的浮雲變化不定，就像從古到今世事的變遷。').isCorrect).toBe(true);
    expect(mark('玉壘山上的浮雲不變化，就像從古到今世事的變遷。').isCorrect).toBe(false);
  });
  it('matches a rendering across an enumeration’s 、 (月亮、影子 for 月亮和影子)', () => {
    const points = [
      word('p1', '暫', ['暫且', '姑且']),
      { ...word('p2', '將', ['月亮和影子', '月亮影子']), kind: 'structure' as const },
    ];
    const mark = (answer: string) => translate(points, '暫伴月將影', '我暫且與月亮和影子作伴。', answer);
    expect(mark('我姑且與月亮、影子為伴。').isCorrect).toBe(true);
    // Over a comma, a rendering needs two of its characters on each side.
    expect(mark('我姑且與月，亮影子為伴。').isCorrect).toBe(false);
  });
  it('lets a negation point combine its negating words with its verbs (不會得到解答 for 不能解答)', () => {
    const points = [
      negation('p1', '不解', ['不能解決', '不會解開', '無法解答']),
      word('p2', '終', ['最終', '始終']),
    ];
    const mark = (answer: string) =>
      translate(points, '其為惑也終不解矣', '那些疑惑始終不能解決了。', answer);
    expect(mark('那些疑惑最終都不會得到解答了。').isCorrect).toBe(true);
    expect(mark('那些疑惑最終都會得到解答了。').isCorrect).toBe(false);
  });
  it('takes a plain word in the student’s own words even when one of its renderings holds 難 (艱難)', () => {
    const points = [
      negation('p1', '不仁', ['缺乏仁德', '沒有仁德']),
      negation('p2', '不可以', ['不能', '沒辦法']),
      word('p3', '久', ['長久', '長時間', '歷盡艱難']),
      word('p4', '約', ['窮困', '貧寒']),
      negation('p5', '不可以', ['也不能', '也沒辦法']),
      word('p6', '樂', ['安逸', '安樂']),
    ];
    const mark = (answer: string) =>
      translate(
        points,
        '不仁者，不可以久處約，不可以長處樂。',
        '沒有仁德的人，不能長久處於窮困之中，也不能長久處於安樂之中。',
        answer,
      );
    expect(mark('一個人若是缺乏仁德，就沒辦法一直過貧寒日子，也沒辦法一直過安逸的日子。').isCorrect).toBe(
      true,
    );
  });
  it('never spares the word the item tests: one with trap readings, or glossed away from its character (約 → 窮困)', () => {
    const points = [
      negation('p1', '不仁', ['沒有仁德', '不仁']),
      negation('p2', '不可以', ['不能', '不可以']),
      word('p3', '久', ['長久', '長期']),
      { ...word('p4', '約', ['窮困', '貧困', '貧窮', '貧賤']), reject: ['約定', '約束'] },
      negation('p5', '不可以', ['也不能', '也不可以']),
      word('p6', '樂', ['安樂', '逸樂']),
    ];
    const mark = (answer: string, withPoints = points) =>
      translate(
        withPoints,
        '不仁者，不可以久處約，不可以長處樂。',
        '沒有仁德的人，不能長久處於窮困之中，也不能長久處於安樂之中。',
        answer,
      );
    // Two characters of the student's own for 約 are a guess at the tested word, not a paraphrase.
    expect(mark('不仁的人，不能長久處於失意之中，也不能長久處於安樂之中。').isCorrect).toBe(false);
    // Nor is a word sharing a character only one rendering holds (賤 of 貧賤 is rank, not want).
    expect(mark('不仁的人，不能長久處於卑賤之中，也不能長久處於安樂之中。').isCorrect).toBe(false);
    // One the renderings share (貧 of 貧困、貧窮) is the synonym a marker takes.
    expect(mark('不仁的人，不能長久處於貧寒之中，也不能長久處於安樂之中。').isCorrect).toBe(true);
    // Without trap readings, a word glossed away from its character (約 → 窮困) is tested all the same.
    const untrapped = points.map((p) => (p.id === 'p4' ? word('p4', '約', ['窮困', '貧困']) : p));
    expect(mark('不仁的人，不能長久處於失意之中，也不能長久處於安樂之中。', untrapped).isCorrect).toBe(false);
    // A plain word, whose rendering keeps its character (久 → 長久), may still be the student's own.
    expect(mark('不仁的人，不能一直處於窮困之中，也不能一直處於安樂之中。').isCorrect).toBe(true);
  });
  it('voids two of the model’s words that trade places, a name the source lacks too (周瑜／小喬)', () => {
    const points = [word('p1', '初', ['剛剛', '剛']), word('p2', '雄姿英發', ['英姿勃發', '英姿煥發'])];
    const mark = (answer: string) =>
      translate(
        points,
        '遙想公瑾當年，小喬初嫁了，雄姿英發',
        '遙想周瑜當年，小喬剛剛嫁給他，他英姿勃發。',
        answer,
      );
    expect(mark('遙想周瑜當年，小喬剛嫁給他，他英姿煥發。').isCorrect).toBe(true);
    expect(mark('遙想小喬當年，周瑜剛剛嫁給她，她英姿勃發。').isCorrect).toBe(false);
    // A name beside the model's other person's pronoun is no longer that pronoun (小喬 for 他).
    expect(mark('遙想周瑜當年，周瑜剛剛嫁給小喬，小喬英姿勃發。').isCorrect).toBe(false);
  });
  it('voids a person and a title that trade places (大王不如…向您 for 您不如…向大王)', () => {
    const points = [word('p1', '肉袒', ['脫去上衣']), word('p2', '請罪', ['請罪'])];
    const mark = (answer: string) =>
      translate(points, '君不如肉袒伏斧質請罪', '您不如脫去上衣，伏在刑具上向大王請罪。', answer);
    expect(mark('您不如脫去上衣，伏在刑具上向大王請罪。').isCorrect).toBe(true);
    expect(mark('大王不如脫去上衣，伏在刑具上向您請罪。').isCorrect).toBe(false);
  });
  it('lets coordinated words trade places (影子和月亮 for 月亮和影子)', () => {
    const points = [word('p1', '暫', ['暫且', '姑且']), word('p2', '伴', ['作伴', '為伴'])];
    const mark = (answer: string) => translate(points, '暫伴月將影', '我暫且與月亮和影子作伴。', answer);
    expect(mark('我暫且與影子和月亮作伴。').isCorrect).toBe(true);
  });
  it('gives a short answer’s point its other saying when one is negated (不讓它喪失…失去本心)', () => {
    const scheme: MarkingScheme = {
      points: [
        { id: 'p1', kind: 'content', source: '保持', label: '保持', accept: ['守住', '保持'] },
        { id: 'p2', kind: 'content', source: '失去', label: '失去', accept: ['喪失', '失去'] },
      ],
    };
    const mark = markerOf(scheme, '賢者能勿喪耳', {
      type: 'short_answer',
      model: '賢者能夠保持本心，一般人卻受利祿引誘而失去本心。',
    });
    expect(mark('賢者能夠守住本心，不讓它喪失；一般人卻受到誘惑而失去本心。').isCorrect).toBe(true);
    expect(mark('賢者能夠守住本心，一般人卻受到誘惑而不會喪失本心。').isCorrect).toBe(false);
  });
  it('takes a look-alike built alike for a 錯別字 (謟媚 for 諂媚: 舀 and 臽 share 臼), with a note', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '諛', ['奉承', '諂媚'])],
    };
    const typo = markAnswer(scheme, '官盛則近諛', '謟媚', { type: 'fill_in_blank', model: '奉承' });
    expect(typo.isCorrect).toBe(true);
    expect(typo.notes.map((n) => n.code)).toContain('typo');
    // Built alike but with nothing shared in the differing part (謝 言射 for 諂) is no look-alike.
    expect(markAnswer(scheme, '官盛則近諛', '謝媚', { type: 'fill_in_blank', model: '奉承' }).isCorrect).toBe(
      false,
    );
  });
});

describe('clauses, denials and look-alikes (issue 36, dev3)', () => {
  it('lets a rendering of four characters or more run over one break, two characters each side', () => {
    const points = [
      { ...word('p1', '所以…者', ['這樣做是因為', '的原因']), kind: 'structure' as const },
      word('p2', '先', ['放在前面', '擺在第一位']),
    ];
    const mark = (answer: string) =>
      translate(points, '吾所以為此者，以先國家之急', '我這樣做是因為把國家的危急放在前面。', answer);
    expect(mark('我這樣做，是因為把國家的危難擺在第一位。').isCorrect).toBe(true);
    // Not over two breaks.
    expect(mark('我這樣，做，是因為把國家的危難擺在第一位。').isCorrect).toBe(false);
  });
  it('lets any rendering that negates have its negation apart from its verb (不能專注 for 不專注)', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '躁', ['浮躁', '不專注'])],
    };
    const mark = markerOf(scheme, '用心躁也', { type: 'fill_in_blank', model: '浮躁' });
    expect(mark('心不定，不能專注').isCorrect).toBe(true);
    expect(mark('專注').isCorrect).toBe(false);
    // Only a modal may stand inside a word's rendering: 不只專注 (not only focused) says it is focused.
    expect(mark('不只專注').isCorrect).toBe(false);
  });
  it('takes no trap reading from an answer that denies it (不是指順從父母)', () => {
    const scheme: MarkingScheme = {
      points: [
        {
          id: 'p1',
          kind: 'content',
          source: '無違',
          label: '合乎禮',
          accept: ['不違背禮', '合乎禮'],
          reject: ['順從父母'],
        },
      ],
    };
    const mark = markerOf(scheme, '無違', { type: 'short_answer', model: '「無違」是指行事合乎禮。' });
    expect(mark('「無違」不是指順從父母，而是指行事不違背禮。').isCorrect).toBe(true);
    expect(mark('「無違」是指順從父母，也就是不違背禮。').isCorrect).toBe(false);
  });
  it('takes a character written with a component more or less for a 錯別字 (凝惑 for 疑惑)', () => {
    const points = [word('p1', '孰', ['誰']), word('p2', '惑', ['疑惑', '困惑'])];
    const mark = (answer: string) => translate(points, '孰能無惑', '誰能沒有疑惑呢？', answer);
    const marking = mark('誰能沒有凝惑呢？');
    expect(marking.isCorrect).toBe(true);
    expect(marking.notes.map((n) => n.code)).toContain('typo');
  });
  it('never takes a question word written otherwise for a 錯別字 (可以 for 何以), but a slip into one (銀何)', () => {
    const scheme: MarkingScheme = {
      points: [{ id: 'p1', kind: 'structure', source: '惡乎', label: '惡乎', accept: ['何以', '憑甚麼'] }],
    };
    const mark = markerOf(scheme, '惡乎成名', { type: 'fill_in_blank', model: '憑甚麼' });
    expect(mark('何以').isCorrect).toBe(true);
    expect(mark('可以').isCorrect).toBe(false);
    const river: MarkingScheme = {
      points: [wordPoint('p1', '雲漢', ['銀河'])],
    };
    expect(markAnswer(river, '相期邈雲漢', '銀何', { type: 'fill_in_blank', model: '銀河' }).isCorrect).toBe(
      true,
    );
  });
  it('widens renderings by the common modern groups (立即 for 立刻, 十分 for 非常)', () => {
    const points = [word('p1', '今', ['立刻']), word('p2', '甚', ['非常'])];
    const mark = (answer: string) => translate(points, '今甚急', '現在立刻變得非常危急。', answer);
    expect(mark('現在立即變得十分危急。').isCorrect).toBe(true);
  });
});

describe('a request is no negation (issue 36, dev3)', () => {
  it('reads 請求他不要 as a reported request, but a 不要 of the narrator’s own as a negation', () => {
    const points = [word('p1', '固', ['再三', '堅決']), word('p2', '請', ['請求'])];
    const mark = (answer: string) => translate(points, '乃辭謝固請', '便向他道歉，堅決請求他息怒。', answer);
    expect(mark('於是向他道歉，再三請求他不要這樣做。').isCorrect).toBe(true);
    expect(mark('於是向他道歉，不要再三請求他。').isCorrect).toBe(false);
  });
});

describe('a word point’s negating rendering (issue 36)', () => {
  it('never borrows another word’s negation: 不應該有所同 is no 不同', () => {
    const points = [negation('p1', '不宜', ['不應該']), word('p2', '異同', ['不同', '差異'])];
    const mark = (answer: string) => translate(points, '不宜異同', '不應該有所不同。', answer);
    expect(mark('不應該有所不同。').isCorrect).toBe(true);
    expect(mark('不應該有所同。').isCorrect).toBe(false);
  });
});

describe('roles and places the marker checks (issue 36, dev4)', () => {
  it('voids a clause that turns what becomes what (高山堆積成為泥土 for 堆積泥土成為高山)', () => {
    const points = [word('p1', '積', ['堆積']), word('p2', '興', ['興起'])];
    const mark = (answer: string) =>
      translate(points, '積土成山，風雨興焉', '堆積泥土成為高山，風雨就從那裏興起。', answer);
    expect(mark('泥土堆積成為高山，風雨就從那裏興起。').isCorrect).toBe(true);
    expect(mark('高山堆積成為泥土，風雨就從那裏興起。').isCorrect).toBe(false);
  });
  it('reads 把 within its clause: the model’s object before 把 turns who acts (越國人把他們打敗)', () => {
    const points = [word('p1', '戰', ['作戰']), word('p2', '大敗', ['打得大敗'])];
    const mark = (answer: string) =>
      translate(points, '冬與越人水戰，大敗越人', '冬天和越國人在水上作戰，把越國人打得大敗。', answer);
    expect(mark('冬天跟越國人在水上作戰，把越國人打得大敗。').isCorrect).toBe(true);
    expect(mark('冬天和越國人在水上作戰，越國人把他們打得大敗。').isCorrect).toBe(false);
  });
  it('places a word the model holds twice occurrence by occurrence (邀請影子…對着明月)', () => {
    const points = [word('p1', '邀', ['邀請']), word('p2', '徒', ['徒然', '白白地'])];
    const mark = (answer: string) =>
      translate(
        points,
        '舉杯邀明月，對影成三人。月既不解飲，影徒隨我身。',
        '我舉起酒杯邀請明月共飲，對着影子便成了三個人。月亮不懂得喝酒，影子也只是徒然地跟隨着我。',
        answer,
      );
    expect(
      mark('我舉杯邀請明月共飲，對着影子便成了三個人。月亮不懂喝酒，影子也只是白白地跟着我。').isCorrect,
    ).toBe(true);
    expect(
      mark('我舉起酒杯邀請影子共飲，對着明月便成了三個人。月亮不懂得喝酒，影子也只是徒然地跟隨着我。')
        .isCorrect,
    ).toBe(false);
  });
  it('takes a word’s match in the clause that renders its clause of the model (刻出 beside 金屬, not an earlier 雕刻)', () => {
    const scheme: MarkingScheme = {
      points: [
        word('p1', '舍', ['停下', '半途而廢']),
        word('p2', '朽木', ['腐朽的木頭', '朽爛的木頭']),
        negation('p3', '不折', ['不能刻斷', '刻不斷']),
        negation('p4', '不舍', ['不停']),
        word('p5', '金石', ['金屬和石頭', '金屬石頭']),
        word('p6', '鏤', ['雕刻', '刻出']),
      ],
      relations: [
        {
          pairs: [
            ['p1', 'p2', 'p3'],
            ['p4', 'p5', 'p6'],
          ],
        },
      ],
    };
    const mark = markerOf(scheme, '鍥而舍之，朽木不折；鍥而不舍，金石可鏤。', {
      type: 'sentence_translation',
      model:
        '如果刻了一下便停下來，即使是腐朽的木頭也不能刻斷；如果不停地刻下去，即使是金屬和石頭也可以雕刻成功。',
    });
    expect(
      mark('如果雕刻時半途而廢，就連朽爛的木頭也不能刻斷；如果堅持不停地刻，就連金屬石頭也能刻出花紋。')
        .isCorrect,
    ).toBe(true);
  });
  it('voids two words that each keep their own modifier but take the other’s verb (美麗的魚兒時而飛翔)', () => {
    const points = [word('p1', '翔', ['飛翔']), word('p2', '游泳', ['游來游去'])];
    const model = '沙灘上的鷗鳥時而飛翔，時而停歇，美麗的魚兒在水中游來游去。';
    const mark = (answer: string) => translate(points, '沙鷗翔集，錦鱗游泳', model, answer);
    expect(mark('沙灘上的鷗鳥時而飛翔，時而停歇，漂亮的魚兒在水中游來游去。').isCorrect).toBe(true);
    expect(mark('美麗的魚兒時而飛翔，時而停歇，沙灘上的鷗鳥在水中游來游去。').isCorrect).toBe(false);
  });
  it('places a word the model holds more often than once by its neighbours (留在趙國…帶回秦國)', () => {
    const points = [word('p1', '入', ['歸入']), word('p2', '完', ['完好地'])];
    const mark = (answer: string) =>
      translate(
        points,
        '城入趙而璧留秦；城不入，臣請完璧歸趙。',
        '秦國的城池歸入趙國，璧就留在秦國；城池不歸入趙國，我請求把璧完好地帶回趙國。',
        answer,
      );
    expect(
      mark('秦國的城池歸入趙國，璧就留在秦國；城池不歸入趙國，我請求把璧完好地帶回趙國。').isCorrect,
    ).toBe(true);
    expect(
      mark('秦國的城池歸入趙國，璧就留在趙國；城池不歸入趙國，我請求把璧完好地帶回秦國。').isCorrect,
    ).toBe(false);
  });
  it('leaves a word moved across a phrase sure: one word out of order is no other structure (…更重要的東西)', () => {
    const points = [
      word('p1', '生', ['生命']),
      word('p2', '欲', ['想要']),
      word('p3', '甚於', ['比生命更']),
      word('p4', '故', ['所以']),
      negation('p5', '不為', ['不會', '不做']),
      word('p6', '苟得', ['苟且偷生', '偷生']),
    ];
    const mark = (answer: string) =>
      translate(
        points,
        '生亦我所欲，所欲有甚於生者，故不為苟得也',
        '生命固然是我所想要的，但我想要的東西還有比生命更重要的，所以我不做苟且偷生的事。',
        answer,
      );
    const moved = mark('生命當然是我想要的，可是我想要的還有比生命更重要的東西，所以我不會隨便偷生。');
    expect([moved.isCorrect, moved.uncertain]).toEqual([true, false]);
  });
  it('widens a rendering by the thesaurus’s ordinary synonyms (看望 for 拜訪, 輕視 for 看輕), not by a look-alike', () => {
    const points = [word('p1', '顧', ['拜訪']), word('p2', '菲薄', ['看輕'])];
    const mark = (answer: string) =>
      translate(points, '三顧臣於草廬之中，不宜妄自菲薄', '三次到草屋拜訪我，不應隨便看輕自己。', answer);
    expect(mark('三次到草屋看望我，不應隨便輕視自己。').isCorrect).toBe(true);
    expect(mark('三次到草屋看見我，不應隨便輕信自己。').isCorrect).toBe(false);
  });
});

describe('the paper items and lesson translations (issue 36, dev5)', () => {
  it('takes no 錯別字 that writes a fill-in’s tested word back (浩湯 in 浩浩湯湯 for 浩蕩)', () => {
    const scheme: MarkingScheme = { points: [word('p1', '湯湯', ['浩蕩', '水勢浩大'])] };
    const mark = markerOf(scheme, '浩浩湯湯，橫無際涯', { type: 'fill_in_blank', model: '水勢浩大' });
    expect(mark('湯湯即浩浩湯湯').isCorrect).toBe(false);
    const slip = mark('水勢皓大');
    expect(slip.isCorrect).toBe(true);
    expect(slip.notes.map((n) => n.code)).toContain('typo');
  });
  it('reads 不好 that describes a noun or a circumstance as "bad", not as a negation (品行不好的小人)', () => {
    const points = [word('p1', '親', ['親近']), word('p2', '遠', ['疏遠', '遠離'])];
    const mark = (answer: string) =>
      translate(points, '親賢臣，遠小人', '親近賢能的臣子，疏遠品德卑劣的小人。', answer);
    expect(mark('親近有才德的大臣，遠離品行不好的小人。').isCorrect).toBe(true);
    expect(mark('親近賢能的臣子，不疏遠小人。').isCorrect).toBe(false);
    expect(mark('親近賢能的臣子，不好好疏遠小人。').isCorrect).toBe(false);
  });
  it('lets a negation reach its verb over an adverbial that ends in 地 (不一小步一小步地累積), not a 不停地', () => {
    const points = [negation('p1', '不積', ['不積累', '不累積']), word('p2', '至', ['到達'])];
    const mark = (answer: string) =>
      translate(points, '故不積跬步，無以至千里', '所以不積累一步半步，就沒有辦法到達千里之遠。', answer);
    expect(mark('因此，如果不一小步一小步地累積起來，就無法到達千里之遠。').isCorrect).toBe(true);
    // A 不 that is part of an adverb (不停地, 不斷地: keep on) negates nothing.
    expect(mark('如果不停地累積，就無法到達千里之遠。').isCorrect).toBe(false);
    expect(mark('因此，如果不斷地一步步地累積，就無法到達千里之遠。').isCorrect).toBe(false);
  });
  it('reads a negation point’s 不是 before its verb as its negation (而不是擔心 for 不擔心)', () => {
    const points = [
      word('p1', '病', ['擔心']),
      negation('p2', '不病', ['不擔心']),
      word('p3', '人', ['別人']),
    ];
    const mark = (answer: string) =>
      translate(
        points,
        '君子病無能焉，不病人之不己知也。',
        '君子只擔心自己沒有才能，不擔心別人不了解自己。',
        answer,
      );
    expect(mark('君子擔心的是自己沒有能力，而不是擔心別人不了解自己。').isCorrect).toBe(true);
    expect(mark('君子擔心的是自己沒有能力，而且擔心別人不了解自己。').isCorrect).toBe(false);
  });
  it('reads 怎能 as a rhetorical question that reverses the statement', () => {
    const points = [
      negation('p1', '不以', ['不因為', '不因']),
      negation('p2', '不以', ['不因為', '不因']),
      word('p3', '物', ['外物']),
      word('p4', '己', ['自己']),
      word('p5', '喜', ['欣喜']),
      word('p6', '悲', ['悲傷']),
    ];
    const mark = (answer: string) =>
      translate(points, '不以物喜，不以己悲', '不因為外物的好壞而欣喜，也不因為自己的得失而悲傷。', answer);
    expect(mark('不因外物而欣喜，也不因自己而悲傷。').isCorrect).toBe(true);
    expect(mark('怎能不因外物而欣喜，不因自己而悲傷呢？').isCorrect).toBe(false);
  });
  it('gives no own word for a point whose place a relation checks (放在國家危急之前)', () => {
    const scheme: MarkingScheme = {
      points: [
        word('p1', '所以為此者', ['的原因', '之所以']),
        word('p2', '以', ['因為']),
        word('p3', '先', ['放在前面', '放在首位']),
        word('p4', '急', ['危急', '急難']),
        word('p5', '私讎', ['私人仇怨', '私人的仇怨']),
        word('p6', '後', ['放在後面', '放在其次']),
      ],
      relations: [
        {
          pairs: [
            ['p3', 'p4', '國家'],
            ['p5', 'p6'],
          ],
        },
      ],
    };
    const mark = markerOf(scheme, '吾所以為此者，以先國家之急而後私讎也', {
      type: 'sentence_translation',
      model: '我之所以這樣做，是因為把國家的危急放在前面，而把私人的仇怨放在後面。',
    });
    expect(mark('我這樣做的原因，是因為把國家的急難放在首位，把私人仇怨放在其次。').isCorrect).toBe(true);
    expect(mark('我這樣做的原因，是因為把私人仇怨放在國家危急之前。').isCorrect).toBe(false);
  });
  it('takes no statement beside the opposite verb (得到強援 for 失去強援)', () => {
    const scheme: MarkingScheme = {
      points: [
        { id: 'p1', kind: 'content', source: '失去強援', label: '失去強援', accept: ['強援', '外援'] },
        { id: 'p2', kind: 'content', source: '齊國為例', label: '以齊國為例', accept: ['齊國'] },
      ],
    };
    const mark = markerOf(scheme, '不賂者以賂者喪', {
      type: 'short_answer',
      model: '作者以齊國為例，說明不賂秦的國家因失去強大的外援而滅亡。',
    });
    expect(mark('作者以齊國為例，說明不賂秦的國家因失去強援而滅亡。').isCorrect).toBe(true);
    expect(mark('作者以齊國為例，說明不賂秦的國家因得到強援而保全。').isCorrect).toBe(false);
  });
  it('takes no own word for a tested word beside the opposite verb (穿好衣服 for 脫去上衣)', () => {
    const points = [
      negation('p1', '不如', ['不如', '倒不如']),
      word('p2', '肉袒', ['脫去上衣', '露出上身', '脫下上衣', '脫去衣服']),
      word('p3', '斧質', ['刑具', '斧頭']),
      word('p4', '幸', ['僥倖', '幸運']),
      word('p5', '脫', ['赦免', '脫身']),
    ];
    const mark = (answer: string) =>
      translate(
        points,
        '君不如肉袒伏斧質請罪，則幸得脫矣。',
        '您不如脫去上衣、露出身體，伏在刑具上向大王請罪，那麼或許能僥倖獲得赦免。',
        answer,
      );
    expect(mark('你不如脫下上衣，伏在刑具上請罪，就能僥倖獲得赦免。').isCorrect).toBe(true);
    expect(mark('你不如穿好衣服，拿着斧頭去請罪，就幸運地脫身了。').isCorrect).toBe(false);
  });
});
